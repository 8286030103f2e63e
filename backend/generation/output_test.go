package generation

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
	"lexflow/backend/llm"
	"lexflow/backend/llm/extractive"
	"lexflow/backend/llm/llmtest"
)

// bothProtocols are the real Ollama and OpenAI clients against one fake server.
func bothProtocols(t *testing.T, srv *llmtest.Server) map[string]Model {
	return map[string]Model{"ollama": ollamaModel(t, srv, "m", llm.Config{}), "openai": openaiModel(t, srv, "m")}
}

// schemaRanks reads the passage numbers a request's schema lets a citation name.
func schemaRanks(t *testing.T, schema json.RawMessage) []int {
	t.Helper()
	var s struct {
		Properties struct {
			Citations struct {
				Items struct {
					Properties struct {
						Rank struct {
							Type string `json:"type"`
							Enum []int  `json:"enum"`
						} `json:"rank"`
					} `json:"properties"`
				} `json:"items"`
			} `json:"citations"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(schema, &s); err != nil {
		t.Fatalf("schema %s: %v", schema, err)
	}
	rank := s.Properties.Citations.Items.Properties.Rank
	if rank.Type != "integer" {
		t.Errorf("rank type %q", rank.Type)
	}
	return rank.Enum
}

func formatsAsked(srv *llmtest.Server) []llm.Format {
	var out []llm.Format
	for _, r := range srv.Requests() {
		out = append(out, r.Format)
	}
	return out
}

func TestAnswerSchemaEnumeratesThePassagesGiven(t *testing.T) {
	hits := []evidence.Hit{{Rank: 3}, {Rank: 1}, {Rank: 5}, {Rank: 1}}
	schema := AnswerSchema(hits)
	if got := schemaRanks(t, schema); !slices.Equal(got, []int{1, 3, 5}) {
		t.Errorf("rank enum %v, want [1 3 5]", got)
	}
	// OpenAI's strict mode: every object lists all its properties as
	// required and allows no others.
	var walk func(path string, node map[string]any)
	walk = func(path string, node map[string]any) {
		if node["type"] == "object" {
			props, _ := node["properties"].(map[string]any)
			var required []string
			for _, r := range node["required"].([]any) {
				required = append(required, r.(string))
			}
			var names []string
			for name := range props {
				names = append(names, name)
			}
			slices.Sort(names)
			slices.Sort(required)
			if !slices.Equal(names, required) || node["additionalProperties"] != false {
				t.Errorf("%s: properties %v, required %v, additionalProperties %v", path, names, required, node["additionalProperties"])
			}
			for name, p := range props {
				walk(path+"."+name, p.(map[string]any))
			}
		}
		if items, ok := node["items"].(map[string]any); ok {
			walk(path+"[]", items)
		}
	}
	var root map[string]any
	if err := json.Unmarshal(schema, &root); err != nil {
		t.Fatal(err)
	}
	walk("$", root)
	// answerable comes first, so a model decides before it writes an answer
	if i, j := strings.Index(string(schema), `"answerable"`), strings.Index(string(schema), `"answer"`); i < 0 || i > j {
		t.Errorf("property order in %s", schema)
	}
}

// A server that takes schemas gets one naming exactly the passages given;
// an older one is asked again in JSON mode, then in prose, over both wire
// protocols, and the record says which format the answer was asked in.
func TestFormatFallbacks(t *testing.T) {
	tests := []struct {
		name     string
		refuse   []llm.Format
		asked    []llm.Format
		rejected []llm.Format
	}{
		{"schema accepted", nil, []llm.Format{llm.FormatSchema}, nil},
		{"schema rejected: JSON mode", []llm.Format{llm.FormatSchema},
			[]llm.Format{llm.FormatSchema, llm.FormatJSON}, []llm.Format{llm.FormatSchema}},
		{"JSON rejected too: prose", []llm.Format{llm.FormatSchema, llm.FormatJSON},
			[]llm.Format{llm.FormatSchema, llm.FormatJSON, llm.FormatProse}, []llm.Format{llm.FormatSchema, llm.FormatJSON}},
	}
	for _, tc := range tests {
		srv := llmtest.New(t)
		srv.RefuseFormats(tc.refuse...)
		for protocol, m := range bothProtocols(t, srv) {
			t.Run(tc.name+"/"+protocol, func(t *testing.T) {
				db := openStore(t)
				srv.ClearRequests()
				srv.Script("m", llmtest.Text(goodReply))
				rec, err := (&Pipeline{Store: db}).Run(context.Background(), Request{Query: "What notice ends the agreement?", Hits: testHits(), Model: m})
				if err != nil {
					t.Fatal(err)
				}
				if rec.Result.Status != StatusSuccess {
					t.Errorf("status %s: %s", rec.Result.Status, rec.Result.Error)
				}
				if d := cmp.Diff(tc.asked, formatsAsked(srv)); d != "" {
					t.Errorf("formats asked (-want +got):\n%s", d)
				}
				if got := schemaRanks(t, srv.Requests()[0].Schema); !slices.Equal(got, []int{1, 2, 3}) {
					t.Errorf("schema sent names passages %v, want [1 2 3]", got)
				}
				out := rec.Raw.Output
				if out.Format != tc.asked[len(tc.asked)-1] || out.Remembered || len(out.Rejected) != len(tc.rejected) {
					t.Fatalf("output %+v", out)
				}
				for i, r := range out.Rejected {
					if r.Format != tc.rejected[i] || !strings.Contains(r.Error, "400") {
						t.Errorf("rejection %d: %+v", i, r)
					}
				}
				stored, err := Load(context.Background(), db, rec.ID)
				if err != nil || !cmp.Equal(stored.Raw.Output, out) {
					t.Errorf("stored output %+v, %v; want %+v", stored.Raw.Output, err, out)
				}
			})
		}
	}
}

// The format a model's server fell back to is remembered, so the next
// answer does not pay for the refusal again, until the recheck is due.
func TestFallbackIsRemembered(t *testing.T) {
	srv := llmtest.New(t)
	srv.RefuseFormats(llm.FormatSchema)
	db := openStore(t)
	now := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	p := &Pipeline{Store: db}
	p.formats.now = func() time.Time { return now }
	for protocol, m := range bothProtocols(t, srv) {
		run := func() Record {
			t.Helper()
			srv.ClearRequests()
			srv.Script("m", llmtest.Text(goodReply))
			rec, err := p.Run(context.Background(), Request{Query: "q", Hits: testHits(), Model: m})
			if err != nil || rec.Result.Status != StatusSuccess {
				t.Fatalf("%s: %+v, %v", protocol, rec.Result, err)
			}
			return rec
		}
		run()
		rec := run()
		if asked := formatsAsked(srv); !slices.Equal(asked, []llm.Format{llm.FormatJSON}) || !rec.Raw.Output.Remembered {
			t.Errorf("%s: second answer asked %v, output %+v", protocol, asked, rec.Raw.Output)
		}
		now = now.Add(formatRecheck)
		if run(); !slices.Equal(formatsAsked(srv), []llm.Format{llm.FormatSchema, llm.FormatJSON}) {
			t.Errorf("%s: after the recheck period asked %v", protocol, formatsAsked(srv))
		}
	}
	// another model on the same server starts from the schema
	srv.ClearRequests()
	srv.Script("other", llmtest.Text(goodReply))
	if _, err := p.Run(context.Background(), Request{Query: "q", Hits: testHits(), Model: openaiModel(t, srv, "other")}); err != nil {
		t.Fatal(err)
	}
	if asked := formatsAsked(srv); asked[0] != llm.FormatSchema {
		t.Errorf("another model asked %v", asked)
	}
}

// A model refuses through the schema: the record is a refusal like any answer.
func TestModelRefusesThroughTheSchema(t *testing.T) {
	srv := llmtest.New(t)
	for protocol, m := range bothProtocols(t, srv) {
		db := openStore(t)
		srv.Script("m", llmtest.Text(`{"answerable": false, "answer": "", "citations": []}`))
		rec, err := (&Pipeline{Store: db}).Run(context.Background(), Request{Query: "Can notice be delivered by email?", Hits: testHits(),
			Scope: `the collection "Acts"`, Model: m})
		if err != nil {
			t.Fatal(err)
		}
		res := rec.Result
		if !res.Refused || res.Status != StatusSuccess || res.Answer != RefusalAnswer(`the collection "Acts"`) || rec.Raw.Output.Format != llm.FormatSchema {
			t.Errorf("%s: result %+v, output %+v", protocol, res, rec.Raw.Output)
		}
		stored, err := Load(context.Background(), db, rec.ID)
		if err != nil || !stored.Result.Refused || stored.Result.Status != StatusSuccess || stored.Raw.Output.Format != llm.FormatSchema {
			t.Errorf("%s: stored %+v, %v", protocol, stored.Result, err)
		}
	}
}

// A reply citing passage [7] of three cannot come from a server that
// enforces the schema (the fake withholds it, as no such server could send
// it); from a server that takes no format, the checks remove the citation.
func TestCitingAPassageThatDoesNotExist(t *testing.T) {
	const seven = `{"answerable": true, "answer": "Notice is ninety days [7].", "citations": [{"rank": 7, "quote": ""}]}`
	srv := llmtest.New(t)
	for protocol, m := range bothProtocols(t, srv) {
		srv.RefuseFormats()
		srv.Script("m", llmtest.Text(seven))
		rec, err := (&Pipeline{Store: openStore(t)}).Run(context.Background(), Request{Query: "q", Hits: testHits(), Model: m})
		if err != nil {
			t.Fatal(err)
		}
		violations := srv.TakeViolations()
		if rec.Result.Status != StatusFailed || len(violations) != 1 || !strings.Contains(violations[0], "/citations/0/rank") {
			t.Errorf("%s, schema: status %s, violations %q", protocol, rec.Result.Status, violations)
		}
		srv.RefuseFormats(llm.FormatSchema, llm.FormatJSON)
		srv.Script("m", llmtest.Text(seven))
		rec, err = (&Pipeline{Store: openStore(t)}).Run(context.Background(), Request{Query: "q", Hits: testHits(), Model: m})
		if err != nil {
			t.Fatal(err)
		}
		failed := failedChecks(rec.Result.Checks)
		if rec.Raw.Output.Format != llm.FormatProse || len(rec.Result.Citations) != 0 || !slices.Contains(failed, CheckAlignment) ||
			!slices.Contains(failed, CheckMarker) || strings.Contains(rec.Result.Answer, "[7]") {
			t.Errorf("%s, prose: output %+v, answer %q, failed checks %v", protocol, rec.Raw.Output, rec.Result.Answer, failed)
		}
	}
}

func TestFormatChoiceWithoutFallback(t *testing.T) {
	srv := llmtest.New(t)
	tests := []struct {
		name   string
		model  Model
		params Params
		reply  string
		asked  []llm.Format
		format llm.Format
		status Status
	}{
		{"capped at JSON mode", openaiModel(t, srv, "m"), Params{Format: llm.FormatJSON}, goodReply,
			[]llm.Format{llm.FormatJSON}, llm.FormatJSON, StatusSuccess},
		{"capped at prose", ollamaModel(t, srv, "m", llm.Config{}), Params{Format: llm.FormatProse}, goodReply,
			[]llm.Format{llm.FormatProse}, llm.FormatProse, StatusSuccess},
		{"the built-in answerer sends no format", Model{Provider: extractive.New(extractive.Options{}), ProviderName: "Built-in",
			Name: extractive.ModelName}, Params{}, "", nil, llm.FormatProse, StatusSuccess},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv.ClearRequests()
			if tc.reply != "" {
				srv.Script("m", llmtest.Text(tc.reply))
			}
			rec, err := (&Pipeline{Store: openStore(t)}).Run(context.Background(),
				Request{Query: "How is notice delivered?", Hits: testHits(), Model: tc.model, Params: tc.params})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(formatsAsked(srv), tc.asked) || rec.Raw.Output.Format != tc.format || rec.Result.Status != tc.status {
				t.Errorf("asked %v, output %+v, status %s (%s)", formatsAsked(srv), rec.Raw.Output, rec.Result.Status, rec.Result.Error)
			}
		})
	}
}

// Only a refusal of the format steps down: another bad request fails the
// answer at once, with the server's message.
func TestOtherBadRequestsDoNotFallBack(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("m", llmtest.Fail(llmtest.HTTPError(400, "maximum context length is 4096 tokens")))
	rec, err := (&Pipeline{Store: openStore(t)}).Run(context.Background(), Request{Query: "q", Hits: testHits(), Model: openaiModel(t, srv, "m")})
	if err != nil {
		t.Fatal(err)
	}
	if len(srv.Requests()) != 1 || rec.Result.Status != StatusFailed || !strings.Contains(rec.Result.Error, "maximum context length") ||
		rec.Raw.Output.Format != llm.FormatSchema || len(rec.Raw.Output.Rejected) != 0 {
		t.Errorf("%d requests, result %+v, output %+v", len(srv.Requests()), rec.Result, rec.Raw.Output)
	}
}
