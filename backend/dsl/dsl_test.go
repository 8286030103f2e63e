package dsl

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func readFixture(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRoundTrip: import → export → import gives an equal app, for both
// formats in both directions, and a second export is byte-identical.
func TestRoundTrip(t *testing.T) {
	for _, file := range []string{"testdata/full.yml", "testdata/full.json"} {
		original, err := Parse(readFixture(t, file))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, format := range []Format{FormatYAML, FormatJSON} {
			t.Run(file+"/"+string(format), func(t *testing.T) {
				out, err := Export(original, format)
				if err != nil {
					t.Fatal(err)
				}
				again, err := Parse(out)
				if err != nil {
					t.Fatalf("parse export: %v\n%s", err, out)
				}
				if d := cmp.Diff(original, again); d != "" {
					t.Errorf("app changed (-before +after):\n%s\nexport:\n%s", d, out)
				}
				out2, err := Export(again, format)
				if err != nil || !bytes.Equal(out, out2) {
					t.Errorf("second export differs (err %v)", err)
				}
			})
		}
	}
}

func TestRoundTripKeepsEditorFields(t *testing.T) {
	app, err := Parse(readFixture(t, "testdata/full.yml"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Export(app, FormatYAML)
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for _, want := range []string{"x-future-field:", "icon_background: '#FFEAD5'", "width: 244", "zoom: 0.8",
		"zIndex: 0", "x: 80", "y: 282.5", "المادة ١٢ — الإيجار", `- "123"`, `- "true"`,
		`- "null"`, "1.0e-7", "max_length: 48", "You are a legal assistant.\n"} {
		// (yaml.v3 escapes characters outside the BMP, such as emoji, as
		// "\U0001F4DC": still lossless, see TestRoundTrip.)
		if !strings.Contains(text, want) {
			t.Errorf("export lacks %q:\n%s", want, text)
		}
	}
	// Key order inside node data survives (prompts read in the author's order).
	if a, b := strings.Index(text, "model:"), strings.Index(text, "prompt_template:"); a < 0 || a > b {
		t.Errorf("model should precede prompt_template in:\n%s", text)
	}
}

func TestParseErrors(t *testing.T) {
	valid := string(readFixture(t, "../engine/testdata/runs/linear.yml"))
	tests := []struct {
		name, doc string
		want      error
		contains  string
	}{
		{"empty", "  \n", ErrMalformed, "empty document"},
		{"malformed fixture", string(readFixture(t, "../engine/testdata/bad/malformed.yml")), ErrMalformed, "parse yaml: yaml: line"},
		{"malformed yaml", "version: 0.1.0\nkind: lexflow-app\napp: {name: x\n", ErrMalformed, "parse yaml"},
		{"bad indentation", "version: 0.1.0\n  kind: lexflow-app\n kind: x\n", ErrMalformed, "line"},
		{"not a mapping", "- a\n- b\n", ErrMalformed, "not a mapping"},
		{"malformed json", `{"version": "0.1.0",}`, ErrMalformed, "parse json"},
		{"unknown kind", "version: 0.1.0\nkind: something\n", ErrMalformed, `kind "something"`},
		{"dify document", "version: 0.1.5\nkind: app\n", ErrDifyDSL, "import it instead"},
		{"next major", strings.Replace(valid, "version: 0.1.0", "version: 1.0.0", 1), ErrUnsupportedVersion, "reads 0.x"},
		{"no version", strings.Replace(valid, "version: 0.1.0", "", 1), ErrMalformed, "MAJOR.MINOR.PATCH"},
		{"bad mode", strings.Replace(valid, "mode: workflow", "mode: agent", 1), ErrMalformed, "app.mode"},
		{"data not a mapping", strings.Replace(valid, "data: {title: Greet", "data: [1]\n        x: {title: Greet", 1), ErrMalformed, "data must be a mapping"},
		{"duplicate key", "version: 0.1.0\nkind: lexflow-app\nkind: lexflow-app\n", ErrMalformed, `duplicate key "kind"`},
		{"two documents", valid + "---\nversion: 0.1.0\n", ErrMalformed, "more than one document"},
		{"infinite number", strings.Replace(valid, "title: Start,", "title: Start, x: .inf,", 1), ErrMalformed, "not a finite number"},
		{"wrong field type", strings.Replace(valid, "nodes:", "nodes: 3\n    x:", 1), ErrMalformed, "cannot unmarshal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.doc))
			if !errors.Is(err, tt.want) || !strings.Contains(fmt.Sprint(err), tt.contains) {
				t.Errorf("err = %v, want %v containing %q", err, tt.want, tt.contains)
			}
		})
	}
}

// countingReader yields an endless DSL-looking stream and counts what was read.
type countingReader struct{ n int64 }

func (r *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "# padding\n"[int(r.n+int64(i))%10]
	}
	r.n += int64(len(p))
	return len(p), nil
}

func TestHugeDSLIsRefusedFast(t *testing.T) {
	const size = 50 << 20
	began := time.Now()
	if _, err := Parse(make([]byte, size)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Parse 50 MB: %v, want ErrTooLarge", err)
	}
	r := &countingReader{}
	if _, err := Decode(io.LimitReader(r, size)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Decode 50 MB: %v, want ErrTooLarge", err)
	}
	if r.n > MaxDSLSize+64<<10 {
		t.Errorf("Decode read %d bytes of a 50 MB stream, want about %d", r.n, MaxDSLSize)
	}
	if _, err := Parse(make([]byte, size)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Parse 50 MB: %v, want ErrTooLarge", err)
	}
	if d := time.Since(began); d > 2*time.Second {
		t.Errorf("refusing took %v", d)
	}
}

func TestAliasBombIsRefused(t *testing.T) {
	doc := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	prev := "a"
	for _, name := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		doc += fmt.Sprintf("%s: &%s [*%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s]\n", name, name,
			prev, prev, prev, prev, prev, prev, prev, prev, prev, prev)
		prev = name
	}
	began := time.Now()
	_, err := Parse([]byte(doc))
	if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "aliases expand to more than") {
		t.Errorf("err = %v, want alias expansion refused", err)
	}
	if d := time.Since(began); d > 500*time.Millisecond {
		t.Errorf("took %v", d)
	}
}

func TestYAMLMergeKeysAndAliases(t *testing.T) {
	doc := `version: 0.1.0
kind: lexflow-app
app: {name: m, mode: workflow}
workflow:
  graph:
    nodes:
      - id: a
        type: noop
        data: &base {title: Base, retry_config: {max_retries: 1}}
      - id: b
        type: noop
        data:
          <<: *base
          title: Override
    edges: []
`
	app, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	got := string(app.Workflow.Graph.Nodes[1].Data)
	if got != `{"retry_config":{"max_retries":1},"title":"Override"}` {
		t.Errorf("merged data = %s", got)
	}
}

func TestExportRejectsNil(t *testing.T) {
	if _, err := Export(nil, FormatYAML); err == nil {
		t.Error("Export(nil) should fail")
	}
	app, _ := Parse(readFixture(t, "../engine/testdata/runs/linear.yml"))
	if _, err := Export(app, "toml"); err == nil {
		t.Error("Export to toml should fail")
	}
}

// Steps inside an iteration or a loop keep their container (parentId) and
// the containers their settings through export and import, in both formats.
func TestRoundTripKeepsContainers(t *testing.T) {
	doc := `version: 0.1.0
kind: lexflow-app
app: {name: Bodies, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: each, type: iteration, data: {iterator_selector: [s, list], output_selector: [t, output], output_type: 'array[string]', start_node_id: each-start, is_parallel: true, parallel_nums: 3, error_handle_mode: remove-abnormal-output}}
      - {id: each-start, type: iteration-start, parentId: each, data: {}}
      - {id: t, type: template-transform, parentId: each, position: {x: 24, y: 68}, data: {template: '{{ item }}'}}
      - {id: grow, type: loop, data: {start_node_id: grow-start, loop_count: 5, logical_operator: or, break_conditions: [{variable_selector: [grow, n], comparison_operator: '>', value: '3'}], loop_variables: [{label: n, var_type: number, value_type: constant, value: 0}]}}
      - {id: grow-start, type: loop-start, parentId: grow, data: {}}
      - {id: stop, type: loop-end, parentId: grow, data: {}}
    edges:
      - {source: each-start, target: t}
      - {source: grow-start, target: stop}
`
	app, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if app.Workflow.Graph.Nodes[2].ParentID != "each" || app.Workflow.Graph.Nodes[5].ParentID != "grow" {
		t.Fatalf("parentId not read: %+v", app.Workflow.Graph.Nodes)
	}
	for _, format := range []Format{FormatYAML, FormatJSON} {
		out, err := Export(app, format)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Parse(out)
		if err != nil {
			t.Fatalf("%s: parse export: %v", format, err)
		}
		if d := cmp.Diff(app, again); d != "" {
			t.Errorf("%s: app changed (-before +after):\n%s", format, d)
		}
		if format == FormatYAML && !strings.Contains(string(out), "parentId: each") {
			t.Errorf("yaml export lacks parentId:\n%s", out)
		}
	}
}
