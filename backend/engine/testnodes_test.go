package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// Test node types. They read Dify-shaped data where a real node would
// (start variables, end outputs, answer templates) so fixtures look like
// real apps, and otherwise do one test-friendly thing each.

// testRegistry registers every test node type.
func testRegistry() *Registry {
	r := NewRegistry()
	for typ, f := range map[string]NodeFactory{
		"start": newStartNode, "end": newEndNode, "answer": newAnswerNode,
		"noop": newNoopNode, "echo": newEchoNode, "fail": newFailNode, "panic": newPanicNode,
		"sleep": newSleepNode, "branch": newBranchNode, "streamer": newStreamerNode, "parent": newParentNode,
	} {
		if err := r.Register(typ, f); err != nil {
			panic(err)
		}
	}
	return r
}

// specNode is a Node from a spec and a run function.
type specNode struct {
	spec Spec
	run  func(ctx context.Context, in NodeInput) (NodeResult, error)
}

func (n specNode) Spec() Spec { return n.spec }
func (n specNode) Run(ctx context.Context, in NodeInput) (NodeResult, error) {
	return n.run(ctx, in)
}

type outputDecl struct {
	Name string `json:"variable"`
	Type string `json:"type"`
}

// start: outputs the run inputs it declares in data.variables.
func newStartNode(def NodeDef) (Node, error) {
	var data struct{ Variables []outputDecl }
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	spec := Spec{Role: RoleStart}
	for _, v := range data.Variables {
		spec.Outputs = append(spec.Outputs, Output{Name: v.Name, Type: difyInputType(v.Type)})
	}
	return specNode{spec: spec, run: func(_ context.Context, in NodeInput) (NodeResult, error) {
		out := map[string]Value{}
		for _, o := range spec.Outputs {
			out[o.Name] = ValueOf(in.RunInputs[o.Name])
		}
		return NodeResult{Outputs: out}, nil
	}}, nil
}

// difyInputType maps a start variable's form type to a value type.
func difyInputType(form string) Type {
	switch form {
	case "text-input", "paragraph", "select", "":
		return TypeString
	case "file":
		return TypeFile
	case "file-list":
		return TypeArrayFile
	}
	t, err := ParseType(form)
	if err != nil {
		return Type(form) // Compile reports it
	}
	return t
}

// end: Dify's outputs list of {variable, value_selector}.
func newEndNode(def NodeDef) (Node, error) {
	var data struct {
		Outputs []struct {
			Variable      string   `json:"variable"`
			ValueSelector Selector `json:"value_selector"`
		}
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	spec := Spec{Role: RoleEnd}
	for _, o := range data.Outputs {
		spec.Inputs = append(spec.Inputs, Input{Selector: o.ValueSelector})
		spec.Outputs = append(spec.Outputs, Output{Name: o.Variable, Type: TypeAny})
	}
	return specNode{spec: spec, run: func(_ context.Context, in NodeInput) (NodeResult, error) {
		out := map[string]Value{}
		for _, o := range data.Outputs {
			v, _ := in.Vars.Get(o.ValueSelector)
			out[o.Variable] = v
		}
		return NodeResult{Outputs: out}, nil
	}}, nil
}

// answer: streams data.answer through the coordinator and outputs it.
func newAnswerNode(def NodeDef) (Node, error) {
	var data struct{ Answer string }
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	tpl := ParseTemplate(data.Answer)
	spec := Spec{Role: RoleAnswer, Response: tpl, Outputs: []Output{{Name: ResponseOutput, Type: TypeString}}}
	return specNode{spec: spec, run: func(_ context.Context, in NodeInput) (NodeResult, error) {
		return NodeResult{Outputs: map[string]Value{ResponseOutput: String(in.Vars.Render(tpl))}}, nil
	}}, nil
}

// noop: does nothing; data.outputs may declare string outputs it sets to "".
func newNoopNode(def NodeDef) (Node, error) {
	var data struct{ Outputs []string }
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	spec := Spec{}
	for _, o := range data.Outputs {
		spec.Outputs = append(spec.Outputs, Output{Name: o, Type: TypeString})
	}
	return specNode{spec: spec, run: func(context.Context, NodeInput) (NodeResult, error) {
		return NodeResult{}, nil
	}}, nil
}

// echo: renders data.text into output "text"; data.expect declares an input type.
func newEchoNode(def NodeDef) (Node, error) {
	var data struct {
		Text   string
		Expect string
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	tpl := ParseTemplate(data.Text)
	spec := Spec{Outputs: []Output{{Name: "text", Type: TypeString}}}
	for _, sel := range tpl.Refs() {
		spec.Inputs = append(spec.Inputs, Input{Selector: sel, Type: Type(data.Expect)})
	}
	return specNode{spec: spec, run: func(_ context.Context, in NodeInput) (NodeResult, error) {
		text := in.Vars.Render(tpl)
		return NodeResult{Outputs: map[string]Value{"text": String(text)}, Inputs: map[string]any{"text": text}}, nil
	}}, nil
}

// fail: fails its first data.times attempts (-1: always), then outputs text "ok".
func newFailNode(def NodeDef) (Node, error) {
	var data struct {
		Times   int
		Message string
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	spec := Spec{Outputs: []Output{{Name: "text", Type: TypeString}}}
	return specNode{spec: spec, run: func(_ context.Context, in NodeInput) (NodeResult, error) {
		if data.Times < 0 || in.Attempt <= data.Times {
			return NodeResult{}, fmt.Errorf("%s (attempt %d)", cmpOr(data.Message, "planned failure"), in.Attempt)
		}
		return NodeResult{Outputs: map[string]Value{"text": String("ok")}}, nil
	}}, nil
}

// panic: panics with data.message.
func newPanicNode(def NodeDef) (Node, error) {
	var data struct{ Message string }
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	return specNode{spec: Spec{Outputs: []Output{{Name: "text", Type: TypeString}}}, run: func(context.Context, NodeInput) (NodeResult, error) {
		panic(data.Message)
	}}, nil
}

// sleep: waits data.ms (honouring ctx unless data.stubborn), outputs text "slept".
func newSleepNode(def NodeDef) (Node, error) {
	var data struct {
		MS       int
		Stubborn bool
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	d := time.Duration(data.MS) * time.Millisecond
	spec := Spec{Outputs: []Output{{Name: "text", Type: TypeString}}}
	return specNode{spec: spec, run: func(ctx context.Context, _ NodeInput) (NodeResult, error) {
		if data.Stubborn {
			time.Sleep(d)
		} else if !sleep(ctx, d) {
			return NodeResult{}, fmt.Errorf("sleep: %w", ctx.Err())
		}
		return NodeResult{Outputs: map[string]Value{"text": String("slept")}}, nil
	}}, nil
}

// branch: declares data.handles and takes the handle data.choose renders to.
func newBranchNode(def NodeDef) (Node, error) {
	var data struct {
		Handles []string
		Choose  string
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	tpl := ParseTemplate(data.Choose)
	spec := Spec{Handles: data.Handles, Outputs: []Output{{Name: "chosen", Type: TypeString}}}
	for _, sel := range tpl.Refs() {
		spec.Inputs = append(spec.Inputs, Input{Selector: sel})
	}
	return specNode{spec: spec, run: func(_ context.Context, in NodeInput) (NodeResult, error) {
		h := in.Vars.Render(tpl)
		return NodeResult{Handle: h, Outputs: map[string]Value{"chosen": String(h)}}, nil
	}}, nil
}

// streamer: streams data.chunks on output "text" with data.delay_ms between
// them (or data.count chunks of "x"), waiting data.wait_ms first; outputs the
// concatenation.
func newStreamerNode(def NodeDef) (Node, error) {
	var data struct {
		Chunks  []string
		Count   int
		DelayMS int `json:"delay_ms"`
		WaitMS  int `json:"wait_ms"`
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	for range data.Count {
		data.Chunks = append(data.Chunks, "x")
	}
	spec := Spec{Outputs: []Output{{Name: "text", Type: TypeString}}, Streams: []string{"text"}}
	return specNode{spec: spec, run: func(ctx context.Context, in NodeInput) (NodeResult, error) {
		if !sleep(ctx, time.Duration(data.WaitMS)*time.Millisecond) {
			return NodeResult{}, ctx.Err()
		}
		for _, c := range data.Chunks {
			if err := in.Stream("text", c); err != nil {
				return NodeResult{}, err
			}
			if !sleep(ctx, time.Duration(data.DelayMS)*time.Millisecond) {
				return NodeResult{}, ctx.Err()
			}
		}
		return NodeResult{Outputs: map[string]Value{"text": String(strings.Join(data.Chunks, ""))}}, nil
	}}, nil
}

// parent: declares data.virtual sub-nodes, runs them in order and outputs
// their "text" outputs joined by "+"; a failed one fails the parent.
func newParentNode(def NodeDef) (Node, error) {
	var data struct {
		Virtual []struct {
			ID   string
			Type string
			Data map[string]any
		}
		Source string
		Prompt string
		Local  bool // ids "parent.local" instead of "parent_ext_i"
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	spec := Spec{Outputs: []Output{{Name: "text", Type: TypeString}}}
	for i, v := range data.Virtual {
		raw, _ := json.Marshal(v.Data)
		id := fmt.Sprintf("%s_ext_%d", def.ID, i+1)
		if data.Local {
			id = def.ID + "." + v.ID
		}
		spec.Virtual = append(spec.Virtual, VirtualNode{ID: id, Type: v.Type, Title: "Extraction " + v.ID, Data: raw,
			ExtractionSource: data.Source, ExtractionPrompt: data.Prompt})
	}
	return specNode{spec: spec, run: func(ctx context.Context, in NodeInput) (NodeResult, error) {
		var parts []string
		var ids []any
		for _, v := range spec.Virtual {
			res, err := in.RunVirtual(ctx, v.ID)
			if err != nil {
				return NodeResult{}, err
			}
			parts = append(parts, res.Outputs["text"].Text())
			ids = append(ids, v.ID)
		}
		return NodeResult{Outputs: map[string]Value{"text": String(strings.Join(parts, "+"))},
			ProcessData: map[string]any{"extraction_nodes": ids}}, nil
	}}, nil
}

// recorder is an observer that keeps every event.
type recorder struct {
	mu     sync.Mutex
	events []Event
}

func (r *recorder) Observe(e Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, e)
}

func (r *recorder) all() []Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Event(nil), r.events...)
}

// errorByName maps sentinel names used in fixtures to the sentinels.
func errorByName(name string) error {
	for _, e := range []struct {
		name string
		err  error
	}{
		{"ErrNodeTimeout", ErrNodeTimeout}, {"ErrNodePanic", ErrNodePanic}, {"ErrRunTimeout", ErrRunTimeout},
		{"ErrRunCancelled", ErrRunCancelled}, {"ErrNodeAbandoned", ErrNodeAbandoned}, {"ErrBadResult", ErrBadResult},
		{"context.DeadlineExceeded", context.DeadlineExceeded}, {"context.Canceled", context.Canceled},
	} {
		if e.name == name {
			return e.err
		}
	}
	return errors.New("unknown sentinel " + name)
}
