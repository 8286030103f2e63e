package engine

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestValueOf(t *testing.T) {
	type clause struct {
		Number int    `json:"number"`
		Title  string `json:"title"`
	}
	tests := []struct {
		in       any
		wantType Type
		wantText string
	}{
		{nil, "", ""},
		{"text", TypeString, "text"},
		{42, TypeNumber, "42"},
		{int64(-7), TypeNumber, "-7"},
		{uint8(3), TypeNumber, "3"},
		{2.5, TypeNumber, "2.5"},
		{float32(0.5), TypeNumber, "0.5"},
		{json.Number("12"), TypeNumber, "12"},
		{true, TypeBool, "true"},
		{[]string{"a", "b"}, TypeArrayString, `["a","b"]`},
		{[]any{1.0, 2.0}, TypeArrayNumber, "[1,2]"},
		{[]any{"a", 1.0}, TypeArrayAny, `["a",1]`},
		{[]any{}, TypeArrayAny, "[]"},
		{map[string]any{"k": "v"}, TypeObject, `{"k":"v"}`},
		{clause{12, "Rent"}, TypeObject, `{"number":12,"title":"Rent"}`},
		{[]clause{{1, "a"}}, TypeArrayObject, `[{"number":1,"title":"a"}]`},
		{File{Name: "lease.pdf"}, TypeFile, "lease.pdf"},
		{[]File{{Name: "a"}}, TypeArrayFile, `[{"name":"a"}]`},
		{String("x"), TypeString, "x"},
		{math.Inf(1), TypeNumber, "+Inf"},
	}
	for _, tt := range tests {
		v := ValueOf(tt.in)
		if v.Type() != tt.wantType || v.Text() != tt.wantText {
			t.Errorf("ValueOf(%#v) = %s %q, want %s %q", tt.in, v.Type(), v.Text(), tt.wantType, tt.wantText)
		}
		if _, err := json.Marshal(v); err != nil {
			t.Errorf("marshal %v: %v", v, err)
		}
	}
}

func TestValuePaths(t *testing.T) {
	obj := Object(map[string]any{"party": map[string]any{"name": "Amal", "age": 40.0}})
	if v, ok := obj.Get("party", "name"); !ok || v.Text() != "Amal" {
		t.Errorf("party.name = %v %v", v, ok)
	}
	if _, ok := obj.Get("party", "missing"); ok {
		t.Error("missing key found")
	}
	f := FileValue(File{Name: "lease.pdf", Size: 2048, MIMEType: "application/pdf", Extension: ".pdf"})
	for attr, want := range map[string]string{"name": "lease.pdf", "size": "2048", "mime_type": "application/pdf", "extension": ".pdf"} {
		if v, ok := f.Get(attr); !ok || v.Text() != want {
			t.Errorf("file.%s = %v", attr, v)
		}
	}
	if _, ok := String("x").Get("len"); ok {
		t.Error("a string has no fields")
	}
	vars := VarsOf(map[string]Value{"n.obj": obj})
	if v, ok := vars.Get(Selector{"n", "obj", "party", "age"}); !ok || v.Text() != "40" {
		t.Errorf("walk into declared value: %v %v", v, ok)
	}
}

func TestValueJSON(t *testing.T) {
	var v Value
	if err := json.Unmarshal([]byte(`{"a":[1,2]}`), &v); err != nil || v.Type() != TypeObject {
		t.Errorf("unmarshal: %v %v", v, err)
	}
	if !v.Equal(Object(map[string]any{"a": []any{1.0, 2.0}})) || v.Equal(String("x")) {
		t.Error("Equal wrong")
	}
	if err := json.Unmarshal([]byte(`{`), &v); err == nil {
		t.Error("bad JSON accepted")
	}
}

func TestTypes(t *testing.T) {
	for in, want := range map[string]Type{"string": TypeString, "Boolean": TypeBool, "bool": TypeBool, "integer": TypeNumber,
		"array[object]": TypeArrayObject, "array": TypeArrayAny, "secret": TypeSecret, "file": TypeFile} {
		if got, err := ParseType(in); err != nil || got != want {
			t.Errorf("ParseType(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := ParseType("paragraph"); err == nil {
		t.Error("paragraph is a form type, not a value type")
	}
	ok := [][2]Type{{TypeString, TypeString}, {TypeSecret, TypeString}, {TypeArrayString, TypeArrayAny}, {TypeAny, TypeNumber}, {TypeNumber, ""}}
	for _, p := range ok {
		if !p[0].AssignableTo(p[1]) {
			t.Errorf("%s should be assignable to %s", p[0], p[1])
		}
	}
	bad := [][2]Type{{TypeString, TypeNumber}, {TypeArrayString, TypeArrayNumber}, {TypeObject, TypeArrayObject}}
	for _, p := range bad {
		if p[0].AssignableTo(p[1]) {
			t.Errorf("%s should not be assignable to %s", p[0], p[1])
		}
	}
	for _, typ := range []Type{TypeString, TypeNumber, TypeBool, TypeObject, TypeFile, TypeArrayFile, TypeSecret} {
		if z := Zero(typ); !conforms(z, typ) {
			t.Errorf("Zero(%s) = %v does not conform", typ, z)
		}
	}
}

func TestSettings(t *testing.T) {
	tests := []struct {
		data string
		want Settings
		errs []string
	}{
		{`{}`, Settings{ErrorStrategy: StrategyFail}, nil},
		{`{"title": "Draft", "retry_config": {"retry_enabled": true, "max_retries": 3, "retry_interval": 1500},
		   "error_strategy": "default-value", "default_value": [{"key": "n", "type": "number", "value": "7"}], "timeout": 2.5}`,
			Settings{Title: "Draft", MaxRetries: 3, RetryInterval: 1500 * time.Millisecond, ErrorStrategy: StrategyDefaultValue,
				Defaults: map[string]Value{"n": Number(7)}, Timeout: 2500 * time.Millisecond}, nil},
		{`{"retry_config": {"retry_enabled": false, "max_retries": 3}, "error_strategy": "fail-branch", "timeout": {"read": 60}}`,
			Settings{ErrorStrategy: StrategyFailBranch}, nil},
		{`{"retry_config": {"max_retries": 1.5, "retry_interval": -1}, "error_strategy": "explode", "timeout": "soon",
		   "default_value": [{"key": "x", "type": "number", "value": "many"}]}`,
			Settings{ErrorStrategy: StrategyFail},
			[]string{"max_retries: 1.5", "error_strategy: explode", `default_value: x: value "many" is string, declared number`, "timeout"}},
	}
	for _, tt := range tests {
		got, errs := parseSettings(json.RawMessage(tt.data))
		if tt.errs == nil {
			if d := cmp.Diff(tt.want, got); d != "" || len(errs) > 0 {
				t.Errorf("parseSettings(%s) (-want +got):\n%s\nerrs %v", tt.data, d, errs)
			}
			continue
		}
		if len(errs) != len(tt.errs) {
			t.Fatalf("errors %v, want %d", errs, len(tt.errs))
		}
		for i, want := range tt.errs {
			if !strings.Contains(errs[i].Error(), want) {
				t.Errorf("error %q lacks %q", errs[i], want)
			}
		}
	}
}

type typedHit struct{ ID string }

func (h typedHit) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]any{"metadata": map[string]any{"chunk_id": h.ID}})
}

// A typed value keeps its Go value for readers that know it, and shows its
// JSON's plain form to everything else; decoded from JSON it is plain only.
func TestTypedValue(t *testing.T) {
	hits := []typedHit{{ID: "k1"}}
	v := Typed(TypeArrayObject, hits)
	if got, ok := v.Typed().([]typedHit); !ok || got[0].ID != "k1" {
		t.Errorf("Typed() = %#v", v.Typed())
	}
	if v.Type() != TypeArrayObject || v.Text() != `[{"metadata":{"chunk_id":"k1"}}]` {
		t.Errorf("plain form %s", v)
	}
	if item, ok := v.Any().([]any)[0].(map[string]any); !ok || item["metadata"] == nil {
		t.Errorf("Any() items %#v, want plain maps", v.Any())
	}
	var back Value
	if err := json.Unmarshal([]byte(v.Text()), &back); err != nil || back.Typed() != nil || !back.Equal(v) {
		t.Errorf("decoded %s (typed %v, %v), want the plain value", back, back.Typed(), err)
	}
}
