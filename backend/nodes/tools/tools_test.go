package tools

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
)

func TestParseRef(t *testing.T) {
	tests := []struct {
		in   string
		want Ref
	}{
		{"Article 12", Ref{Kind: "article", Number: "12"}},
		{"art. 12(3)", Ref{Kind: "article", Number: "12"}},
		{"المادة ١٢", Ref{Kind: "article", Number: "12"}},
		{"المادّة (١٢)", Ref{Kind: "article", Number: "12"}},
		{"Section 4.2", Ref{Kind: "section", Number: "4.2"}},
		{"§ 04.02", Ref{Kind: "section", Number: "4.2"}},
		{"Chapter IV", Ref{Kind: "chapter", Number: "4"}},
		{"12", Ref{Number: "12"}},
		{"Termination", Ref{Text: "termination"}},
	}
	for _, tt := range tests {
		if got := ParseRef(tt.in); got != tt.want {
			t.Errorf("ParseRef(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

func TestRefMatches(t *testing.T) {
	tests := []struct {
		ref     string
		heading []string
		want    bool
	}{
		{"Article 12", []string{"Chapter 2", "Article 12 – Termination"}, true},
		{"Article 1", []string{"Chapter 2", "Article 12 – Termination"}, false},
		{"Article 12", []string{"Section 12"}, false},
		{"12", []string{"Section 12"}, true},
		{"المادة 12", []string{"الباب الثاني", "المادة ١٢ – الفسخ"}, true},
		{"Article 12", []string{"المادة ١٢"}, true},
		{"Section 4.2", []string{"Section 4.21 – Leave"}, false},
		{"Section 4.2", []string{"Part 1", "Section 4.2: Overtime"}, true},
		{"Chapter 4", []string{"CHAPTER IV"}, true},
		{"termination", []string{"Article 12 – Termination"}, true},
		{"الفسخ", []string{"المادة ١٢ – الفسخ"}, true},
		// Contracts number their clauses without a word: "12. TERM AND TERMINATION".
		{"Clause 12", []string{"MASTER SERVICES AGREEMENT", "12. TERM AND TERMINATION"}, true},
		{"Section 4.2", []string{"4. FEES", "4.2 Invoices"}, true},
		{"Clause 1", []string{"12. TERM AND TERMINATION"}, false},
		{"Article 12", []string{"12 months after delivery"}, false},
	}
	for _, tt := range tests {
		if got := ParseRef(tt.ref).Matches(tt.heading); got != tt.want {
			t.Errorf("%q matches %q = %v, want %v", tt.ref, tt.heading, got, tt.want)
		}
	}
}

type fixedClock struct{}

func (fixedClock) Now() time.Time { return time.Date(2025, 3, 14, 23, 0, 0, 0, time.UTC) }

func TestDateArithmetic(t *testing.T) {
	tool := dateArithmetic{Deps{Clock: fixedClock{}}}
	tests := []struct {
		args string
		want string
	}{
		{`{"operation": "add", "date": "2025-01-31", "months": 1}`, "2025-02-28"},
		{`{"operation": "add", "date": "2024-02-29", "years": 1}`, "2025-02-28"},
		{`{"operation": "add", "date": "2025-03-14", "days": 30}`, "2025-04-13"},
		{`{"operation": "subtract", "date": "2025-03-31", "months": 1, "days": 1}`, "2025-02-27"},
		{`{"operation": "add", "date": "today", "days": 1}`, "2025-03-15"},
		{`{"operation": "difference", "date": "2025-03-01", "end_date": "2025-02-01"}`, "-28"},
		{`{"operation": "business_days", "date": "2025-03-14", "end_date": "2025-03-21"}`, "5"},
		{`{"operation": "business_days", "date": "2025-03-21", "end_date": "2025-03-14"}`, "-5"},
		{`{"operation": "business_days", "date": "2025-03-13", "end_date": "2025-03-16", "weekend": ["fri", "sat"]}`, "1"},
		{`{"operation": "add_business_days", "date": "2025-03-14", "days": 1}`, "2025-03-17"},
		{`{"operation": "add_business_days", "date": "2025-03-17", "days": -1, "holidays": ["2025-03-14"]}`, "2025-03-13"},
	}
	for _, tt := range tests {
		res, err := Invoke(context.Background(), tool, json.RawMessage(tt.args))
		if err != nil || res.Text != tt.want {
			t.Errorf("%s = %q, %v; want %q", tt.args, res.Text, err, tt.want)
		}
	}
	for _, bad := range []string{`{"operation": "add", "date": "14/03/2025"}`, `{"operation": "fly", "date": "2025-01-01"}`,
		`{"operation": "difference", "date": "2025-01-01"}`, `{"operation": "add", "date": "2025-01-01", "days": 1e9}`,
		`{"operation": "business_days", "date": "2025-01-01", "end_date": "2025-01-09", "weekend": ["someday"]}`} {
		if _, err := Invoke(context.Background(), tool, json.RawMessage(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func TestSchemaCoerce(t *testing.T) {
	s, err := ParseSchema(ObjectSchema(
		Param{Name: "n", Type: "integer", Required: true},
		Param{Name: "b", Type: "boolean"},
		Param{Name: "tags", Type: "array", Items: "string"},
		Param{Name: "mode", Type: "string", Enum: []string{"a", "b"}},
	))
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Coerce(map[string]any{"n": "٥", "b": "yes", "tags": "x", "mode": "a", "extra": 1.0})
	want := map[string]any{"n": 5.0, "b": true, "tags": []any{"x"}, "mode": "a"}
	if err != nil || !cmp.Equal(want, got) {
		t.Errorf("coerce = %v, %v; want %v", got, err, want)
	}
	for _, bad := range []map[string]any{{}, {"n": 1.5}, {"n": 1.0, "mode": "c"}, {"n": 1.0, "b": "maybe"}} {
		if _, err := s.Coerce(bad); err == nil {
			t.Errorf("coerce %v: no error", bad)
		}
	}
}

func TestRegistry(t *testing.T) {
	r, err := NewRegistry(Builtins(Deps{})...)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"current_time", "date_arithmetic", "fetch_article", "neighbour_chunks", "search_collection"}
	if d := cmp.Diff(want, r.Names()); d != "" {
		t.Errorf("names (-want +got):\n%s", d)
	}
	if _, err := NewRegistry(append(Builtins(Deps{}), dateArithmetic{})...); err == nil {
		t.Error("a duplicate name was accepted")
	}
	defs, err := r.LLMTools([]string{"fetch_article"})
	if err != nil || len(defs) != 1 || !json.Valid(defs[0].Parameters) {
		t.Errorf("LLMTools: %v, %v", defs, err)
	}
	search, _ := r.Lookup("search_collection")
	if _, err := Invoke(context.Background(), search, json.RawMessage(`{"query": "x"}`)); !errors.Is(err, ErrUnavailable) {
		t.Errorf("search without an index: %v", err)
	}
	if _, err := Invoke(context.Background(), search, json.RawMessage(`"{\"query\": \"x\"}"`)); !errors.Is(err, ErrUnavailable) {
		t.Errorf("arguments sent as a JSON string: %v", err)
	}
	if _, err := Invoke(context.Background(), search, json.RawMessage(`[1]`)); err == nil || errors.Is(err, ErrUnavailable) {
		t.Errorf("arguments that are not an object: %v", err)
	}
}

func TestDocOfChunk(t *testing.T) {
	for id, want := range map[string]string{"labour-act-00012": "labour-act", "doc-x": "", "plain": "", "a-": ""} {
		if got := DocOfChunk(id); got != want {
			t.Errorf("DocOfChunk(%q) = %q, want %q", id, got, want)
		}
	}
}

// mergedArticles is a passage holding two short articles under their chapter.
func mergedArticles() evidence.Chunk {
	chapter := "Chapter 3 — Rent and Deposits"
	return evidence.Chunk{ID: "act-00004", DocID: "act", CollectionID: "col", Ordinal: 4, Text: "Article 5 … Article 6 …",
		Locator: evidence.Locator{DocID: "act", DocName: "Tenancy Act.txt", HeadingPath: []string{chapter}, Start: 100, End: 300,
			Units: []evidence.Unit{
				{Start: 100, End: 190, HeadingPath: []string{chapter, "Article 5 Rent increases"}, Number: "5"},
				{Start: 192, End: 300, HeadingPath: []string{chapter, "Article 6 Security deposit"}, Number: "6", Follows: true},
			}}}
}

func TestRefNamesAnArticleMergedWithItsSibling(t *testing.T) {
	l := mergedArticles().Locator
	for ref, want := range map[string]bool{"Article 6": true, "Article 5": true, "Chapter 3": true, "Article 7": false} {
		if got := ParseRef(ref).Names(l); got != want {
			t.Errorf("%q names %q = %v, want %v", l.Heading(), ref, got, want)
		}
	}
}

// A hit passed between workflow nodes as a record, through JSON as run
// variables are stored, keeps the units its citations are narrowed to and
// its document's title and the words that named its document; passed as it
// is, it is the hit itself.
func TestHitRecordKeepsUnits(t *testing.T) {
	hit := evidence.Hit{Rank: 1, Score: 2.5, Chunk: mergedArticles(), NamedBy: "the Lease Act"}
	hit.Chunk.Locator.DocTitle = "Tenancy Act"
	var records any
	b, _ := json.Marshal(Hits([]evidence.Hit{hit}))
	if err := json.Unmarshal(b, &records); err != nil {
		t.Fatal(err)
	}
	got, _, ok := HitsOf(records)
	if !ok || len(got) != 1 {
		t.Fatalf("the record was not read back: %s", b)
	}
	if diff := cmp.Diff(hit, got[0]); diff != "" {
		t.Errorf("hit round trip (-want +got):\n%s", diff)
	}
	if title := records.([]any)[0].(map[string]any)["title"]; title != "Tenancy Act" {
		t.Errorf("record title = %v, want the document's title", title)
	}
	if direct, _, _ := HitsOf(Hits([]evidence.Hit{hit})); len(direct[0].Chunk.Locator.Units) != 2 {
		t.Errorf("units lost without JSON: %+v", direct[0].Chunk.Locator)
	}
	if _, bad, ok := HitsOf([]any{records.([]any)[0], map[string]any{"content": "x"}}); ok || bad != 1 {
		t.Errorf("a record without a chunk id was read as a hit (bad %d)", bad)
	}
}

// A hit's record keeps Dify's shape and names, which imported apps template over.
func TestHitRecordShape(t *testing.T) {
	hit := evidence.Hit{Rank: 2, Score: 1.5, Snippet: "<mark>x</mark>", Chunk: evidence.Chunk{ID: "k1", DocID: "d1",
		CollectionID: "c1", Ordinal: 3, Text: "text", Locator: evidence.Locator{DocID: "d1", DocName: "a.pdf",
			PageStart: 1, PageEnd: 2, HeadingPath: []string{"Part 1"}, Start: 5, End: 9}}}
	b, _ := json.Marshal(Hit(hit))
	want := `{"content":"text","title":"a.pdf","metadata":{"chunk_id":"k1","document_id":"d1","document_name":"a.pdf",` +
		`"collection_id":"c1","page_start":1,"page_end":2,"heading_path":["Part 1"],"heading":"Part 1","start":5,"end":9,` +
		`"ordinal":3,"score":1.5,"rank":2,"position":2,"snippet":"\u003cmark\u003ex\u003c/mark\u003e","_source":"knowledge",` +
		`"dataset_id":"c1","segment_id":"k1"}}`
	if string(b) != want {
		t.Errorf("record\n got %s\nwant %s", b, want)
	}
}

func TestCurrentTime(t *testing.T) {
	tool := currentTime{Deps{Clock: fixedClock{}}}
	tests := []struct{ args, want string }{
		{`{}`, "2025-03-14 23:00:00"},
		{`{"timezone": "Asia/Dubai", "format": "%A %d %B %Y, %H:%M %Z (day %j) 100%%"}`, "Saturday 15 March 2025, 03:00 +04 (day 074) 100%"},
		{`{"format": "%I%p %q"}`, "11PM %q"},
	}
	for _, tt := range tests {
		res, err := Invoke(context.Background(), tool, json.RawMessage(tt.args))
		if err != nil || res.Text != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.args, res.Text, err, tt.want)
		}
	}
	if _, err := Invoke(context.Background(), tool, json.RawMessage(`{"timezone": "Mars/Olympus"}`)); err == nil {
		t.Error("an unknown zone was accepted")
	}
}
