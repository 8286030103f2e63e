package engine

import (
	"context"
	"fmt"
	"strings"
)

// Stubs of the Dify-compatible node types, reading Dify's data shapes only as
// far as declaring inputs, outputs and handles needs. They prove imported
// Dify apps compile and run on the engine; backend/nodes has the real ones.

func difyRegistry() *Registry {
	r := testRegistry()
	for typ, f := range map[string]NodeFactory{
		"llm": newStubLLM, "knowledge-retrieval": newStubRetrieval, "question-classifier": newStubClassifier,
		"parameter-extractor": newStubExtractor, "if-else": newStubIfElse, "template-transform": newStubTemplate,
		"variable-aggregator": newStubAggregator, "tool": newStubTool,
	} {
		if err := r.Register(typ, f); err != nil {
			panic(err)
		}
	}
	return r
}

func refsIn(texts ...string) []Input {
	var ins []Input
	for _, t := range texts {
		for _, sel := range TemplateRefs(t) {
			ins = append(ins, Input{Selector: sel})
		}
	}
	return ins
}

func stub(spec Spec, run func(in NodeInput) (NodeResult, error)) specNode {
	return specNode{spec: spec, run: func(_ context.Context, in NodeInput) (NodeResult, error) { return run(in) }}
}

func newStubLLM(def NodeDef) (Node, error) {
	var data struct {
		PromptTemplate []struct{ Text string } `json:"prompt_template"`
		Context        struct {
			Enabled          bool
			VariableSelector Selector `json:"variable_selector"`
		}
		Memory *struct {
			Query string `json:"query_prompt_template"`
		}
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	spec := Spec{Streams: []string{"text"}, Outputs: []Output{{"text", TypeString}, {"reasoning_content", TypeString},
		{"usage", TypeObject}, {"context", TypeArrayObject}}}
	for _, p := range data.PromptTemplate {
		spec.Inputs = append(spec.Inputs, refsIn(p.Text)...)
	}
	if data.Memory != nil {
		spec.Inputs = append(spec.Inputs, refsIn(data.Memory.Query)...)
	}
	if data.Context.Enabled {
		spec.Inputs = append(spec.Inputs, Input{Selector: data.Context.VariableSelector})
	}
	return specNode{spec: spec, run: func(_ context.Context, in NodeInput) (NodeResult, error) {
		text := "[" + def.Title + "]"
		for _, part := range []string{text[:len(text)/2], text[len(text)/2:]} {
			if err := in.Stream("text", part); err != nil {
				return NodeResult{}, err
			}
		}
		return NodeResult{Outputs: map[string]Value{"text": String(text)}}, nil
	}}, nil
}

func newStubRetrieval(def NodeDef) (Node, error) {
	var data struct {
		Query Selector `json:"query_variable_selector"`
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	spec := Spec{Inputs: []Input{{Selector: data.Query, Type: TypeString}}, Outputs: []Output{{"result", TypeArrayObject}}}
	return stub(spec, func(NodeInput) (NodeResult, error) {
		hit := map[string]any{"content": "Article 12: rent is due monthly.", "title": "Lease law"}
		return NodeResult{Outputs: map[string]Value{"result": Array(TypeObject, []any{hit})}}, nil
	}), nil
}

func newStubClassifier(def NodeDef) (Node, error) {
	var data struct {
		Query   Selector `json:"query_variable_selector"`
		Classes []struct{ ID, Name string }
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	spec := Spec{Inputs: []Input{{Selector: data.Query, Type: TypeString}}, Outputs: []Output{{"class_name", TypeString}}}
	for _, c := range data.Classes {
		spec.Handles = append(spec.Handles, c.ID)
	}
	return stub(spec, func(in NodeInput) (NodeResult, error) {
		pick := data.Classes[0]
		for _, c := range data.Classes {
			if c.ID == fmt.Sprint(in.RunInputs["class"]) {
				pick = c
			}
		}
		return NodeResult{Handle: pick.ID, Outputs: map[string]Value{"class_name": String(pick.Name)}}, nil
	}), nil
}

func newStubExtractor(def NodeDef) (Node, error) {
	var data struct {
		Query      Selector
		Parameters []struct{ Name, Type string }
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	spec := Spec{Inputs: []Input{{Selector: data.Query}}, Outputs: []Output{{"__is_success", TypeNumber}, {"__reason", TypeString}}}
	for _, p := range data.Parameters {
		t, _ := ParseType(p.Type)
		spec.Outputs = append(spec.Outputs, Output{p.Name, t})
	}
	return stub(spec, func(NodeInput) (NodeResult, error) {
		out := map[string]Value{"__is_success": Number(1), "__reason": String("")}
		for _, p := range data.Parameters {
			out[p.Name] = Zero(Type(p.Type))
		}
		out["article"] = Number(12)
		return NodeResult{Outputs: out}, nil
	}), nil
}

func newStubIfElse(def NodeDef) (Node, error) {
	type condition struct {
		Selector Selector `json:"variable_selector"`
		Value    string
	}
	var data struct {
		Cases []struct {
			CaseID     string `json:"case_id"`
			Conditions []condition
		}
		Conditions []condition // DSL 0.1.0: one implicit case, "true"
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	var spec Spec
	conds := data.Conditions
	if len(data.Cases) == 0 {
		spec.Handles = []string{"true"}
	}
	for _, c := range data.Cases {
		spec.Handles = append(spec.Handles, c.CaseID)
		conds = append(conds, c.Conditions...)
	}
	spec.Handles = append(spec.Handles, "false")
	for _, c := range conds {
		spec.Inputs = append(spec.Inputs, Input{Selector: c.Selector})
		spec.Inputs = append(spec.Inputs, refsIn(c.Value)...)
	}
	return stub(spec, func(in NodeInput) (NodeResult, error) {
		if in.RunInputs["else"] == true {
			return NodeResult{Handle: "false"}, nil
		}
		return NodeResult{Handle: spec.Handles[0]}, nil
	}), nil
}

type namedSelector struct {
	Variable string
	Selector Selector `json:"value_selector"`
}

func newStubTemplate(def NodeDef) (Node, error) {
	var data struct {
		Template  string
		Variables []namedSelector
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	spec := Spec{Outputs: []Output{{"output", TypeString}}}
	for _, v := range data.Variables {
		spec.Inputs = append(spec.Inputs, Input{Selector: v.Selector})
	}
	return stub(spec, func(in NodeInput) (NodeResult, error) {
		out := data.Template
		for _, v := range data.Variables {
			val, _ := in.Vars.Get(v.Selector)
			out = strings.ReplaceAll(out, "{{ "+v.Variable+" }}", val.Text())
		}
		return NodeResult{Outputs: map[string]Value{"output": String(out)}}, nil
	}), nil
}

func newStubAggregator(def NodeDef) (Node, error) {
	var data struct {
		OutputType string `json:"output_type"`
		Variables  []Selector
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	t, err := ParseType(data.OutputType)
	if err != nil {
		return nil, err
	}
	spec := Spec{Outputs: []Output{{"output", t}}}
	for _, sel := range data.Variables {
		spec.Inputs = append(spec.Inputs, Input{Selector: sel, Type: t})
	}
	return stub(spec, func(in NodeInput) (NodeResult, error) {
		for _, sel := range data.Variables {
			if v, ok := in.Vars.Get(sel); ok {
				return NodeResult{Outputs: map[string]Value{"output": v}}, nil
			}
		}
		return NodeResult{Outputs: map[string]Value{}}, nil
	}), nil
}

func newStubTool(def NodeDef) (Node, error) {
	var data struct {
		Params map[string]struct {
			Type  string
			Value any
		} `json:"tool_parameters"`
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	spec := Spec{Outputs: []Output{{"text", TypeString}, {"files", TypeArrayFile}, {"json", TypeArrayObject}}}
	for _, p := range data.Params {
		switch v := p.Value.(type) {
		case []any:
			sel := make(Selector, len(v))
			for i, s := range v {
				sel[i] = fmt.Sprint(s)
			}
			spec.Inputs = append(spec.Inputs, Input{Selector: sel})
		case string:
			spec.Inputs = append(spec.Inputs, refsIn(v)...)
		}
	}
	return stub(spec, func(in NodeInput) (NodeResult, error) {
		if in.RunInputs["tool_fails"] == true {
			return NodeResult{}, fmt.Errorf("no such article")
		}
		return NodeResult{Outputs: map[string]Value{"text": String("Article 12 text")}}, nil
	}), nil
}
