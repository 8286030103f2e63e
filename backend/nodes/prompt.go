package nodes

import (
	"encoding/json"
	"fmt"
	"strings"

	"lexflow/backend/engine"
	"lexflow/backend/llm"
	"lexflow/backend/nodes/jinja"
)

// Markers Dify prompts use that are not variable selectors.
const (
	contextMarker   = "{{#context#}}"   // the context variable's text
	historiesMarker = "{{#histories#}}" // completion mode: earlier turns
)

// promptItem is one message of Dify's prompt_template (a list for chat
// models, one object for completion models). edition_type "jinja2" renders
// jinja2_text with prompt_config.jinja2_variables instead of text.
type promptItem struct {
	Role        string `json:"role"`
	Text        string `json:"text"`
	EditionType string `json:"edition_type"`
	Jinja2Text  string `json:"jinja2_text"`
}

// jinjaVar is one of prompt_config.jinja2_variables.
type jinjaVar struct {
	Variable      string          `json:"variable"`
	ValueSelector engine.Selector `json:"value_selector"`
}

type promptPart struct {
	role  llm.Role
	tpl   engine.Template
	jinja *jinja.Template
}

// prompt is a parsed prompt_template.
type prompt struct {
	parts     []promptPart
	jinjaVars []jinjaVar
}

// parsePrompt reads prompt_template in either of its shapes.
func parsePrompt(raw json.RawMessage, jv []jinjaVar) (prompt, error) {
	var items []promptItem
	s := strings.TrimSpace(string(raw))
	switch {
	case s == "" || s == "null":
	case s[0] == '{':
		var one promptItem
		if err := json.Unmarshal(raw, &one); err != nil {
			return prompt{}, fieldError("prompt_template", "The prompt could not be read: write it again.", "%v", err)
		}
		one.Role = firstNonEmpty(one.Role, "user")
		items = []promptItem{one}
	default:
		if err := json.Unmarshal(raw, &items); err != nil {
			return prompt{}, fieldError("prompt_template", "The prompt could not be read: write it again.", "want a list of {role, text}: %v", err)
		}
	}
	p := prompt{jinjaVars: jv}
	for i, it := range items {
		part, err := parsePart(it)
		if err != nil {
			return prompt{}, fieldError(fmt.Sprintf("prompt_template[%d]", i), "This message of the prompt is not valid: check its role and its template.", "%v", err)
		}
		p.parts = append(p.parts, part)
	}
	return p, checkJinjaVars(jv)
}

func parsePart(it promptItem) (promptPart, error) {
	role := llm.Role(it.Role)
	if !oneOf(it.Role, "system", "user", "assistant") {
		return promptPart{}, fmt.Errorf("role %q: want system, user or assistant", it.Role)
	}
	if it.EditionType != "jinja2" {
		return promptPart{role: role, tpl: engine.ParseTemplate(it.Text)}, nil
	}
	t, err := jinja.Parse(it.Jinja2Text)
	if err != nil {
		return promptPart{}, fmt.Errorf("jinja2_text: %w", err)
	}
	return promptPart{role: role, jinja: t}, nil
}

func checkJinjaVars(jv []jinjaVar) error {
	for i, v := range jv {
		if err := checkSelector(fmt.Sprintf("prompt_config.jinja2_variables[%d].value_selector", i), v.ValueSelector); err != nil {
			return err
		}
	}
	return nil
}

// inputs declares what the prompt reads.
func (p prompt) inputs() []engine.Input {
	var ins []engine.Input
	for i, part := range p.parts {
		if part.jinja == nil {
			ins = append(ins, withField(fmt.Sprintf("prompt_template.%d.text", i), templateInputs(part.tpl.String()))...)
		}
	}
	for i, v := range p.jinjaVars {
		ins = addInput(ins, engine.Input{Selector: v.ValueSelector, Type: engine.TypeAny, Field: fmt.Sprintf("prompt_config.jinja2_variables.%d.value_selector", i)})
	}
	return ins
}

// markers are the texts Dify's special placeholders stand for.
type markers struct {
	context, histories string
}

// render builds the messages.
func (p prompt) render(vars engine.Vars, m markers) ([]llm.Message, error) {
	out := make([]llm.Message, 0, len(p.parts))
	for _, part := range p.parts {
		text, err := p.renderPart(part, vars, m)
		if err != nil {
			return nil, err
		}
		out = append(out, llm.Message{Role: part.role, Content: text})
	}
	return out, nil
}

func (p prompt) renderPart(part promptPart, vars engine.Vars, m markers) (string, error) {
	if part.jinja != nil {
		data := map[string]any{"context": m.context}
		for _, v := range p.jinjaVars {
			if val, ok := vars.Get(v.ValueSelector); ok {
				data[v.Variable] = plainValue(val)
			}
		}
		text, err := part.jinja.Render(data, jinja.Limits{})
		if err != nil {
			return "", fail(ErrorTypeInvalidInput, "render prompt: %w", err)
		}
		return text, nil
	}
	return renderWithMarkers(part.tpl, vars, m), nil
}

// renderWithMarkers renders a template, replacing Dify's placeholders in
// its literal text only (never inside variable values).
func renderWithMarkers(t engine.Template, vars engine.Vars, m markers) string {
	var b strings.Builder
	r := strings.NewReplacer(contextMarker, m.context, historiesMarker, m.histories)
	for _, seg := range t {
		if !seg.IsRef() {
			b.WriteString(r.Replace(seg.Text))
			continue
		}
		if v, ok := vars.Get(seg.Ref); ok {
			b.WriteString(v.Text())
		}
	}
	return b.String()
}

// contextText renders the context variable: a string as is, retrieval
// results (objects with "content") as their contents, one per paragraph.
func contextText(v engine.Value) string {
	items, ok := v.Any().([]any)
	if !ok {
		return v.Text()
	}
	parts := make([]string, 0, len(items))
	for _, it := range items {
		if m, isMap := it.(map[string]any); isMap {
			if c, hasContent := m["content"].(string); hasContent {
				parts = append(parts, c)
				continue
			}
		}
		parts = append(parts, engine.ValueOf(it).Text())
	}
	return strings.Join(parts, "\n")
}
