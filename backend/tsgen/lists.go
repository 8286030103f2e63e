package tsgen

import (
	"encoding/json"
	"reflect"
)

// NullLists returns the list fields of v (a struct, or a struct within its
// struct fields, by JSON path) that encode as null. A slice field without
// omitempty renders as a required array, so the Go type must write [] for an
// empty one (with a MarshalJSON that fills it, as generation.Citation does);
// tests run NullLists over the zero values of such types to prove it.
func NullLists(v any) []string {
	b, err := json.Marshal(v)
	if err != nil {
		return []string{"(not encodable: " + err.Error() + ")"}
	}
	var decoded any
	if err := json.Unmarshal(b, &decoded); err != nil {
		return []string{"(not decodable: " + err.Error() + ")"}
	}
	return nullLists(reflect.TypeOf(v), decoded, "")
}

func nullLists(t reflect.Type, decoded any, path string) []string {
	obj, _ := decoded.(map[string]any)
	if t.Kind() != reflect.Struct || obj == nil {
		return nil
	}
	var out []string
	for f := range t.Fields() {
		name, optional, ok := jsonName(f)
		if !ok {
			continue
		}
		val, present := obj[name]
		switch {
		case f.Type.Kind() == reflect.Slice && !optional && (!present || val == nil):
			out = append(out, path+name)
		case f.Type.Kind() == reflect.Struct:
			out = append(out, nullLists(f.Type, val, path+name+".")...)
		}
	}
	return out
}
