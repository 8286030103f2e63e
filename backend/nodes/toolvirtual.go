package nodes

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"lexflow/backend/engine"
)

// virtualNodeDef is one of a node's virtual_nodes: a full node definition
// under a local id, known to the run as "parent.local".
type virtualNodeDef struct {
	ID   string          `json:"id"`
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// declaredVirtuals checks virtual_nodes; the engine builds and validates
// each one's data like any node's.
func declaredVirtuals(parent string, defs []virtualNodeDef) ([]engine.VirtualNode, error) {
	var out []engine.VirtualNode
	seen := map[string]bool{}
	for i, d := range defs {
		field := fmt.Sprintf("virtual_nodes[%d]", i)
		switch {
		case d.ID == "" || strings.Contains(d.ID, "."):
			return nil, fieldError(field+".id", "Give the extraction a short id such as ext_1.", "%q: want a local id such as ext_1", d.ID)
		case seen[d.ID]:
			return nil, fieldError(field+".id", "Two extractions have the same id: rename one.", "%q is used twice", d.ID)
		case d.Type == "":
			return nil, fieldError(field+".type", "Choose what kind of step the extraction is.", "is empty: want a node type such as llm")
		}
		seen[d.ID] = true
		var head struct {
			Title string `json:"title"`
		}
		_ = json.Unmarshal(d.Data, &head) // a bad data block is reported when the engine builds it
		out = append(out, engine.VirtualNode{ID: parent + "." + d.ID, Type: d.Type, Title: head.Title, Data: d.Data})
	}
	return out, nil
}

// bindVirtuals turns extraction parameters into virtual nodes
// "{tool}_ext_{i}" (1-based, in parameter name order, run first) and points
// variable parameters that name a local id at that virtual node.
func (tn *toolNode) bindVirtuals(def engine.NodeDef, data toolData) error {
	declared := tn.virtual
	tn.virtual = nil
	for i := range tn.args {
		a := &tn.args[i]
		switch {
		case a.kind == "extraction":
			id := fmt.Sprintf("%s_ext_%d", def.ID, len(tn.virtual)+1)
			field := "tool_parameters." + a.name + ".value"
			v, err := compileExtraction(def, field, data.ToolParameters[a.name].Value, id)
			if err != nil {
				return err
			}
			a.virtual, a.selector = id, engine.Selector{id, "text"}
			tn.virtual = append(tn.virtual, v)
		case a.kind == "variable" && len(a.selector) > 0 && hasVirtual(declared, def.ID+"."+a.selector.Node()):
			a.kind, a.virtual = "virtual", def.ID+"."+a.selector.Node()
		}
	}
	tn.virtual = append(tn.virtual, declared...)
	return nil
}

func hasVirtual(vs []engine.VirtualNode, id string) bool {
	for _, v := range vs {
		if v.ID == id {
			return true
		}
	}
	return false
}

func (tn *toolNode) virtualIDs() []any {
	ids := make([]any, len(tn.virtual))
	for i, v := range tn.virtual {
		ids[i] = v.ID
	}
	return ids
}

// virtualOutputs are the outputs of a run's virtual nodes by id; nil for
// one that failed under the default_value strategy.
type virtualOutputs map[string]map[string]engine.Value

// runVirtuals runs every virtual node in order before the tool. A failure
// fails the tool (the virtual node already retried with the tool's retry
// settings), unless the tool's error strategy is default_value: then the
// parameters it fills are empty strings and the tool runs anyway.
func (tn *toolNode) runVirtuals(ctx context.Context, in engine.NodeInput, pd map[string]any) (virtualOutputs, error) {
	sub := virtualOutputs{}
	var failed []any
	for _, v := range tn.virtual {
		res, err := in.RunVirtual(ctx, v.ID)
		switch {
		case err == nil:
			sub[v.ID] = res.Outputs
		case !tn.defaults || ctx.Err() != nil:
			return nil, err
		default:
			sub[v.ID] = nil
			failed = append(failed, v.ID)
		}
	}
	if len(failed) > 0 {
		pd["failed_extractions"] = failed
	}
	return sub, nil
}

// value reads a virtual node's output at sel ([local or id, output, path…]).
func (sub virtualOutputs) value(id string, sel engine.Selector) any {
	out := sub[id]
	if out == nil {
		return ""
	}
	v, ok := out[sel.Var()]
	if !ok {
		return nil
	}
	if path := sel.Path(); len(path) > 0 {
		if v, ok = v.Get(path...); !ok {
			return nil
		}
	}
	return plainValue(v)
}
