package nodes

import (
	"context"
	"fmt"
	"strings"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/llm"
)

// classifierData is Dify's question-classifier data.
type classifierData struct {
	Query       engine.Selector `json:"query_variable_selector"`
	Model       modelConfig     `json:"model"`
	Classes     []classItem     `json:"classes"`
	Instruction string          `json:"instruction"`
	Memory      *memoryConfig   `json:"memory"`
	Vision      struct {
		Enabled bool `json:"enabled"`
	} `json:"vision"`
}

type classItem struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type classifier struct {
	deps   Deps
	data   classifierData
	params params
	mode   dsl.Mode
}

func newClassifier(deps Deps) engine.NodeFactory {
	return func(def engine.NodeDef) (engine.Node, error) {
		c := &classifier{deps: deps, mode: def.Mode}
		if err := decode(def, &c.data); err != nil {
			return nil, err
		}
		if err := c.configure(); err != nil {
			return nil, err
		}
		return node{spec: c.spec(), run: c.run}, nil
	}
}

func (c *classifier) configure() error {
	var err error
	if c.params, err = c.data.Model.parse(); err != nil {
		return err
	}
	if err := checkSelector("query_variable_selector", c.data.Query); err != nil {
		return err
	}
	if len(c.data.Classes) == 0 {
		return fieldError("classes", "Add at least one class.", "add at least one class")
	}
	seen := map[string]bool{}
	for i, cl := range c.data.Classes {
		if cl.ID == "" || seen[cl.ID] || cl.ID == engine.HandleFailBranch {
			return fieldError(fmt.Sprintf("classes[%d].id", i), "Each class needs its own id.", "%q is empty, reserved or used twice", cl.ID)
		}
		seen[cl.ID] = true
	}
	return nil
}

func (c *classifier) spec() engine.Spec {
	ins := []engine.Input{{Selector: c.data.Query, Type: engine.TypeAny, Field: "query_variable_selector"}}
	for _, in := range withField("instruction", templateInputs(c.data.Instruction)) {
		ins = addInput(ins, in)
	}
	handles := make([]string, len(c.data.Classes))
	for i, cl := range c.data.Classes {
		handles[i] = cl.ID
	}
	return engine.Spec{Inputs: ins, Handles: handles, Outputs: []engine.Output{
		{Name: "class_name", Type: engine.TypeString}, {Name: "class_id", Type: engine.TypeString},
		{Name: "usage", Type: engine.TypeObject}, {Name: "context", Type: engine.TypeArrayObject},
	}}
}

func (c *classifier) run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	var w warnings
	query := textAt(in.Vars, c.data.Query)
	messages, err := c.messages(in, query, &w)
	if err != nil {
		return engine.NodeResult{}, err
	}
	m, err := c.deps.resolveModel(ctx, in, c.data.Model.ref())
	if err != nil {
		return engine.NodeResult{}, err
	}
	call := newModelCall(m, c.data.Model, c.params, messages)
	resp, err := call.chat(ctx)
	res := engine.NodeResult{Usage: &call.usage, Inputs: map[string]any{"query": query}}
	if err != nil {
		res.ProcessData = call.processData(w)
		return res, err
	}
	class, how := matchClass(resp.Content, c.data.Classes)
	if how == matchNone {
		class = c.data.Classes[0]
		w.add("the model's reply names no class; fell back to the first class %q", class.Name)
	}
	res.ProcessData = call.processData(w)
	res.ProcessData["match"] = string(how)
	res.Handle = class.ID
	res.Outputs = outputs(map[string]any{"class_name": class.Name, "class_id": class.ID,
		"usage": call.usageObject(), "context": BuildContext(messages, resp.Content)})
	return res, nil
}

// messages: the instructions and classes as a system message, then (with
// memory in a chatflow) earlier turns, then the text to classify.
func (c *classifier) messages(in engine.NodeInput, query string, w *warnings) ([]llm.Message, error) {
	if c.data.Vision.Enabled {
		w.add("vision is not supported; image inputs were ignored")
	}
	instruction := in.Vars.Render(engine.ParseTemplate(c.data.Instruction))
	msgs := []llm.Message{{Role: llm.RoleSystem, Content: classifierPrompt(c.data.Classes, instruction)}}
	if c.data.Memory != nil && c.mode == dsl.ModeChatflow {
		turns, err := c.data.Memory.history(in.RunInputs)
		if err != nil {
			return nil, fail(ErrorTypeInvalidInput, "read memory: %w", err)
		}
		msgs = append(msgs, historyMessages(turns)...)
	}
	return append(msgs, llm.Message{Role: llm.RoleUser, Content: query}), nil
}

func classifierPrompt(classes []classItem, instruction string) string {
	var b strings.Builder
	b.WriteString("You are a text classification engine. Assign exactly one category to the user's text.\n\nCategories:\n")
	for _, cl := range classes {
		fmt.Fprintf(&b, "- category_id %q: %s\n", cl.ID, cl.Name)
	}
	if strings.TrimSpace(instruction) != "" {
		b.WriteString("\nInstructions:\n" + strings.TrimSpace(instruction) + "\n")
	}
	b.WriteString("\nReply with only a JSON object and nothing else: {\"category_id\": \"<id>\", \"category_name\": \"<name>\"}")
	return b.String()
}
