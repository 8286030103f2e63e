package main

import (
	"lexflow/backend/engine"
)

// importApp imports one export and records each node's verdict.
func importApp(data []byte, r *fileResult) (*engine.App, error) {
	app, rep, err := engine.Import(data)
	if err != nil {
		return nil, err
	}
	verdicts := map[string]string{}
	for _, m := range rep.Mapped {
		verdicts[m.NodeID] = "mapped"
	}
	for _, u := range rep.Unsupported {
		verdicts[u.NodeID] = "not supported"
	}
	for _, n := range app.Workflow.Graph.Nodes {
		r.nodes = append(r.nodes, nodeResult{id: n.ID, difyType: n.Type, verdict: verdicts[n.ID]})
	}
	return app, nil
}
