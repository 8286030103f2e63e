package api

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/generation"
	"lexflow/backend/llm"
)

func TestAuditShowsTheReplyFormat(t *testing.T) {
	rec := generation.Record{Raw: generation.Raw{Output: generation.Output{Format: llm.FormatJSON,
		Rejected: []generation.Rejection{{Format: llm.FormatSchema, Error: "ollama: bad request (HTTP 400): format"}}}}}
	want := OutputFormat{Format: "json", Rejected: []OutputRejection{{Format: "schema", Error: "ollama: bad request (HTTP 400): format"}}}
	if d := cmp.Diff(want, auditDTO(rec).Output); d != "" {
		t.Errorf("output (-want +got):\n%s", d)
	}
	// a record from before formats were chosen: no format, an empty list
	if got := auditDTO(generation.Record{}).Output; got.Format != "" || got.Rejected == nil {
		t.Errorf("old record: %+v", got)
	}
}
