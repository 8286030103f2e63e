package engine_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/nodes/dify"
)

// Dify's exports, imported by backend/nodes/dify, run on the engine with
// stub node types (difystubs_test.go).

func importDify(t *testing.T, name string) *dsl.App {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "nodes", "dify", "testdata", "dify", name+".yml"))
	if err != nil {
		t.Fatal(err)
	}
	app, _, err := dify.Import(data)
	if err != nil {
		t.Fatalf("import %s: %v", name, err)
	}
	return app
}

// Unsupported nodes are kept with their Dify type, so Compile names them.
func TestDifyUnsupportedNodesAreCompileProblems(t *testing.T) {
	_, err := engine.Compile(importDify(t, "unsupported"), engine.DifyRegistry())
	if !errors.Is(err, engine.ErrUnknownNodeType) || !strings.Contains(err.Error(), `node weird: unknown node type: type "quantum-oracle"`) {
		t.Errorf("compile: %v", err)
	}
}

// Imported Dify apps compile and run on the engine (with stub nodes).
func TestDifyImportRuns(t *testing.T) {
	tests := []struct {
		name    string
		inputs  map[string]any
		answer  string
		outputs map[string]any
	}{
		{"chatflow_rag", nil, "[LLM]", nil},
		{"workflow_branches", map[string]any{"clause": "x", "jurisdiction": "UAE"}, "", map[string]any{"review": "[Review]"}},
		{"workflow_branches", map[string]any{"clause": "x", "jurisdiction": "KSA", "else": true}, "",
			map[string]any{"review": "Out of scope: KSA is not UAE."}},
		{"classifier_tools", nil, "Article 12: [Explain article]", nil},
		{"classifier_tools", map[string]any{"tool_fails": true}, "I could not find that article (node lookup (tool): no such article).", nil},
		{"classifier_tools", map[string]any{"class": "2"}, "[Litigation]", nil},
		{"classifier_tools", map[string]any{"class": "1731555555555"}, "I only answer legal questions.", nil},
		{"old_0_1_0", map[string]any{"amount": 20000}, "", map[string]any{"size": "large"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := importDify(t, tt.name)
			plan, err := engine.Compile(app, engine.DifyRegistry())
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			res, err := plan.Run(t.Context(), engine.RunInput{Inputs: tt.inputs, Sys: engine.Sys{Query: "what is article 12?"}}, engine.RunOptions{})
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			if res.Answer != tt.answer {
				t.Errorf("answer %q, want %q", res.Answer, tt.answer)
			}
			for k, v := range tt.outputs {
				if got := res.Outputs[k].Any(); got != v {
					t.Errorf("output %s = %v, want %v", k, got, v)
				}
			}
		})
	}
}
