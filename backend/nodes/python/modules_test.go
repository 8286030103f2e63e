package python

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/nodes/script"
)

// exprCase is a Python expression and the value main returns for it.
type exprCase struct {
	name, body string
	want       any
}

// catchHelper defines catch(f, exc): whether f() raises exc.
const catchHelper = "def catch(f, exc):\n    try:\n        f()\n    except exc:\n        return True\n    return False\n"

// checkExpressions evaluates every case's expression in one run of main,
// after header (imports and helpers) — one child process for all, each
// expression's exception caught apart as "raised: …" — and compares each
// with the case's value.
func checkExpressions(t *testing.T, header string, tests []exprCase) {
	t.Helper()
	var src strings.Builder
	src.WriteString(header + "def main():\n    out = {}\n")
	for i, tt := range tests {
		fmt.Fprintf(&src, "    try:\n        out['r%d'] = %s\n    except Exception as e:\n        out['r%d'] = 'raised: ' + str(e)\n", i, tt.body, i)
	}
	src.WriteString("    return out\n")
	got, err := run(t, src.String(), nil, script.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, got[fmt.Sprintf("r%d", i)]); d != "" {
				t.Errorf("result (-want +got):\n%s", d)
			}
		})
	}
}

func TestModules(t *testing.T) {
	tests := []exprCase{
		{"json loads", `json.loads('{"a": [1, 2.5, "x", null, true]}')`,
			map[string]any{"a": []any{1.0, 2.5, "x", nil, true}}},
		{"json loads keeps ints", `[isinstance(json.loads('[1]')[0], int), isinstance(json.loads('[1.0]')[0], float)]`, []any{true, true}},
		{"json dumps", `json.dumps({"b": [1, 2.5, None], "a": "é"})`, `{"a": "\u00e9", "b": [1, 2.5, null]}`},
		{"json dumps unicode indent", `json.dumps({"a": ["é"]}, ensure_ascii=False, indent=2)`, "{\n  \"a\": [\n    \"é\"\n  ]\n}"},
		{"json error is a ValueError", `catch(lambda: json.loads("{"), json.JSONDecodeError) and catch(lambda: json.loads("{"), ValueError)`, true},
		{"re findall", `re.findall(r"\d+", "a1 b22 c333")`, []any{"1", "22", "333"}},
		{"re findall groups", `re.findall(r"(\w)=(\d)", "a=1, b=2")`, []any{[]any{"a", "1"}, []any{"b", "2"}}},
		{"re search group", `re.search(r"(?P<n>\d+)", "ab 42").group("n")`, "42"},
		{"re match anchors", `[re.match(r"\d", "a1") is None, re.match(r"\d", "1a").group()]`, []any{true, "1"}},
		{"re flags", `re.findall(r"^x.y$", "X\nY\nx\ny", re.M | re.S | re.I)`, []any{"X\nY", "x\ny"}},
		{"re sub", `re.sub(r"(\w+)@(\w+)", r"\2 at \g<1>", "me@home, you@work", 1)`, "home at me, you@work"},
		{"re sub callable", `re.sub(r"\d", lambda m: str(int(m.group()) * 2), "a1b2")`, "a2b4"},
		{"re split", `re.split(r"[,;]\s*", "a, b;c")`, []any{"a", "b", "c"}},
		{"re span in runes", `re.search("b", "éb").span()`, []any{1.0, 2.0}},
		{"re compiled", "re.compile(r'~~~(\\w+)\\n(.*?)~~~', re.DOTALL).search('x~~~py\\nprint()~~~').groups()", []any{"py", "print()"}},
		{"re unicode escapes", `re.findall(r"[\u4e00-\u9fff]+|\\u", "ab 中文 \\u")`, []any{"中文", `\u`}},
		{"bool calls", `[bool(re.search("x", "axb")), bool(re.search("y", "axb")), bool(), bool([1])]`, []any{true, false, false, true}},
		{"str methods", `[", ".join(["a", "b"]), "-".join(x for x in "xy"), "Ab".lower(), "ab".upper(), "hello wORLD".title(), "éa".capitalize(), "a\nb\n".splitlines(), "aXaXa".count("a"), "12".isdigit(), "1a".isdigit(), " ".isspace(), "".isalpha()]`,
			[]any{"a, b", "x-y", "ab", "AB", "Hello World", "Éa", []any{"a", "b"}, 3.0, true, false, true, false}},
		{"join refuses a non-str", `catch(lambda: ",".join([1]), TypeError)`, true},
		{"re lookahead is an error", `catch(lambda: re.compile(r"a(?=b)"), re.error)`, true},
	}
	checkExpressions(t, "import json\nimport re\n"+catchHelper, tests)
}
