package nodes

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"lexflow/backend/engine"
	"lexflow/backend/nodes/python"
	"lexflow/backend/nodes/script"
)

// code runs the user's function main in a sandbox (package script), as
// Dify writes it: code, code_language (javascript | python3), variables
// [{variable, value_selector}] passed to main by name, and outputs {name:
// {type}} — main's result must hold each declared output with its type
// (string, number, boolean, object, array[string|number|boolean|object]);
// a missing or wrongly typed output fails the node, names it takes no more
// than 400,000 characters of text each, and objects nest at most 5 deep
// (Dify's limits). Undeclared results are dropped, with a warning.
//
// JavaScript runs on goja (package script), Python 3 on gpython in a child
// process (package python); code that does not parse, or imports a module
// the sandbox lacks, is a compile problem naming the node, never skipped.
type codeData struct {
	Code      string                `json:"code"`
	Language  string                `json:"code_language"`
	Variables []templateVar         `json:"variables"`
	Outputs   map[string]codeOutput `json:"outputs"`
}

type codeOutput struct {
	Type string `json:"type"`
}

// Error types of a code node's failures.
const (
	ErrorTypeCodeError     = "code_error"
	ErrorTypeInvalidOutput = "invalid_output"
	ErrorTypeTimeout       = "timeout"
)

// Dify's limits on a code node's results.
const (
	codeMaxString = 400_000
	codeMaxDepth  = 5
)

func newCode(def engine.NodeDef) (engine.Node, error) {
	var data codeData
	if err := decode(def, &data); err != nil {
		return nil, err
	}
	runMain, err := compileCode(data)
	if err != nil {
		return nil, err
	}
	spec, err := codeSpec(data)
	if err != nil {
		return nil, err
	}
	return node{spec: spec, run: func(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
		return runCode(ctx, runMain, data, spec.Outputs, in)
	}}, nil
}

// mainFunc calls a compiled program's main with its arguments by name.
type mainFunc func(ctx context.Context, args map[string]any) (map[string]any, error)

func compileCode(data codeData) (mainFunc, error) {
	switch data.Language {
	case "javascript":
		p, err := script.CompileJS(data.Code)
		if err != nil {
			return nil, fieldError("code", "The code has a mistake: check it.", "%v", err)
		}
		return func(ctx context.Context, args map[string]any) (map[string]any, error) {
			return script.RunJS(ctx, p, args, script.DefaultLimits)
		}, nil
	case "python3":
		p, err := python.Compile(data.Code)
		if errors.Is(err, python.ErrNoModule) {
			return nil, fieldError("code", "Code nodes can import only "+strings.Join(python.Modules, ", ")+": rewrite the code without this import.", "%v", err)
		}
		if err != nil {
			return nil, fieldError("code", "The code has a mistake or uses syntax newer than Python 3.4 (such as a format spec in an f-string): check it.", "%v", err)
		}
		return func(ctx context.Context, args map[string]any) (map[string]any, error) {
			return python.Run(ctx, p, args, script.DefaultLimits)
		}, nil
	}
	return nil, fieldError("code_language", "Choose JavaScript or Python 3.", "code language %q", data.Language)
}

func codeSpec(data codeData) (engine.Spec, error) {
	ins, err := namedInputs(data.Variables)
	spec := engine.Spec{Inputs: ins}
	if err != nil {
		return spec, err
	}
	if len(data.Outputs) == 0 {
		return spec, fieldError("outputs", "Declare at least one output.", "no outputs")
	}
	for _, name := range slices.Sorted(maps.Keys(data.Outputs)) {
		t, err := codeOutputType(data.Outputs[name].Type)
		if err != nil {
			return spec, fieldError("outputs."+name+".type", "Choose the output's type.", "%v", err)
		}
		if (engine.Selector{"c", name}).Validate() != nil {
			return spec, fieldError("outputs."+name, "Name the output with letters, digits and _.", "%q is not a valid name", name)
		}
		spec.Outputs = append(spec.Outputs, engine.Output{Name: name, Type: t})
	}
	return spec, nil
}

func codeOutputType(s string) (engine.Type, error) {
	t, err := engine.ParseType(s)
	if err != nil {
		return "", err
	}
	switch t {
	case engine.TypeString, engine.TypeNumber, engine.TypeBool, engine.TypeObject,
		engine.TypeArrayString, engine.TypeArrayNumber, engine.TypeArrayBool, engine.TypeArrayObject:
		return t, nil
	}
	return "", fmt.Errorf("a code node cannot output %s", t)
}

func runCode(ctx context.Context, runMain mainFunc, data codeData, outs []engine.Output, in engine.NodeInput) (engine.NodeResult, error) {
	args := map[string]any{}
	for _, v := range data.Variables {
		val, _ := in.Vars.Get(v.ValueSelector)
		args[v.Variable] = plainValue(val)
	}
	res := engine.NodeResult{Inputs: args}
	result, err := runMain(ctx, args)
	if err != nil {
		return res, codeFailure(err)
	}
	res.Outputs = map[string]engine.Value{}
	for _, o := range outs {
		v, err := checkCodeOutput(o, result)
		if err != nil {
			return res, fail(ErrorTypeInvalidOutput, "check output %s: %w", o.Name, err)
		}
		res.Outputs[o.Name] = v
		delete(result, o.Name)
	}
	var w warnings
	if len(result) > 0 {
		w.add("main returned results no output declares, dropped: %s", quoted(slices.Sorted(maps.Keys(result))))
	}
	res.ProcessData = w.into(map[string]any{"language": data.Language})
	return res, nil
}

func codeFailure(err error) error {
	if errors.Is(err, script.ErrTimeout) {
		return fail(ErrorTypeTimeout, "%w", err)
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	return fail(ErrorTypeCodeError, "%w", err)
}

// checkCodeOutput checks one declared output of main's result.
func checkCodeOutput(o engine.Output, result map[string]any) (engine.Value, error) {
	x, ok := result[o.Name]
	if !ok {
		return engine.Value{}, fmt.Errorf("main's result has no %q", o.Name)
	}
	if x == nil {
		return engine.Zero(o.Type), nil
	}
	if err := checkCodeValue(o.Type, x, 0); err != nil {
		return engine.Value{}, err
	}
	if o.Type.IsArray() {
		return engine.Array(o.Type.Elem(), x.([]any)), nil
	}
	return engine.ValueOf(x), nil
}

func checkCodeValue(t engine.Type, x any, depth int) error {
	if depth > codeMaxDepth {
		return fmt.Errorf("nests deeper than %d levels", codeMaxDepth)
	}
	switch v := x.(type) {
	case []any:
		if !t.IsArray() && t != engine.TypeAny {
			return mismatch(x, t)
		}
		for i, it := range v {
			if err := checkCodeValue(t.Elem(), it, depth+1); err != nil {
				return fmt.Errorf("item %d %w", i, err)
			}
		}
	case map[string]any:
		if t != engine.TypeObject && t != engine.TypeAny {
			return mismatch(x, t)
		}
		for _, item := range v {
			if err := checkCodeValue(engine.TypeAny, item, depth+1); err != nil {
				return err
			}
		}
	case string:
		if t != engine.TypeString && t != engine.TypeAny {
			return mismatch(x, t)
		}
		if utf8.RuneCountInString(v) > codeMaxString {
			return fmt.Errorf("is longer than %d characters", codeMaxString)
		}
	case float64:
		if t != engine.TypeNumber && t != engine.TypeAny {
			return mismatch(x, t)
		}
	case bool:
		if t != engine.TypeBool && t != engine.TypeAny {
			return mismatch(x, t)
		}
	}
	return nil
}

func mismatch(x any, want engine.Type) error {
	return fmt.Errorf("is %s, want %s: %w", engine.ValueOf(x).Type(), want, engine.ErrTypeMismatch)
}
