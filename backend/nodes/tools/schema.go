package tools

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"lexflow/backend/evidence"
)

// Param describes one tool parameter, for building a schema.
type Param struct {
	Name        string
	Type        string // string, number, integer, boolean, array, object
	Description string
	Required    bool
	Enum        []string
	Items       string // element type of an array
}

// ObjectSchema builds a JSON Schema object from params.
func ObjectSchema(params ...Param) json.RawMessage {
	props := map[string]any{}
	required := []string{}
	for _, p := range params {
		prop := map[string]any{"type": p.Type, "description": p.Description}
		if len(p.Enum) > 0 {
			prop["enum"] = p.Enum
		}
		if p.Items != "" {
			prop["items"] = map[string]any{"type": p.Items}
		}
		props[p.Name] = prop
		if p.Required {
			required = append(required, p.Name)
		}
	}
	raw, _ := json.Marshal(map[string]any{"type": "object", "properties": props, "required": required})
	return raw
}

// Schema is the part of a JSON Schema object that tools use.
type Schema struct {
	Properties map[string]Property `json:"properties"`
	Required   []string            `json:"required"`
}

// Property is one parameter's schema.
type Property struct {
	Type        string    `json:"type"`
	Description string    `json:"description"`
	Enum        []string  `json:"enum"`
	Items       *Property `json:"items"`
}

// ParseSchema reads a tool's Parameters.
func ParseSchema(raw json.RawMessage) (Schema, error) {
	var s Schema
	if len(raw) == 0 {
		return s, nil
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return s, fmt.Errorf("read parameters schema: %w", err)
	}
	return s, nil
}

// Names lists the parameter names, sorted.
func (s Schema) Names() []string {
	out := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Coerce checks required parameters and converts values to their declared
// types where that is unambiguous ("5" → 5, "yes" → true). Unknown
// parameters are dropped.
func (s Schema) Coerce(args map[string]any) (map[string]any, error) {
	out := make(map[string]any, len(args))
	for name, v := range args {
		p, ok := s.Properties[name]
		if !ok || v == nil {
			continue
		}
		c, err := coerceTo(p, v)
		if err != nil {
			return nil, fmt.Errorf("parameter %s: %w", name, err)
		}
		out[name] = c
	}
	for _, name := range s.Required {
		if v, ok := out[name]; !ok || v == "" {
			return nil, fmt.Errorf("parameter %s is required", name)
		}
	}
	return out, nil
}

func coerceTo(p Property, v any) (any, error) {
	switch p.Type {
	case "string":
		s := textOf(v)
		if len(p.Enum) > 0 && !slices.Contains(p.Enum, s) {
			return nil, fmt.Errorf("%q is not one of %s", s, strings.Join(p.Enum, ", "))
		}
		return s, nil
	case "number", "integer":
		return numberArg(v, p.Type == "integer")
	case "boolean":
		return boolArg(v)
	case "array":
		return arrayArg(p, v)
	}
	return v, nil
}

// textOf renders a scalar as text and anything else as JSON.
func textOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func numberArg(v any, integer bool) (any, error) {
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case string:
		var err error
		if f, err = strconv.ParseFloat(strings.TrimSpace(evidence.FoldDigits(x)), 64); err != nil {
			return nil, fmt.Errorf("%q is not a number", x)
		}
	default:
		return nil, fmt.Errorf("%v is not a number", v)
	}
	if integer && f != math.Trunc(f) {
		return nil, fmt.Errorf("%v is not a whole number", f)
	}
	return f, nil
}

func boolArg(v any) (any, error) {
	switch x := v.(type) {
	case bool:
		return x, nil
	case float64:
		return x != 0, nil
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true", "yes", "1", "on":
			return true, nil
		case "false", "no", "0", "off", "":
			return false, nil
		}
	}
	return nil, fmt.Errorf("%v is not true or false", v)
}

func arrayArg(p Property, v any) (any, error) {
	items, ok := v.([]any)
	if !ok {
		if s, isStr := v.(string); isStr && json.Unmarshal([]byte(s), &items) == nil {
			ok = true
		} else {
			items, ok = []any{v}, true
		}
	}
	if p.Items == nil {
		return items, nil
	}
	out := make([]any, len(items))
	for i, it := range items {
		c, err := coerceTo(*p.Items, it)
		if err != nil {
			return nil, fmt.Errorf("item %d: %w", i+1, err)
		}
		out[i] = c
	}
	return out, nil
}
