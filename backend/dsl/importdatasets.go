package dsl

import (
	"encoding/json"
	"fmt"
	"slices"

	"gopkg.in/yaml.v3"
)

// A node names the collections it searches in data.dataset_ids (Dify's
// datasets). An import lists every id (ImportReport.Datasets, To empty);
// the caller points each at a collection here and MapDatasets rewrites the
// nodes. An id left unmapped that is no collection here stays a compile
// problem ("choose a collection").

// DatasetUses lists the dataset ids the app's nodes name, in order of first
// use, with the nodes naming each.
func DatasetUses(app *App) []DatasetMapping {
	uses := []DatasetMapping{}
	for _, n := range app.Workflow.Graph.Nodes {
		var d struct {
			DatasetIDs []string `json:"dataset_ids"`
		}
		if json.Unmarshal(n.Data, &d) != nil {
			continue
		}
		for _, id := range d.DatasetIDs {
			i := slices.IndexFunc(uses, func(u DatasetMapping) bool { return u.From == id })
			if i < 0 {
				uses = append(uses, DatasetMapping{From: id, NodeIDs: []string{}})
				i = len(uses) - 1
			}
			if !slices.Contains(uses[i].NodeIDs, n.ID) {
				uses[i].NodeIDs = append(uses[i].NodeIDs, n.ID)
			}
		}
	}
	return uses
}

// MapDatasets points the nodes of each of the report's datasets with a To
// at that collection, and notes the change on their lines.
func MapDatasets(app *App, rep *ImportReport) error {
	for _, m := range rep.Datasets {
		if m.To == "" || m.To == m.From {
			continue
		}
		for _, id := range m.NodeIDs {
			if err := replaceDatasetID(app, id, m.From, m.To); err != nil {
				return fmt.Errorf("map dataset %s: %w", m.From, err)
			}
			rep.Node(id).Note(OutcomeChanged, fmt.Sprintf("dataset %s replaced by collection %q", m.From, m.Collection))
		}
	}
	return nil
}

// replaceDatasetID rewrites one id of a node's dataset_ids, keeping every
// other key and their order; an id already listed is not listed twice.
func replaceDatasetID(app *App, nodeID, from, to string) error {
	return editNodeData(app, nodeID, func(root *yaml.Node) error {
		ids := MappingValue(root, "dataset_ids")
		if ids == nil || ids.Kind != yaml.SequenceNode {
			return fmt.Errorf("node %q names no datasets", nodeID)
		}
		var kept []*yaml.Node
		for _, c := range ids.Content {
			if c.Value == from {
				c = YAMLString(to)
			}
			if !slices.ContainsFunc(kept, func(k *yaml.Node) bool { return k.Value == c.Value }) {
				kept = append(kept, c)
			}
		}
		ids.Content = kept
		return nil
	})
}
