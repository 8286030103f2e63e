package engine

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func lit(s string) Segment        { return Segment{Text: s} }
func refTo(sel ...string) Segment { return Segment{Ref: Selector(sel)} }

func TestParseTemplate(t *testing.T) {
	tests := []struct {
		in   string
		want Template
	}{
		{"", nil},
		{"plain text", Template{lit("plain text")}},
		{"{{#llm.text#}}", Template{refTo("llm", "text")}},
		{"Hi {{#start.name#}}!", Template{lit("Hi "), refTo("start", "name"), lit("!")}},
		{"{{#1711528914102.text#}}", Template{refTo("1711528914102", "text")}},
		{"{{#sys.query#}}{{#env.API_URL#}}{{#conversation.topic#}}",
			Template{refTo("sys", "query"), refTo("env", "API_URL"), refTo("conversation", "topic")}},
		{"{{#node.obj.a.b#}}", Template{refTo("node", "obj", "a", "b")}},
		{"{{#node-1.out#}}", Template{refTo("node-1", "out")}},
		// Not references: stay literal, exactly as written.
		{"{{#only_node#}}", Template{lit("{{#only_node#}}")}},
		{"{{#a.1bad#}}", Template{lit("{{#a.1bad#}}")}},
		{"{{#a. b#}}", Template{lit("{{#a. b#}}")}},
		{"{{ jinja }} {#x.y#}", Template{lit("{{ jinja }} {#x.y#}")}},
		{"{{#a.b#}", Template{lit("{{#a.b#}")}},
		{"{{#a..b#}}", Template{lit("{{#a..b#}}")}},
		// A broken opener does not hide a valid reference after it.
		{"{{#{{#a.b#}}", Template{lit("{{#"), refTo("a", "b")}},
		{"{{#x {{#a.b#}} y", Template{lit("{{#x "), refTo("a", "b"), lit(" y")}},
		{"عربي {{#start.name#}} 📜", Template{lit("عربي "), refTo("start", "name"), lit(" 📜")}},
	}
	for _, tt := range tests {
		got := ParseTemplate(tt.in)
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("ParseTemplate(%q) (-want +got):\n%s", tt.in, d)
		}
		if got.String() != tt.in {
			t.Errorf("String() = %q, want %q", got.String(), tt.in)
		}
	}
}

func TestTemplateRender(t *testing.T) {
	vars := VarsOf(map[string]Value{
		"start.name": String("Amal"),
		"llm.n":      Number(3),
		"llm.obj":    Object(map[string]any{"k": "v", "n": 1.5}),
		"sys.files":  Files([]File{{Name: "lease.pdf", Size: 10}}),
	})
	tpl := ParseTemplate("{{#start.name#}} {{#llm.n#}} {{#llm.obj.k#}} {{#llm.obj#}} {{#missing.x#}}|")
	if got, want := vars.Render(tpl), `Amal 3 v {"k":"v","n":1.5} |`; got != want {
		t.Errorf("Render = %q, want %q", got, want)
	}
	if got := tpl.Refs(); len(got) != 5 {
		t.Errorf("Refs = %v", got)
	}
	if v, ok := vars.Get(Selector{"sys", "files"}); !ok || v.Text() != `[{"name":"lease.pdf","size":10}]` {
		t.Errorf("files = %v", v)
	}
}

func TestSelector(t *testing.T) {
	sel, err := ParseSelector("llm.obj.key")
	if err != nil || sel.Node() != "llm" || sel.Var() != "obj" || len(sel.Path()) != 1 || sel.IsNamespace() {
		t.Errorf("ParseSelector = %v, %v", sel, err)
	}
	for _, bad := range []string{"", "llm", "llm.", ".x", "a.b.c.d.e.f.g.h.i.j.k.l", "a b.c", "a.b-c"} {
		if _, err := ParseSelector(bad); err == nil {
			t.Errorf("ParseSelector(%q) should fail", bad)
		}
	}
	if !(Selector{"env", "X"}).IsNamespace() || (Selector{"a", "b"}).Equal(Selector{"a"}) {
		t.Error("namespace/equal wrong")
	}
}

// FuzzParseTemplate: parsing never fails or panics, rebuilds its input
// exactly, and every reference it finds is a valid selector.
func FuzzParseTemplate(f *testing.F) {
	for _, s := range []string{"", "x", "{{#a.b#}}", "{{#{{#a.b#}}", "a {{#sys.query#}} b", "{{#a.b.c.d#}}#}}", "{{##}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tpl := ParseTemplate(s)
		if tpl.String() != s {
			t.Fatalf("String() = %q, want %q", tpl.String(), s)
		}
		for i, seg := range tpl {
			if seg.IsRef() && seg.Ref.Validate() != nil {
				t.Fatalf("invalid ref %v", seg.Ref)
			}
			if !seg.IsRef() && (seg.Text == "" || (i > 0 && !tpl[i-1].IsRef())) {
				t.Fatalf("literal segments not merged: %#v", tpl)
			}
		}
	})
}
