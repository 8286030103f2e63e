package nodes

import (
	"fmt"
	"slices"
	"strconv"

	"lexflow/backend/llm"
)

// modelConfig is Dify's model block: {provider, name, mode,
// completion_params: {temperature, top_p, max_tokens, seed, stop, think,
// response_format, ...}}.
type modelConfig struct {
	Provider         string         `json:"provider"`
	Name             string         `json:"name"`
	Mode             string         `json:"mode"`
	CompletionParams map[string]any `json:"completion_params"`
}

// params are the completion parameters our providers understand.
type params struct {
	temperature *float64
	topP        *float64
	maxTokens   int
	seed        *int
	stop        []string
	think       *bool
	json        bool
	format      llm.Format // the strongest reply format a cited answer may ask for ("" is the schema)
	ignored     []string   // Dify parameters no provider here takes
}

func (m modelConfig) ref() ModelRef { return ModelRef{Provider: m.Provider, Name: m.Name} }

// parse checks the block; field errors name "model.…".
func (m modelConfig) parse() (params, error) {
	var p params
	if !oneOf(m.Mode, "", "chat", "completion") {
		return p, fieldError("model.mode", "Choose chat or completion.", "%q: want chat or completion", m.Mode)
	}
	keys := make([]string, 0, len(m.CompletionParams))
	for k := range m.CompletionParams {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if err := p.set(k, m.CompletionParams[k]); err != nil {
			return p, fieldError("model.completion_params."+k, "This model setting has a value the model cannot take.", "%v", err)
		}
	}
	return p, nil
}

func (p *params) set(key string, v any) error {
	if v == nil {
		return nil
	}
	var err error
	switch key {
	case "temperature":
		p.temperature, err = floatParam(v)
	case "top_p":
		p.topP, err = floatParam(v)
	case "max_tokens", "num_predict", "max_tokens_to_sample":
		p.maxTokens, err = intParam(v)
	case "seed":
		var n int
		n, err = intParam(v)
		p.seed = &n
	case "stop":
		p.stop, err = stopParam(v)
	case "think", "enable_thinking":
		p.think, err = boolParam(v)
	case "response_format":
		p.json = v == "json_object" || v == "json" || v == "JSON"
		p.format = responseFormat(v)
	default:
		p.ignored = append(p.ignored, key)
	}
	return err
}

// responseFormat caps a cited answer's reply format: text asks for none,
// json_object for JSON mode without the schema; json_schema, like no
// setting, lets it use the answer schema where the server takes one.
func responseFormat(v any) llm.Format {
	switch v {
	case "text":
		return llm.FormatProse
	case "json_object", "json", "JSON":
		return llm.FormatJSON
	}
	return ""
}

func floatParam(v any) (*float64, error) {
	switch x := v.(type) {
	case float64:
		return &x, nil
	case string:
		f, err := strconv.ParseFloat(x, 64)
		if err == nil {
			return &f, nil
		}
	}
	return nil, fmt.Errorf("%v is not a number", v)
}

func intParam(v any) (int, error) {
	f, err := floatParam(v)
	if err != nil || *f < 0 || *f != float64(int(*f)) {
		return 0, fmt.Errorf("%v is not a whole number ≥ 0", v)
	}
	return int(*f), nil
}

func boolParam(v any) (*bool, error) {
	b, ok := v.(bool)
	if !ok {
		return nil, fmt.Errorf("%v is not true or false", v)
	}
	return &b, nil
}

func stopParam(v any) ([]string, error) {
	switch x := v.(type) {
	case string:
		return []string{x}, nil
	case []any:
		out := make([]string, 0, len(x))
		for _, s := range x {
			str, ok := s.(string)
			if !ok {
				return nil, fmt.Errorf("stop sequences must be strings")
			}
			out = append(out, str)
		}
		return out, nil
	}
	return nil, fmt.Errorf("want a string or a list of strings")
}

// apply sets the request's parameters.
func (p params) apply(req *llm.Request) {
	req.Temperature, req.TopP, req.MaxTokens, req.Seed = p.temperature, p.topP, p.maxTokens, p.seed
	req.Stop, req.Think, req.JSON = p.stop, p.think, p.json || req.JSON
}

// record is the parameters as sent, for process data.
func (p params) record() map[string]any {
	out := map[string]any{}
	if p.temperature != nil {
		out["temperature"] = *p.temperature
	}
	if p.topP != nil {
		out["top_p"] = *p.topP
	}
	if p.maxTokens > 0 {
		out["max_tokens"] = p.maxTokens
	}
	if p.seed != nil {
		out["seed"] = *p.seed
	}
	if len(p.stop) > 0 {
		out["stop"] = p.stop
	}
	if p.think != nil {
		out["think"] = *p.think
	}
	if p.json {
		out["response_format"] = "json_object"
	}
	return out
}

func (p params) warn(w *warnings) {
	for _, k := range p.ignored {
		w.add("model.completion_params.%s is not supported by Lexflow's providers and was ignored", k)
	}
}
