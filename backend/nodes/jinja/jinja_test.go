package jinja

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var testVars = map[string]any{
	"name":  "Amina",
	"count": 3,
	"price": 12.5,
	"laws":  []any{"Civil Code", "Labour Law", "Civil Code"},
	"hits": []any{
		map[string]any{"content": "Thirty days.", "title": "act.pdf", "metadata": map[string]any{"score": 2.5, "rank": 1}},
		map[string]any{"content": "المادة ١٢: الإشعار", "title": "قانون.pdf", "metadata": map[string]any{"score": 1.25, "rank": 2}},
	},
	"party": map[string]any{"name": "ACME", "role": "seller"},
	"empty": []any{},
	"none":  nil,
	"flag":  true,
	"text":  "  Hello World  ",
}

func TestRender(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"literal", "plain text", "plain text"},
		{"variable", "Hello {{ name }}!", "Hello Amina!"},
		{"number", "{{ count }} / {{ price }}", "3 / 12.5"},
		{"attribute", "{{ party.name }} ({{ party['role'] }})", "ACME (seller)"},
		{"index", "{{ laws[0] }}|{{ laws[-1] }}|{{ hits[1].metadata.rank }}", "Civil Code|Civil Code|2"},
		{"undefined is empty", "[{{ missing }}][{{ party.missing.deeper }}]", "[][]"},
		{"none and bools", "{{ none }} {{ flag }} {{ not flag }}", "None True False"},
		{"list repr", "{{ [1, 'a', none] }} {{ party }}", "[1, 'a', None] {'name': 'ACME', 'role': 'seller'}"},
		{"join", "{{ laws | join(', ') }}", "Civil Code, Labour Law, Civil Code"},
		{"join attribute", "{{ hits | join(' / ', attribute='title') }}", "act.pdf / قانون.pdf"},
		{"length", "{{ laws | length }} {{ name | length }} {{ hits[1].content | count }}", "3 5 18"},
		{"upper lower title", "{{ name | upper }} {{ name | lower }} {{ 'civil code' | title }}", "AMINA amina Civil Code"},
		{"chain", "{{ laws | unique | sort | join('; ') | upper }}", "CIVIL CODE; LABOUR LAW"},
		{"default", "{{ missing | default('n/a') }} {{ '' | default('empty', true) }} {{ name | d('x') }}", "n/a empty Amina"},
		{"first last", "{{ laws | first }} / {{ laws | last }}", "Civil Code / Civil Code"},
		{"trim replace", "[{{ text | trim | replace('World', 'Court') }}]", "[Hello Court]"},
		{"round", "{{ price | round }} {{ 2.345 | round(2) }} {{ 2.5 | round(0, 'floor') }}", "13 2.35 2"},
		{"int float", "{{ '12' | int + 1 }} {{ '1.5' | float * 2 }}", "13 3"},
		{"tojson", `{{ party | tojson }}`, `{"name":"ACME","role":"seller"}`},
		{"map attribute", "{{ hits | map(attribute='content') | join('\\n') }}", "Thirty days.\nالمادة ١٢: الإشعار"},
		{"truncate", "{{ 'the quick brown fox' | truncate(12) }}", "the..."},
		{"truncate leeway", "{{ 'the quick brown fox' | truncate(16) }}|{{ 'short' | truncate(3, true, '', 0) }}", "the quick brown fox|sho"},
		{"reverse", "{{ 'abc' | reverse }} {{ [1,2,3] | reverse | join }}", "cba 321"},
		{"sum min max", "{{ [1, 2, 3] | sum }} {{ [4, 2, 9] | min }} {{ [4, 2, 9] | max }}", "6 2 9"},
		{"wordcount", "{{ 'one two  three' | wordcount }}", "3"},
		{"escape", "{{ '<b>x</b>' | e }}", "&lt;b&gt;x&lt;/b&gt;"},
		{"arithmetic", "{{ 7 // 2 }} {{ 7 % 3 }} {{ -7 % 3 }} {{ 2 * (3 + 4) }} {{ 1 / 4 }}", "3 1 2 14 0.25"},
		{"concat", "{{ name ~ ' ' ~ count }} {{ 'a' + 'b' }}", "Amina 3 ab"},
		{"compare", "{{ count > 2 }} {{ count == 3 }} {{ name != 'x' }} {{ 'a' < 'b' }}", "True True True True"},
		{"in", "{{ 'Labour Law' in laws }} {{ 'x' not in laws }} {{ 'mi' in name }} {{ 'name' in party }}", "True True True True"},
		{"and or", "{{ flag and name }} {{ none or 'fallback' }}", "Amina fallback"},
		{"ternary", "{{ 'many' if count > 1 else 'one' }}", "many"},
		{"if elif else", "{% if count > 5 %}big{% elif count > 2 %}mid{% else %}small{% endif %}", "mid"},
		{"if false no else", "[{% if empty %}x{% endif %}]", "[]"},
		{"for loop", "{% for l in laws %}{{ loop.index }}.{{ l }}{% if not loop.last %}, {% endif %}{% endfor %}", "1.Civil Code, 2.Labour Law, 3.Civil Code"},
		{"loop vars", "{% for x in [10, 20] %}{{ loop.index0 }}{{ loop.revindex }}{{ loop.first }}{{ loop.length }};{% endfor %}", "02True2;11False2;"},
		{"for else", "{% for x in empty %}{{ x }}{% else %}nothing{% endfor %}", "nothing"},
		{"for items", "{% for k, v in party.items() %}{{ k }}={{ v }};{% endfor %}", "name=ACME;role=seller;"},
		{"for mapping keys", "{% for k in party %}{{ k }} {% endfor %}", "name role "},
		{"nested for", "{% for h in hits %}[{{ h.title }}:{% for k in h.metadata %}{{ k }}{% endfor %}]{% endfor %}", "[act.pdf:rankscore][قانون.pdf:rankscore]"},
		{"set", "{% set total = count * 2 %}{{ total }}", "6"},
		{"tests", "{{ name is defined }} {{ missing is not defined }} {{ none is none }} {{ count is odd }} {{ 4 is even }} {{ name is string }}", "True True True True True True"},
		{"whitespace control", "a  {%- if true -%}  b  {%- endif -%}  c", "abc"},
		{"comment", "a{# hidden #}b{#- trimmed -#}  c", "abc"},
		{"methods", "{{ party.get('name') }} {{ party.get('x', 'd') }} {{ 'a,b' .split(',') | length }} {{ ' x '.strip() }} {{ name.upper() }}", "ACME d 2 x AMINA"},
		{"string escapes", `{{ 'it\'s' }} {{ "say \"hi\"" }}`, `it's say "hi"`},
		{"dict literal", "{{ {'a': 1}.a }}", "1"},
		{"arabic", "{{ hits[1].title }}: {{ hits[1].content }} 🎉", "قانون.pdf: المادة ١٢: الإشعار 🎉"},
		{"braces in text", "{ not a tag } {x}", "{ not a tag } {x}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl, err := Parse(tt.src)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			got, err := tpl.Render(testVars, Limits{})
			if err != nil {
				t.Fatalf("render: %v", err)
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"unclosed output", "{{ name ", "tag is not closed with }}"},
		{"unclosed if", "{% if x %}a", "missing {% endif %}"},
		{"unclosed for", "{% for x in y %}a", "missing {% endfor %}"},
		{"stray endif", "{% endif %}", "without a matching block"},
		{"unsupported statement", "{% include 'x' %}", `statement "include" is not supported`},
		{"bad expression", "{{ 1 + }}", "expected a value"},
		{"unclosed string", "{{ 'abc }}", "string is not closed"},
		{"bad character", "{{ a ? b }}", "unexpected character"},
		{"unclosed comment", "{# x", "comment is not closed"},
		{"line numbers", "line1\nline2\n{{ 1 + }}", "line 3"},
		{"missing in", "{% for x y %}{% endfor %}", `expected "in"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.src)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrSyntax) {
				t.Errorf("Parse(%q) = %v, want a syntax error containing %q", tt.src, err, tt.want)
			}
		})
	}
}

func TestRenderErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"unknown filter", "{{ x | shout }}", `unknown filter "shout"`},
		{"division by zero", "{{ 1 / 0 }}", "division by zero"},
		{"bad arithmetic", "{{ party - 1 }}", "cannot apply -"},
		{"method not allowed", "{{ laws.append(1) }}", `has no method "append"`},
		{"compare mismatch", "{{ name < 3 }}", "cannot compare"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl, err := Parse(tt.src)
			if err != nil {
				t.Fatal(err)
			}
			_, err = tpl.Render(testVars, Limits{})
			if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrRender) {
				t.Errorf("got %v, want a render error containing %q", err, tt.want)
			}
		})
	}
}

func TestLimits(t *testing.T) {
	many := make([]any, 50)
	vars := map[string]any{"many": many}
	tests := []struct {
		name, src string
		lim       Limits
	}{
		{"iterations", "{% for a in many %}{% for b in many %}x{% endfor %}{% endfor %}", Limits{MaxIterations: 1000}},
		{"output", "{% for a in many %}{{ 'abcdefghij' }}{% endfor %}", Limits{MaxOutput: 100}},
		{"depth", strings.Repeat("{% if true %}", 70) + strings.Repeat("{% endif %}", 70), Limits{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl, err := Parse(tt.src)
			if err == nil {
				_, err = tpl.Render(vars, tt.lim)
			}
			if !errors.Is(err, ErrLimit) {
				t.Errorf("got %v, want ErrLimit", err)
			}
		})
	}
	if _, err := Parse(strings.Repeat("x", MaxSource+1)); !errors.Is(err, ErrLimit) {
		t.Errorf("oversized template: %v", err)
	}
	if _, err := Parse("{{" + strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200) + "}}"); !errors.Is(err, ErrLimit) {
		t.Errorf("deep expression: %v", err)
	}
}

func TestNames(t *testing.T) {
	tpl, err := Parse("{{ a.b }}{% for x in items %}{{ x }}{{ loop.index }}{{ c }}{% endfor %}{% set d = 1 %}{{ d }}{{ a }}{{ e | join(f) }}")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"a", "items", "c", "e", "f"}, tpl.Names()); d != "" {
		t.Errorf("names (-want +got):\n%s", d)
	}
}

// FuzzParse: Parse and Render never panic and always end, whatever the input.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"{{ a }}", "{% for x in y %}{{ loop.index }}{% endfor %}", "{% if a %}{% elif b %}{% else %}{% endif %}",
		"{{ a | join(', ') | upper }}", "{{ [1, {'a': 2}] }}", "{#- c -#}", "{{ 'x' ~ 1 if a else -2 // 0 }}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tpl, err := Parse(src)
		if err != nil {
			return
		}
		_, _ = tpl.Render(testVars, Limits{MaxOutput: 10_000, MaxIterations: 1_000})
	})
}
