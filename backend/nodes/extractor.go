package nodes

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/llm"
	"lexflow/backend/nodes/tools"
)

// extractorData is Dify's parameter-extractor data.
type extractorData struct {
	Model         modelConfig     `json:"model"`
	Query         engine.Selector `json:"query"`
	Parameters    []extractParam  `json:"parameters"`
	Instruction   string          `json:"instruction"`
	ReasoningMode string          `json:"reasoning_mode"` // prompt or function_call
	Memory        *memoryConfig   `json:"memory"`
	Vision        struct {
		Enabled bool `json:"enabled"`
	} `json:"vision"`
}

type extractParam struct {
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	Description string   `json:"description"`
	Required    bool     `json:"required"`
	Options     []string `json:"options"`
}

// extractFunction is the function offered in function_call mode.
const extractFunction = "extract_parameters"

type extractor struct {
	deps   Deps
	data   extractorData
	params params
	mode   dsl.Mode
}

func newExtractor(deps Deps) engine.NodeFactory {
	return func(def engine.NodeDef) (engine.Node, error) {
		x := &extractor{deps: deps, mode: def.Mode}
		if err := decode(def, &x.data); err != nil {
			return nil, err
		}
		if err := x.configure(); err != nil {
			return nil, err
		}
		return node{spec: x.spec(), run: x.run}, nil
	}
}

func (x *extractor) configure() error {
	var err error
	if x.params, err = x.data.Model.parse(); err != nil {
		return err
	}
	if err := checkSelector("query", x.data.Query); err != nil {
		return err
	}
	if !oneOf(x.data.ReasoningMode, "", "prompt", "function_call") {
		return fieldError("reasoning_mode", "Choose how parameters are extracted.", "%q: want prompt or function_call", x.data.ReasoningMode)
	}
	if len(x.data.Parameters) == 0 {
		return fieldError("parameters", "Add at least one parameter.", "add at least one parameter")
	}
	return x.checkParams()
}

func (x *extractor) checkParams() error {
	seen := map[string]bool{}
	for i, p := range x.data.Parameters {
		field := fmt.Sprintf("parameters[%d]", i)
		if err := (engine.Selector{"x", p.Name}).Validate(); err != nil || seen[p.Name] || strings.HasPrefix(p.Name, "__") {
			return fieldError(field+".name", "Give each parameter its own name: letters, digits and _, not starting with a digit.", "%q is not a valid, unique parameter name", p.Name)
		}
		seen[p.Name] = true
		if _, ok := paramType(p.Type); !ok {
			return fieldError(field+".type", "Choose a type for this parameter.", "%q: want string, number, bool, select, array[string], array[number] or array[object]", p.Type)
		}
		if p.Type == "select" && len(p.Options) == 0 {
			return fieldError(field+".options", "A choice parameter needs options to choose from.", "a select parameter needs options")
		}
	}
	return nil
}

func (x *extractor) spec() engine.Spec {
	ins := []engine.Input{{Selector: x.data.Query, Type: engine.TypeAny, Field: "query"}}
	for _, in := range withField("instruction", templateInputs(x.data.Instruction)) {
		ins = addInput(ins, in)
	}
	outs := []engine.Output{{Name: "__is_success", Type: engine.TypeNumber}, {Name: "__reason", Type: engine.TypeString},
		{Name: "usage", Type: engine.TypeObject}, {Name: "__usage", Type: engine.TypeObject}, {Name: "context", Type: engine.TypeArrayObject}}
	for _, p := range x.data.Parameters {
		t, _ := paramType(p.Type)
		outs = append(outs, engine.Output{Name: p.Name, Type: t})
	}
	return engine.Spec{Inputs: ins, Outputs: outs}
}

func (x *extractor) run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	var w warnings
	query := textAt(in.Vars, x.data.Query)
	messages, err := x.messages(in, query, &w)
	if err != nil {
		return engine.NodeResult{}, err
	}
	m, err := x.deps.resolveModel(ctx, in, x.data.Model.ref())
	if err != nil {
		return engine.NodeResult{}, err
	}
	call := newModelCall(m, x.data.Model, x.params, messages)
	if x.data.ReasoningMode == "function_call" {
		call.req.Tools = []llm.Tool{{Name: extractFunction, Description: "Record the parameters found in the text.", Parameters: x.schema()}}
	}
	resp, err := call.chat(ctx)
	res := engine.NodeResult{Usage: &call.usage, Inputs: map[string]any{"query": query}}
	if err != nil {
		res.ProcessData = call.processData(w)
		return res, err
	}
	raw, reply := x.extracted(resp)
	res.Outputs = x.results(raw)
	res.Outputs["usage"], res.Outputs["__usage"] = engine.Object(call.usageObject()), engine.Object(call.usageObject())
	res.Outputs["context"] = engine.ValueOf(BuildContext(messages, reply))
	res.ProcessData = call.processData(w)
	res.ProcessData["extracted"] = raw
	return res, nil
}

// extracted returns the object the model produced (from its function call
// or its text) and the reply text for the context.
func (x *extractor) extracted(resp llm.Response) (map[string]any, string) {
	for _, tc := range resp.ToolCalls {
		if tc.Name == extractFunction {
			if obj, _, ok := recoverJSON(string(tc.Arguments)); ok {
				return obj, firstNonEmpty(resp.Content, string(tc.Arguments))
			}
		}
	}
	obj, _, _ := recoverJSON(resp.Content)
	return obj, resp.Content
}

// results coerces every parameter; problems make __is_success 0 and are
// listed in __reason, never failing the node.
func (x *extractor) results(raw map[string]any) map[string]engine.Value {
	out := map[string]engine.Value{}
	var problems []string
	if raw == nil {
		problems = append(problems, "the model's reply holds no JSON object")
	}
	for _, p := range x.data.Parameters {
		t, _ := paramType(p.Type)
		v, ok := valueFor(raw, p.Name)
		val, err := coerce(p, v)
		switch {
		case !ok && p.Required && raw != nil:
			problems = append(problems, fmt.Sprintf("missing required parameter %s", p.Name))
		case ok && err != nil:
			problems = append(problems, fmt.Sprintf("parameter %s: %v", p.Name, err))
		}
		if !ok || err != nil {
			val = engine.Zero(t)
		}
		out[p.Name] = val
	}
	success := 1.0
	if len(problems) > 0 {
		success = 0
	}
	out["__is_success"], out["__reason"] = engine.Number(success), engine.String(strings.Join(problems, "; "))
	return out
}

// valueFor finds a parameter in the object, by exact then case-insensitive
// name; null and "" count as absent.
func valueFor(obj map[string]any, name string) (any, bool) {
	v, ok := obj[name]
	if !ok {
		for k, val := range obj {
			if strings.EqualFold(k, name) {
				v, ok = val, true
				break
			}
		}
	}
	if !ok || v == nil || v == "" {
		return nil, false
	}
	return v, true
}

func (x *extractor) messages(in engine.NodeInput, query string, w *warnings) ([]llm.Message, error) {
	if x.data.Vision.Enabled {
		w.add("vision is not supported; image inputs were ignored")
	}
	instruction := in.Vars.Render(engine.ParseTemplate(x.data.Instruction))
	msgs := []llm.Message{{Role: llm.RoleSystem, Content: x.prompt(instruction)}}
	if x.data.Memory != nil && x.mode == dsl.ModeChatflow {
		turns, err := x.data.Memory.history(in.RunInputs)
		if err != nil {
			return nil, fail(ErrorTypeInvalidInput, "read memory: %w", err)
		}
		msgs = append(msgs, historyMessages(turns)...)
	}
	return append(msgs, llm.Message{Role: llm.RoleUser, Content: query}), nil
}

func (x *extractor) prompt(instruction string) string {
	var b strings.Builder
	b.WriteString("You extract structured parameters from the user's text.\n\nParameters:\n")
	for _, p := range x.data.Parameters {
		req := "optional"
		if p.Required {
			req = "required"
		}
		fmt.Fprintf(&b, "- %s (%s, %s): %s", p.Name, p.Type, req, p.Description)
		if len(p.Options) > 0 {
			fmt.Fprintf(&b, " One of: %s.", strings.Join(p.Options, ", "))
		}
		b.WriteString("\n")
	}
	if strings.TrimSpace(instruction) != "" {
		b.WriteString("\nInstructions:\n" + strings.TrimSpace(instruction) + "\n")
	}
	if x.data.ReasoningMode == "function_call" {
		b.WriteString("\nCall the function " + extractFunction + " with the parameters you found.")
	} else {
		b.WriteString("\nReply with only a JSON object whose keys are the parameter names; use null for a parameter the text does not give.")
	}
	return b.String()
}

// schema describes the parameters as the function's JSON Schema.
func (x *extractor) schema() json.RawMessage {
	params := make([]tools.Param, len(x.data.Parameters))
	for i, p := range x.data.Parameters {
		t, items := p.Type, ""
		switch {
		case p.Type == "select":
			t = "string"
		case p.Type == "bool":
			t = "boolean"
		case strings.HasPrefix(p.Type, "array["):
			t, items = "array", strings.TrimSuffix(strings.TrimPrefix(p.Type, "array["), "]")
		}
		params[i] = tools.Param{Name: p.Name, Type: t, Description: p.Description, Required: p.Required, Enum: p.Options, Items: items}
	}
	return tools.ObjectSchema(params...)
}
