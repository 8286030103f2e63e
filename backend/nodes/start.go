package nodes

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
)

// start declares the run's inputs (Dify's start variables) as its outputs
// and checks the values a run brings: required ones present, numbers and
// booleans parsed, select values among the options, text within max_length.
// In a chatflow the system variables (sys.query, sys.files, ...) live in
// the sys namespace ({{#sys.query#}}); Start records sys.query among its
// inputs so the run's trace shows it.
type startData struct {
	Variables []startVariable `json:"variables"`
}

type startVariable struct {
	Variable  string   `json:"variable"`
	Label     string   `json:"label"`
	Type      string   `json:"type"`
	Required  bool     `json:"required"`
	MaxLength int      `json:"max_length"`
	Options   []string `json:"options"`
	Default   any      `json:"default"`
}

func newStart(def engine.NodeDef) (engine.Node, error) {
	var data startData
	if err := decode(def, &data); err != nil {
		return nil, err
	}
	spec := engine.Spec{Role: engine.RoleStart}
	seen := map[string]bool{}
	for i, v := range data.Variables {
		t, err := startType(v.Type)
		if err != nil {
			return nil, fieldError(fmt.Sprintf("variables[%d].type", i), "Choose a type for this input.", "%v", err)
		}
		if err := engine.Selector([]string{"start", v.Variable}).Validate(); err != nil || seen[v.Variable] {
			return nil, fieldError(fmt.Sprintf("variables[%d].variable", i), "Give each input its own name: letters, digits and _, not starting with a digit.", "%q is not a valid, unique variable name", v.Variable)
		}
		seen[v.Variable] = true
		spec.Outputs = append(spec.Outputs, engine.Output{Name: v.Variable, Type: t})
	}
	if def.Mode == dsl.ModeChatflow {
		spec.Inputs = []engine.Input{{Selector: engine.Selector{engine.NamespaceSys, engine.SysQuery}, Type: engine.TypeString}}
	}
	return node{spec: spec, run: func(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
		return runStart(data.Variables, spec.Outputs, in)
	}}, nil
}

// startType maps Dify's form types (and plain type names) to value types.
func startType(form string) (engine.Type, error) {
	switch form {
	case "text-input", "paragraph", "select", "":
		return engine.TypeString, nil
	case "number":
		return engine.TypeNumber, nil
	case "checkbox":
		return engine.TypeBool, nil
	case "file":
		return engine.TypeFile, nil
	case "file-list":
		return engine.TypeArrayFile, nil
	case "json_object":
		return engine.TypeObject, nil
	}
	return engine.ParseType(form)
}

func runStart(vars []startVariable, outs []engine.Output, in engine.NodeInput) (engine.NodeResult, error) {
	res := engine.NodeResult{Outputs: map[string]engine.Value{}, Inputs: map[string]any{}}
	for i, v := range vars {
		raw, given := in.RunInputs[v.Variable]
		if !given || raw == nil || raw == "" {
			raw, given = v.Default, v.Default != nil && v.Default != ""
		}
		if !given {
			if v.Required {
				return res, fail(ErrorTypeInvalidInput, "read input %s: %q is required", v.Variable, firstNonEmpty(v.Label, v.Variable))
			}
			continue
		}
		val, err := startValue(v, outs[i].Type, raw)
		if err != nil {
			return res, fail(ErrorTypeInvalidInput, "read input %s: %w", v.Variable, err)
		}
		res.Outputs[v.Variable], res.Inputs[v.Variable] = val, raw
	}
	if q, ok := in.Vars.Get(engine.Selector{engine.NamespaceSys, engine.SysQuery}); ok {
		res.Inputs["sys.query"] = q.Text()
	}
	return res, nil
}

func startValue(v startVariable, t engine.Type, raw any) (engine.Value, error) {
	val := engine.ValueOf(raw)
	switch t {
	case engine.TypeNumber:
		return numberValue(val)
	case engine.TypeBool:
		b, ok := boolOf(val)
		if !ok {
			return val, fmt.Errorf("%q is not true or false", val.Text())
		}
		return engine.Bool(b), nil
	case engine.TypeString:
		return stringInput(v, val)
	}
	if val.Type() != t && !(t.IsArray() && val.Type().IsArray()) {
		return val, fmt.Errorf("got %s, want %s", val.Type(), t)
	}
	return val, nil
}

func stringInput(v startVariable, val engine.Value) (engine.Value, error) {
	s := val.Text()
	if v.MaxLength > 0 && utf8.RuneCountInString(s) > v.MaxLength {
		return val, fmt.Errorf("%d characters, at most %d allowed", utf8.RuneCountInString(s), v.MaxLength)
	}
	if v.Type == "select" && len(v.Options) > 0 && !slices.Contains(v.Options, s) {
		return val, fmt.Errorf("%q is not one of %s", s, quoted(v.Options))
	}
	return engine.String(s), nil
}

func numberValue(val engine.Value) (engine.Value, error) {
	if f, ok := val.Any().(float64); ok {
		return engine.Number(f), nil
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(foldNumber(val.Text())), 64)
	if err != nil {
		return val, fmt.Errorf("%q is not a number", val.Text())
	}
	return engine.Number(f), nil
}

// boolOf reads booleans written the ways people and models write them.
func boolOf(val engine.Value) (bool, bool) {
	switch x := val.Any().(type) {
	case bool:
		return x, true
	case float64:
		return x != 0, true
	}
	switch strings.ToLower(strings.TrimSpace(val.Text())) {
	case "true", "yes", "y", "1", "on", "نعم", "صحيح":
		return true, true
	case "false", "no", "n", "0", "off", "لا", "خطأ":
		return false, true
	}
	return false, false
}
