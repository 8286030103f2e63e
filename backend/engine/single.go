package engine

import (
	"context"
	"fmt"
	"slices"
)

// singleNode is a run of one node alone: the node's index in the plan and
// the variables it is handed instead of a view of the run's pool.
type singleNode struct {
	idx  int
	vars Vars
}

// StartNode begins a run of one real node of the plan alone, handed vars as
// its variables (as recorded from an earlier run's node_started event, see
// Event.Vars) and in.Inputs as the run's inputs. The node runs through the
// same worker, retries, error strategy, virtual sub-nodes and events as in a
// whole run; no other node runs and no edge is followed. The run's outputs
// are the node's.
func (p *Plan) StartNode(ctx context.Context, nodeID string, vars Vars, in RunInput, opts RunOptions) (*Execution, error) {
	idx, ok := p.byID[nodeID]
	if !ok || p.nodes[idx].parent >= 0 {
		return nil, fmt.Errorf("run node %s alone: %w", nodeID, ErrNodeNotFound)
	}
	return p.launch(ctx, in, opts, &singleNode{idx: idx, vars: vars})
}

// MissingVars lists the variables node nodeID reads (its virtual sub-nodes'
// included) that vars lacks, sorted: what a node edited since vars were
// recorded will find empty.
func (p *Plan) MissingVars(nodeID string, vars Vars) []string {
	idx, ok := p.byID[nodeID]
	if !ok {
		return nil
	}
	refs := p.nodes[idx].inputs
	for _, c := range p.nodes[idx].children {
		refs = append(slices.Clip(refs), p.nodes[c].inputs...)
	}
	var out []string
	for _, r := range refs {
		if _, ok := vars.Get(r.sel); !ok && !slices.Contains(out, r.key) && (r.node < 0 || p.nodes[r.node].parent != idx) {
			out = append(out, r.key)
		}
	}
	slices.Sort(out)
	return out
}
