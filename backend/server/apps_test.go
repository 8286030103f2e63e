package server

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"lexflow/backend/api"
	"lexflow/backend/engine"
	"lexflow/backend/nodes"
	"lexflow/backend/runs"
	"lexflow/backend/store"
)

// newAppsAPI serves the routes over a real SQLite file and the real node types.
func newAppsAPI(t *testing.T) *testAPI {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	reg := engine.NewRegistry()
	if err := nodes.Register(reg, nodes.Deps{}); err != nil {
		t.Fatal(err)
	}
	rs := runs.NewService(db, reg, nil, context.Background())
	srv := httptest.NewServer(Routes(api.New(api.Options{DB: db, Runs: rs})))
	t.Cleanup(func() { srv.Close(); rs.Shutdown(); db.Close() })
	return &testAPI{t: t, srv: srv}
}

// dslOf decodes an app document's DSL.
func dslOf(t *testing.T, doc api.AppDocument) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(doc.DSL), &m); err != nil {
		t.Fatalf("document DSL is not JSON: %v", err)
	}
	return m
}

func TestEveryTemplateCreatesAnAppThatCompiles(t *testing.T) {
	a := newAppsAPI(t)
	var templates []api.AppTemplate
	a.call("GET", "/api/app-templates", nil, &templates)
	names := map[string]string{}
	for _, tp := range templates {
		names[tp.Name] = tp.Mode
	}
	want := map[string]string{"Legal Q&A": "chatflow", "Clarify then answer": "chatflow", "Statute lookup": "chatflow", "Contract clause review": "workflow"}
	for name, mode := range want {
		if names[name] != mode {
			t.Errorf("template %q: mode %q, want %q", name, names[name], mode)
		}
	}
	for _, tp := range templates {
		var doc api.AppDocument
		if code := a.call("POST", "/api/apps", api.AppCreate{Template: tp.ID}, &doc); code != 201 {
			t.Fatalf("create from %s: %d", tp.ID, code)
		}
		if doc.App.Name != tp.Name || doc.App.Mode != tp.Mode || doc.App.Version != 1 || len(doc.Problems) != 0 {
			t.Errorf("from %s: %+v, problems %+v", tp.ID, doc.App, doc.Problems)
		}
	}
}

func TestBlankAppsCompileInBothModes(t *testing.T) {
	a := newAppsAPI(t)
	for _, mode := range []string{"chatflow", "workflow"} {
		var doc api.AppDocument
		if code := a.call("POST", "/api/apps", api.AppCreate{Mode: mode, Name: " Mine "}, &doc); code != 201 {
			t.Fatalf("create %s: %d", mode, code)
		}
		if doc.App.Name != "Mine" || doc.App.Mode != mode || len(doc.Problems) != 0 {
			t.Errorf("blank %s: %+v %+v", mode, doc.App, doc.Problems)
		}
	}
	var e struct{ Error api.ErrorBody }
	if code := a.call("POST", "/api/apps", api.AppCreate{Mode: "agent"}, &e); code != 400 || e.Error.Field != "mode" {
		t.Errorf("bad mode: %d %+v", code, e)
	}
	if code := a.call("POST", "/api/apps", api.AppCreate{Template: "../secrets"}, &e); code != 400 || e.Error.Field != "template" {
		t.Errorf("bad template: %d %+v", code, e)
	}
}

// A graph that does not compile is saved as a draft, and the answer locates
// every problem: nodes by id, edges without ids by index.
func TestSavingABrokenGraphKeepsItAndLocatesTheProblems(t *testing.T) {
	a := newAppsAPI(t)
	var doc api.AppDocument
	a.call("POST", "/api/apps", api.AppCreate{Template: "legal-qa"}, &doc)
	broken := strings.Replace(doc.DSL, `"target": "retrieve"`, `"target": "nowhere"`, 1)
	broken = strings.Replace(broken, `"type": "answer"`, `"type": "no-such-type"`, 1)
	var saved api.AppDocument
	if code := a.call("PUT", "/api/apps/"+doc.App.ID+"/dsl", api.AppSave{DSL: broken, BaseVersion: 1}, &saved); code != 200 {
		t.Fatalf("save: %d", code)
	}
	if saved.App.Version != 2 {
		t.Errorf("version %d after a save, want 2", saved.App.Version)
	}
	kinds := map[string]api.CompileProblem{}
	for _, p := range saved.Problems {
		kinds[p.Kind] = p
	}
	if p := kinds["dangling edge"]; p.EdgeIndex != 0 {
		t.Errorf("dangling edge problem = %+v, want edge index 0 (all: %+v)", p, saved.Problems)
	}
	if p := kinds["unknown node type"]; p.NodeID != "answer" {
		t.Errorf("unknown type problem = %+v (all: %+v)", p, saved.Problems)
	}
	// The picker still offers the outputs of the nodes that build.
	declared := map[string]int{}
	for _, n := range saved.Outputs {
		declared[n.NodeID] = len(n.Outputs)
	}
	if _, ok := declared["answer"]; ok || declared["retrieve"] == 0 || len(saved.Sys) == 0 || saved.Sys[0].Name != "query" {
		t.Errorf("outputs of the draft = %+v, sys %+v", saved.Outputs, saved.Sys)
	}
	var reread api.AppDocument
	a.call("GET", "/api/apps/"+doc.App.ID+"/dsl", nil, &reread)
	if reread.DSL != saved.DSL || len(reread.Problems) != len(saved.Problems) {
		t.Errorf("the draft did not survive a reload:\n%s", reread.DSL)
	}
}

func TestSaveRefusesStaleAndUnreadableDSLAndWritesNothing(t *testing.T) {
	a := newAppsAPI(t)
	var doc api.AppDocument
	a.call("POST", "/api/apps", api.AppCreate{Mode: "workflow"}, &doc)
	path := "/api/apps/" + doc.App.ID + "/dsl"
	var e struct{ Error api.ErrorBody }
	if code := a.call("PUT", path, api.AppSave{DSL: "nodes: [unclosed", BaseVersion: 1}, &e); code != 400 || e.Error.Code != "bad_dsl" {
		t.Errorf("unreadable: %d %+v", code, e)
	}
	a.call("PUT", path, api.AppSave{DSL: doc.DSL, BaseVersion: 1}, nil)
	if code := a.call("PUT", path, api.AppSave{DSL: doc.DSL, BaseVersion: 1}, &e); code != 409 || e.Error.Code != "stale" {
		t.Errorf("stale: %d %+v", code, e)
	}
	var now api.AppDocument
	a.call("GET", path, nil, &now)
	if now.App.Version != 2 {
		t.Errorf("version %d, want 2: a refused save wrote", now.App.Version)
	}
}

func TestValidateReportsWithoutSaving(t *testing.T) {
	a := newAppsAPI(t)
	var doc api.AppDocument
	a.call("POST", "/api/apps", api.AppCreate{Mode: "chatflow"}, &doc)
	cyclic := strings.Replace(doc.DSL, `"edges": [`, `"edges": [{"source": "answer", "target": "llm"},`, 1)
	var v api.Validation
	if code := a.call("POST", "/api/apps/validate", api.DSLCheck{DSL: cyclic}, &v); code != 200 || v.Valid || len(v.Problems) == 0 {
		t.Fatalf("validate: %d %+v", code, v)
	}
	var again api.AppDocument
	a.call("GET", "/api/apps/"+doc.App.ID+"/dsl", nil, &again)
	if again.App.Version != 1 || len(again.Problems) != 0 {
		t.Errorf("validate changed the app: %+v", again)
	}
}

func TestDuplicateRenameDeleteAndNodeTypes(t *testing.T) {
	a := newAppsAPI(t)
	var doc api.AppDocument
	a.call("POST", "/api/apps", api.AppCreate{Template: "statute-lookup"}, &doc)
	var copy api.App
	if code := a.call("POST", "/api/apps/"+doc.App.ID+"/duplicate", nil, &copy); code != 201 || copy.Name != "Statute lookup (copy)" || copy.ID == doc.App.ID {
		t.Fatalf("duplicate: %d %+v", code, copy)
	}
	var renamed api.App
	a.call("PATCH", "/api/apps/"+copy.ID, api.AppRename{Name: "Article finder", Description: "Finds articles."}, &renamed)
	var copyDoc api.AppDocument
	a.call("GET", "/api/apps/"+copy.ID+"/dsl", nil, &copyDoc)
	info := dslOf(t, copyDoc)["app"].(map[string]any)
	if renamed.Name != "Article finder" || info["name"] != "Article finder" || info["description"] != "Finds articles." {
		t.Errorf("rename: %+v, DSL app %v", renamed, info)
	}
	var e struct{ Error api.ErrorBody }
	if code := a.call("PATCH", "/api/apps/"+copy.ID, api.AppRename{Name: "  "}, &e); code != 400 || e.Error.Field != "name" {
		t.Errorf("blank name: %d %+v", code, e)
	}
	if code := a.call("DELETE", "/api/apps/"+copy.ID, nil, nil); code != 204 {
		t.Errorf("delete: %d", code)
	}
	if code := a.call("GET", "/api/apps/"+copy.ID+"/dsl", nil, &e); code != 404 {
		t.Errorf("deleted app: %d", code)
	}
	var types []string
	a.call("GET", "/api/node-types", nil, &types)
	if len(types) != 24 || types[0] != "agent" {
		t.Errorf("node types = %v", types)
	}
}
