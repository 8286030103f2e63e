package nodes

import (
	"context"
	"fmt"

	"lexflow/backend/engine"
	"lexflow/backend/nodes/jinja"
)

// template-transform renders Dify's Jinja2 template with a safe subset
// (package jinja): variables [{variable, value_selector}] are the names the
// template sees; the result is "output". Output size and loop iterations
// are bounded (jinja.DefaultLimits, or max_output_length in characters).
type templateData struct {
	Template        string        `json:"template"`
	Variables       []templateVar `json:"variables"`
	MaxOutputLength int           `json:"max_output_length"`
}

type templateVar struct {
	Variable      string          `json:"variable"`
	ValueSelector engine.Selector `json:"value_selector"`
}

func newTemplateTransform(def engine.NodeDef) (engine.Node, error) {
	var data templateData
	if err := decode(def, &data); err != nil {
		return nil, err
	}
	tpl, err := jinja.Parse(data.Template)
	if err != nil {
		return nil, fieldError("template", "The template has a mistake: check its braces and tags.", "%v", err)
	}
	ins, err := namedInputs(data.Variables)
	if err != nil {
		return nil, err
	}
	spec := engine.Spec{Inputs: ins, Outputs: []engine.Output{{Name: "output", Type: engine.TypeString}}}
	lim := jinja.DefaultLimits
	if data.MaxOutputLength > 0 {
		lim.MaxOutput = min(data.MaxOutputLength*4, lim.MaxOutput) // characters → bytes, at most the default
	}
	return node{spec: spec, run: func(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
		return runTemplate(tpl, data.Variables, lim, in)
	}}, nil
}

// namedInputs checks variables [{variable, value_selector}] (the names a
// template or a code node's main sees) and declares what they read.
func namedInputs(vars []templateVar) ([]engine.Input, error) {
	var ins []engine.Input
	for i, v := range vars {
		field := fmt.Sprintf("variables[%d]", i)
		if err := (engine.Selector{"t", v.Variable}).Validate(); err != nil {
			return nil, fieldError(field+".variable", "Name the variable with letters, digits and _, not starting with a digit.", "%q is not a valid name", v.Variable)
		}
		if err := checkSelector(field+".value_selector", v.ValueSelector); err != nil {
			return nil, err
		}
		ins = addInput(ins, engine.Input{Selector: v.ValueSelector, Type: engine.TypeAny, Field: field + ".value_selector"})
	}
	return ins, nil
}

func runTemplate(tpl *jinja.Template, vars []templateVar, lim jinja.Limits, in engine.NodeInput) (engine.NodeResult, error) {
	data := map[string]any{}
	for _, v := range vars {
		if val, ok := in.Vars.Get(v.ValueSelector); ok {
			data[v.Variable] = plainValue(val)
		}
	}
	out, err := tpl.Render(data, lim)
	res := engine.NodeResult{Inputs: data}
	if err != nil {
		return res, fail(ErrorTypeInvalidInput, "render template: %w", err)
	}
	res.Outputs = map[string]engine.Value{"output": engine.String(out)}
	return res, nil
}
