package dsl

import (
	"encoding/json"
	"strings"
	"testing"
)

// Every dataset id a node names is listed once with its nodes; mapping two
// of them to one collection leaves that collection listed once, the node's
// other settings in place, and the change on the node's report line.
func TestDatasetsAreListedAndMapped(t *testing.T) {
	app := &App{Workflow: Workflow{Graph: Graph{Nodes: []GraphNode{
		{ID: "kb1", Type: "knowledge-retrieval", Data: json.RawMessage(`{"title":"Search","dataset_ids":["d1","d2","kept"],"retrieval_mode":"multiple"}`)},
		{ID: "kb2", Type: "knowledge-retrieval", Data: json.RawMessage(`{"dataset_ids":["d1"]}`)},
		{ID: "end", Type: "end", Data: json.RawMessage(`{}`)},
	}}}}
	uses := DatasetUses(app)
	if len(uses) != 3 || uses[0].From != "d1" || strings.Join(uses[0].NodeIDs, ",") != "kb1,kb2" || uses[2].From != "kept" {
		t.Fatalf("uses %+v", uses)
	}
	rep := NewReport("dify", "0.1.5")
	rep.Datasets = uses
	rep.Datasets[0].To, rep.Datasets[0].Collection = "c-leases", "Leases"
	rep.Datasets[1].To, rep.Datasets[1].Collection = "c-leases", "Leases"
	if err := MapDatasets(app, rep); err != nil {
		t.Fatal(err)
	}
	if got := string(app.Workflow.Graph.Nodes[0].Data); got != `{"title":"Search","dataset_ids":["c-leases","kept"],"retrieval_mode":"multiple"}` {
		t.Errorf("kb1 data %s", got)
	}
	if got := string(app.Workflow.Graph.Nodes[1].Data); got != `{"dataset_ids":["c-leases"]}` {
		t.Errorf("kb2 data %s", got)
	}
	if line := rep.Find("kb2"); line.Outcome != OutcomeChanged || line.Details[0] != `dataset d1 replaced by collection "Leases"` {
		t.Errorf("kb2 line %+v", line)
	}
}
