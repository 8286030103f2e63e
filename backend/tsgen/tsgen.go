// Package tsgen renders TypeScript interfaces from Go structs, so the frontend's
// DTO types are generated from the backend's instead of copied by hand.
//
// Rules: the json tag names a field (fields without one, or tagged "-", are
// skipped); omitempty makes it optional; a pointer may be null; time.Time is an
// ISO-8601 string; a `ts:"..."` tag overrides the rendered type verbatim. A
// slice without omitempty is a required array: its Go type must write [] for
// an empty list, never null (NullLists checks a type keeps that promise).
package tsgen

import (
	"fmt"
	"reflect"
	"strings"
	"time"
)

var timeType = reflect.TypeFor[time.Time]()

// Render returns a TypeScript module declaring one interface per struct type, in
// the order given. Struct types referenced by fields must be among them.
func Render(header string, types ...reflect.Type) string {
	var b strings.Builder
	b.WriteString(header)
	for _, t := range types {
		b.WriteString("\n")
		writeInterface(&b, t)
	}
	return b.String()
}

func writeInterface(b *strings.Builder, t reflect.Type) {
	fmt.Fprintf(b, "export interface %s {\n", t.Name())
	for f := range t.Fields() {
		name, optional, ok := jsonName(f)
		if !ok {
			continue
		}
		ts := f.Tag.Get("ts")
		if ts == "" {
			ts = typeOf(f.Type)
		}
		mark := ""
		if optional {
			mark = "?"
		}
		fmt.Fprintf(b, "  %s%s: %s;\n", name, mark, ts)
	}
	b.WriteString("}\n")
}

func jsonName(f reflect.StructField) (name string, optional, ok bool) {
	if !f.IsExported() {
		return "", false, false
	}
	tag := f.Tag.Get("json")
	if tag == "" || tag == "-" {
		return "", false, false
	}
	name, opts, _ := strings.Cut(tag, ",")
	return name, strings.Contains(opts, "omitempty") || strings.Contains(opts, "omitzero"), true
}

func typeOf(t reflect.Type) string {
	if t == timeType {
		return "string"
	}
	switch t.Kind() {
	case reflect.Pointer:
		return typeOf(t.Elem()) + " | null"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		return arrayOf(typeOf(t.Elem()))
	case reflect.Map:
		return fmt.Sprintf("Record<%s, %s>", typeOf(t.Key()), typeOf(t.Elem()))
	case reflect.Struct:
		return t.Name()
	default:
		return "unknown"
	}
}

func arrayOf(elem string) string {
	if strings.ContainsAny(elem, " |") {
		return "(" + elem + ")[]"
	}
	return elem + "[]"
}
