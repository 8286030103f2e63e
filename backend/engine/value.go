package engine

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Type is the declared type of a variable, in Dify's spelling so that imported
// DSLs and the UI's variable picker share one vocabulary.
type Type string

const (
	TypeAny         Type = "any"
	TypeString      Type = "string"
	TypeNumber      Type = "number"
	TypeBool        Type = "boolean"
	TypeObject      Type = "object"
	TypeFile        Type = "file"
	TypeSecret      Type = "secret" // a string the UI masks; environment variables only
	TypeArrayAny    Type = "array[any]"
	TypeArrayString Type = "array[string]"
	TypeArrayNumber Type = "array[number]"
	TypeArrayBool   Type = "array[boolean]"
	TypeArrayObject Type = "array[object]"
	TypeArrayFile   Type = "array[file]"
)

// ParseType accepts a declared type name, including Dify's aliases.
func ParseType(s string) (Type, error) {
	switch t := Type(strings.ToLower(strings.TrimSpace(s))); t {
	case TypeAny, TypeString, TypeNumber, TypeBool, TypeObject, TypeFile, TypeSecret,
		TypeArrayAny, TypeArrayString, TypeArrayNumber, TypeArrayBool, TypeArrayObject, TypeArrayFile:
		return t, nil
	case "bool":
		return TypeBool, nil
	case "integer", "float":
		return TypeNumber, nil
	case "array", "array[]":
		return TypeArrayAny, nil
	}
	return "", fmt.Errorf("parse type %q: unknown type", s)
}

// IsArray reports whether t is one of the array types.
func (t Type) IsArray() bool { return strings.HasPrefix(string(t), "array[") }

// Elem is the element type of an array type, TypeAny otherwise.
func (t Type) Elem() Type {
	if !t.IsArray() {
		return TypeAny
	}
	return Type(strings.TrimSuffix(strings.TrimPrefix(string(t), "array["), "]"))
}

// AssignableTo reports whether a value declared as t may flow where want is
// expected. "any" on either side defers the check to run time.
func (t Type) AssignableTo(want Type) bool {
	switch {
	case t == want, want == TypeAny, t == TypeAny, t == "", want == "":
		return true
	case t == TypeSecret && want == TypeString, t == TypeString && want == TypeSecret:
		return true
	case want == TypeArrayAny && t.IsArray(), t == TypeArrayAny && want.IsArray():
		return true
	}
	return false
}

// HasFields reports whether a sub-path ([node, var, field]) can be taken on t.
func (t Type) HasFields() bool { return t == TypeObject || t == TypeFile || t == TypeAny || t == "" }

// File is a file variable: an upload, or a file a node produced.
type File struct {
	ID             string `json:"id,omitempty"`
	Name           string `json:"name"`
	Type           string `json:"type,omitempty"` // document, image, audio, video, custom
	MIMEType       string `json:"mime_type,omitempty"`
	Extension      string `json:"extension,omitempty"`
	Size           int64  `json:"size,omitempty"`
	URL            string `json:"url,omitempty"`
	TransferMethod string `json:"transfer_method,omitempty"` // local_file, remote_url
}

// field returns a file attribute by its Dify name.
func (f File) field(name string) (Value, bool) {
	switch name {
	case "id":
		return String(f.ID), true
	case "name", "filename":
		return String(f.Name), true
	case "type":
		return String(f.Type), true
	case "mime_type":
		return String(f.MIMEType), true
	case "extension":
		return String(f.Extension), true
	case "size":
		return Number(float64(f.Size)), true
	case "url", "remote_url":
		return String(f.URL), true
	case "transfer_method":
		return String(f.TransferMethod), true
	}
	return Value{}, false
}

// Value is a typed variable value. Values are immutable once stored in the
// pool: nodes must not modify maps or slices they read through one.
// The zero Value is "absent" (IsZero reports true).
//
// A value may also carry the Go value a node made it from (see Typed): the
// pool passes it on untouched, so a node that knows the type reads it back
// without rebuilding it from maps, while everything else (templates,
// sub-paths, End outputs, events, stored variables) sees only the plain form.
type Value struct {
	t     Type
	v     any
	typed any
}

// String, Number, Bool, Object and FileValue build typed values.
func String(s string) Value         { return Value{t: TypeString, v: s} }
func Number(f float64) Value        { return Value{t: TypeNumber, v: f} }
func Bool(b bool) Value             { return Value{t: TypeBool, v: b} }
func Object(m map[string]any) Value { return Value{t: TypeObject, v: m} }
func FileValue(f File) Value        { return Value{t: TypeFile, v: f} }
func Array(elem Type, items []any) Value {
	return Value{t: Type("array[" + string(elem) + "]"), v: items}
}

// Typed builds a value from a Go value whose JSON is its plain form (a
// search hit writes Dify's retrieval record, say), and keeps the Go value
// for the nodes that read it back with Value.Typed; t is its declared type.
func Typed(t Type, x any) Value {
	return Value{t: t, v: valueOfReflect(x).v, typed: x}
}

// Typed is the Go value the value was built from by Typed; nil for a value
// built any other way, including one decoded from JSON (a stored variable):
// readers fall back to its plain form then.
func (v Value) Typed() any { return v.typed }

// Strings builds an array[string].
func Strings(ss []string) Value {
	items := make([]any, len(ss))
	for i, s := range ss {
		items[i] = s
	}
	return Array(TypeString, items)
}

// Files builds an array[file].
func Files(fs []File) Value {
	items := make([]any, len(fs))
	for i, f := range fs {
		items[i] = f
	}
	return Array(TypeFile, items)
}

// Type is the value's type; "" for the zero Value.
func (v Value) Type() Type { return v.t }

// IsZero reports whether v is the absent value.
func (v Value) IsZero() bool { return v.t == "" }

// Any is the plain Go value: string, float64, bool, map[string]any, []any,
// File, or nil.
func (v Value) Any() any { return v.v }

// Get walks a sub-path: object keys, then file attributes.
func (v Value) Get(path ...string) (Value, bool) {
	cur := v
	for _, key := range path {
		next, ok := cur.field(key)
		if !ok {
			return Value{}, false
		}
		cur = next
	}
	return cur, true
}

func (v Value) field(key string) (Value, bool) {
	switch x := v.v.(type) {
	case map[string]any:
		child, ok := x[key]
		if !ok {
			return Value{}, false
		}
		return ValueOf(child), true
	case File:
		return x.field(key)
	}
	return Value{}, false
}

// Text renders the value for a template: strings as is, numbers without a
// needless ".0", objects and arrays as JSON, files by name.
func (v Value) Text() string {
	switch x := v.v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return formatNumber(x)
	case bool:
		return strconv.FormatBool(x)
	case File:
		return x.Name
	}
	b, err := json.Marshal(v.v)
	if err != nil {
		return fmt.Sprint(v.v)
	}
	return string(b)
}

func formatNumber(f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// MarshalJSON writes the plain value.
func (v Value) MarshalJSON() ([]byte, error) {
	if f, ok := v.v.(float64); ok && (math.IsInf(f, 0) || math.IsNaN(f)) {
		return json.Marshal(formatNumber(f)) // JSON has no Inf/NaN; keep the event encodable
	}
	return json.Marshal(v.v)
}

// UnmarshalJSON infers the type from the JSON value.
func (v *Value) UnmarshalJSON(b []byte) error {
	var x any
	if err := json.Unmarshal(b, &x); err != nil {
		return fmt.Errorf("decode value: %w", err)
	}
	*v = ValueOf(x)
	return nil
}

// String implements fmt.Stringer for logs and test diffs.
func (v Value) String() string { return string(v.t) + ":" + v.Text() }

// Equal lets go-cmp compare values by type and JSON form.
func (v Value) Equal(o Value) bool {
	if v.t != o.t {
		return false
	}
	a, errA := v.MarshalJSON()
	b, errB := o.MarshalJSON()
	return errA == nil && errB == nil && string(a) == string(b)
}
