package dsl

import (
	"strings"
	"testing"
)

// Plain scalars read as Dify's YAML 1.1 reader reads them.
func TestYAMLReadsPlainScalarsAsYAML11(t *testing.T) {
	tests := []struct{ yaml, json string }{
		{"000568", `"000568"`}, // not octal (an 8): a string, where YAML 1.2 reads 568
		{"010", `8`},           // octal
		{"0x1F", `31`},
		{"1_000", `1000`},
		{"1:30", `90`}, // sexagesimal
		{"yes", `true`},
		{"Off", `false`},
		{"y", `"y"`}, // PyYAML keeps y and n strings
		{"1e3", `"1e3"`},
		{"1.5e-9", `1.5e-9`},
		{"=", `"="`},
		{"~", `null`},
		{"'010'", `"010"`},
		{"2024-01-02", `"2024-01-02"`},
	}
	for _, tt := range tests {
		got, err := yamlToJSON([]byte("v: " + tt.yaml + "\n"))
		if err != nil {
			t.Errorf("%s: %v", tt.yaml, err)
			continue
		}
		if want := `{"v":` + tt.json + `}`; string(got) != want {
			t.Errorf("%s read as %s, want %s", tt.yaml, got, want)
		}
	}
}

// Exports quote every string a YAML 1.1 reader would take for something
// else, and spell floats with a dot, so such a reader reads what we wrote.
func TestYAMLExportIsReadableAsYAML11(t *testing.T) {
	doc := `{"a":"000568","b":"=","c":"yes","d":"1:30","e":"010","f":"plain","g":1e7,"h":2.5,"i":"1e3"}`
	out, err := jsonToYAML([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`a: "000568"`, `b: "="`, `c: "yes"`, `d: "1:30"`, `e: "010"`, "f: plain", "g: 1.0e+7", "h: 2.5"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("export lacks %q:\n%s", want, out)
		}
	}
	back, err := yamlToJSON(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"a":"000568","b":"=","c":"yes","d":"1:30","e":"010","f":"plain","g":1.0e+7,"h":2.5,"i":"1e3"}`; string(back) != want {
		t.Errorf("read back %s, want %s", back, want)
	}
}
