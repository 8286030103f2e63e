package llmtest_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/llm/ollama"
	"lexflow/backend/llm/openai"
)

const rankSchema = `{"type":"object","properties":{"rank":{"type":"integer","enum":[1,2]}},"required":["rank"],"additionalProperties":false}`

// providers are the real clients of both protocols, pointed at srv.
func providers(t *testing.T, srv *llmtest.Server) map[llmtest.Protocol]llm.Provider {
	t.Helper()
	o, err := ollama.New(llm.Config{BaseURL: srv.OllamaURL(), Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	oa, err := openai.New(llm.Config{BaseURL: srv.OpenAIURL(), Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return map[llmtest.Protocol]llm.Provider{llmtest.ProtocolOllama: o, llmtest.ProtocolOpenAI: oa}
}

func ask(format llm.Format) llm.Request {
	req := llm.Request{Model: "m", Messages: []llm.Message{{Role: llm.RoleUser, Content: "q"}}}
	return req.Shape(format, json.RawMessage(rankSchema))
}

func TestRequestsRecordTheFormatAndSchemaAsked(t *testing.T) {
	srv := llmtest.New(t)
	srv.Respond("m", func(r llmtest.Request) llmtest.Reply {
		if r.Format == llm.FormatSchema {
			return llmtest.Text(`{"rank": 2}`)
		}
		return llmtest.Text(`{"rank": 9}`)
	})
	for protocol, p := range providers(t, srv) {
		for _, f := range []llm.Format{llm.FormatSchema, llm.FormatJSON, llm.FormatProse} {
			srv.ClearRequests()
			if _, err := p.Chat(context.Background(), ask(f), nil); err != nil {
				t.Fatalf("%s %s: %v", protocol, f, err)
			}
			got := srv.Requests()[0]
			if got.Format != f || got.JSON != (f != llm.FormatProse) {
				t.Errorf("%s %s: recorded format %q, json %v", protocol, f, got.Format, got.JSON)
			}
			if wantSchema := f == llm.FormatSchema; wantSchema != (string(got.Schema) != "") {
				t.Errorf("%s %s: recorded schema %s", protocol, f, got.Schema)
			}
		}
	}
}

func TestRefusedFormatsAnswerLikeAnOlderServer(t *testing.T) {
	srv := llmtest.New(t)
	srv.Respond("m", func(llmtest.Request) llmtest.Reply { return llmtest.Text(`{"rank": 1}`) })
	srv.RefuseFormats(llm.FormatSchema)
	for protocol, p := range providers(t, srv) {
		_, err := p.Chat(context.Background(), ask(llm.FormatSchema), nil)
		if !errors.Is(err, llm.ErrBadRequest) || !llm.RejectsFormat(err) {
			t.Errorf("%s: schema refused as %v (format refusal: %v)", protocol, err, llm.RejectsFormat(err))
		}
		if _, err := p.Chat(context.Background(), ask(llm.FormatJSON), nil); err != nil {
			t.Errorf("%s: JSON mode, not refused: %v", protocol, err)
		}
	}
	srv.RefuseFormats(llm.FormatSchema, llm.FormatJSON)
	for protocol, p := range providers(t, srv) {
		if _, err := p.Chat(context.Background(), ask(llm.FormatJSON), nil); !llm.RejectsFormat(err) {
			t.Errorf("%s: JSON mode refused as %v", protocol, err)
		}
		if _, err := p.Chat(context.Background(), ask(llm.FormatProse), nil); err != nil {
			t.Errorf("%s: prose: %v", protocol, err)
		}
	}
}

func TestRepliesBreakingTheSchemaAreWithheld(t *testing.T) {
	srv := llmtest.New(t)
	for protocol, p := range providers(t, srv) {
		srv.Script("m", llmtest.Text(`{"rank": 3}`), llmtest.Text(`{"rank": 2}`))
		_, err := p.Chat(context.Background(), ask(llm.FormatSchema), nil)
		if !errors.Is(err, llm.ErrProvider) || !strings.Contains(err.Error(), "could not send it") {
			t.Errorf("%s: a reply outside the enum: %v", protocol, err)
		}
		if v := srv.TakeViolations(); len(v) != 1 || !strings.Contains(v[0], "must be one of 1, 2") {
			t.Errorf("%s: violations %q", protocol, v)
		}
		resp, err := p.Chat(context.Background(), ask(llm.FormatSchema), nil)
		if err != nil || resp.Content != `{"rank": 2}` {
			t.Errorf("%s: a conforming reply: %q, %v", protocol, resp.Content, err)
		}
	}
	// The same reply is sent as it is without a schema: only the prompt asked.
	srv.Script("m", llmtest.Text(`{"rank": 3}`))
	if resp, err := providers(t, srv)[llmtest.ProtocolOllama].Chat(context.Background(), ask(llm.FormatJSON), nil); err != nil || resp.Content != `{"rank": 3}` {
		t.Errorf("json mode: %q, %v", resp.Content, err)
	}
}

func TestExemptRepliesAndBadSchemas(t *testing.T) {
	srv := llmtest.New(t)
	p := providers(t, srv)[llmtest.ProtocolOpenAI]
	// Cut at the token limit, or failing on purpose: an enforcing server sends those too.
	srv.Script("m", llmtest.Reply{Parts: []llmtest.Part{llmtest.Content(`{"ra`)}, Finish: "length"},
		llmtest.Reply{Parts: []llmtest.Part{llmtest.Content(`{"rank": 1}`)}, Fault: llmtest.CutAfter(1)})
	if resp, err := p.Chat(context.Background(), ask(llm.FormatSchema), nil); err != nil || resp.FinishReason != "length" {
		t.Errorf("length: %+v, %v", resp, err)
	}
	if _, err := p.Chat(context.Background(), ask(llm.FormatSchema), nil); !errors.Is(err, llm.ErrStreamInterrupted) {
		t.Errorf("cut: %v", err)
	}
	bad := ask(llm.FormatSchema)
	bad.Schema = json.RawMessage(`{"type": "no-such-type"}`)
	srv.Script("m", llmtest.Text(`{}`))
	if _, err := p.Chat(context.Background(), bad, nil); err == nil {
		t.Error("a malformed schema was accepted")
	}
	if v := srv.TakeViolations(); len(v) != 1 || !strings.Contains(v[0], "not a valid JSON Schema") {
		t.Errorf("violations %q", v)
	}
}

func TestDemoCiteConformsToASchema(t *testing.T) {
	srv := llmtest.New(t)
	srv.InstallDemo(0)
	schema := `{"type":"object","additionalProperties":false,"required":["answerable","answer","citations"],
	  "properties":{"answerable":{"type":"boolean"},"answer":{"type":"string"},
	    "citations":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["rank","quote"],
	      "properties":{"rank":{"type":"integer","enum":[1]},"quote":{"type":"string"}}}}}}`
	prompt := "Evidence:\n\n[1] id=c1 | Act, Article 1\nNotice is thirty days.\n\nQuestion: notice?"
	for protocol, p := range providers(t, srv) {
		for _, model := range []string{llmtest.DemoCite, llmtest.DemoSloppy, llmtest.DemoChat} {
			req := llm.Request{Model: model, Messages: []llm.Message{{Role: llm.RoleUser, Content: prompt}}, Schema: json.RawMessage(schema)}
			resp, err := p.Chat(context.Background(), req, nil)
			if err != nil || !strings.Contains(resp.Content, `"answerable":true`) {
				t.Errorf("%s %s: %q, %v", protocol, model, resp.Content, err)
			}
		}
	}
}
