package nodes_test

import (
	"strings"
	"testing"

	"lexflow/backend/engine"
	"lexflow/backend/nodes/tools"
)

// Retrieval hits travel typed: the cited answer reads them as they are, while
// a template and an End node see Dify's {content, title, metadata} records.
func TestRetrievalHitsTravelTypedAndRenderAsDifyRecords(t *testing.T) {
	e := newEnv(t, "")
	plan := e.compile(t, []byte(`
version: "0.1.0"
kind: lexflow-app
app: {name: Hits, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {title: Start, variables: [{variable: q, type: paragraph, required: true}]}}
      - {id: retrieve, type: knowledge-retrieval, data: {title: Search, query_variable_selector: [start, q], multiple_retrieval_config: {top_k: 3}}}
      - id: show
        type: template-transform
        data: {template: "{{ r[0].metadata.chunk_id }}|{{ r[0].metadata.document_name }}|{{ r[0].title }}", variables: [{variable: r, value_selector: [retrieve, result]}]}
      - {id: end, type: end, data: {title: End, outputs: [{variable: result, value_selector: [retrieve, result]}, {variable: shown, value_selector: [show, output]}]}}
    edges:
      - {source: start, target: retrieve}
      - {source: retrieve, target: show}
      - {source: show, target: end}
`))
	res, err, _ := run(t, plan, engine.RunInput{Inputs: map[string]any{"q": "notice to terminate employment"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	result := res.Outputs["result"]
	hits, ok := result.Typed().([]tools.Hit)
	if !ok || len(hits) == 0 {
		t.Fatalf("result carries %T, want the hits", result.Typed())
	}
	items, _ := result.Any().([]any)
	first, _ := items[0].(map[string]any)
	meta, _ := first["metadata"].(map[string]any)
	if first["content"] != hits[0].Chunk.Text || meta["chunk_id"] != hits[0].Chunk.ID || meta["_source"] != "knowledge" {
		t.Errorf("plain result item %v, want the Dify record of %s", first, hits[0].Chunk.ID)
	}
	want := hits[0].Chunk.ID + "|" + hits[0].Chunk.Locator.DocName + "|"
	if got := res.Outputs["shown"].Text(); !strings.HasPrefix(got, want) {
		t.Errorf("template rendered %q, want it to start %q", got, want)
	}
}
