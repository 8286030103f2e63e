package main

import (
	"strings"
)

const sampleText = "The tenant may end the lease with thirty days' written notice."

// sampleJSON is the text given to arguments the code parses as JSON.
const sampleJSON = `{"result": "ok", "text": "thirty days' notice", "items": [{"title": "Lease", "score": 0.9}]}`

// sampleArgs gives each of the node's variables a plausible value from
// what its selector points at.
func sampleArgs(n graphNode, all []graphNode, code string) map[string]any {
	args := map[string]any{}
	vars, _ := n.Data["variables"].([]any)
	for _, v := range vars {
		m, _ := v.(map[string]any)
		name, _ := m["variable"].(string)
		sel, _ := m["value_selector"].([]any)
		args[name] = sampleFor(sel, all, name, code)
	}
	return args
}

func sampleFor(sel []any, all []graphNode, arg, code string) any {
	if len(sel) >= 2 {
		src, field := sel[0], sel[1]
		for _, n := range all {
			if n.ID == src {
				if t := upstreamType(n, field); t != "" {
					return sampleOfType(t, arg, code)
				}
			}
		}
	}
	return sampleOfType("string", arg, code)
}

// upstreamType is the type of field as node n declares it, or "".
func upstreamType(n graphNode, field any) string {
	switch n.Data["type"] {
	case "start":
		vars, _ := n.Data["variables"].([]any)
		for _, v := range vars {
			if m, _ := v.(map[string]any); m["variable"] == field {
				t, _ := m["type"].(string)
				return startType(t)
			}
		}
	case "code":
		outs, _ := n.Data["outputs"].(map[string]any)
		if o, _ := outs[field.(string)].(map[string]any); o != nil {
			t, _ := o["type"].(string)
			return t
		}
	case "knowledge-retrieval":
		return "array[object]"
	}
	return ""
}

func startType(t string) string {
	switch t {
	case "number":
		return "number"
	case "json_object":
		return "object"
	}
	return "string"
}

func sampleOfType(t, arg, code string) any {
	switch t {
	case "number":
		return 3.0
	case "boolean":
		return true
	case "object":
		return map[string]any{"title": "Lease", "text": sampleText}
	case "array[string]":
		return []any{"first clause", "second clause"}
	case "array[number]":
		return []any{1.0, 2.0, 3.0}
	case "array[object]":
		return []any{map[string]any{"title": "Lease", "content": sampleText, "score": 0.9}}
	}
	if strings.Contains(code, "loads("+arg) {
		return sampleJSON
	}
	return sampleText
}
