package python

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// The standard-library modules added for the corpus, against the values
// CPython 3.11 gives for the same expressions (each one evaluated there by
// `python3 -c 'import base64, hashlib, hmac, unicodedata, logging; print(…)'`).
func TestStandardModulesMatchCPython(t *testing.T) {
	tests := []exprCase{
		{"b64encode of utf-8", `base64.b64encode('<svg>é</svg>'.encode('utf-8')).decode('utf-8')`, "PHN2Zz7DqTwvc3ZnPg=="},
		{"b64decode of str", `base64.b64decode('PHN2Zz7DqTwvc3ZnPg==').decode('utf-8')`, "<svg>é</svg>"},
		{"b64decode skips newlines", `base64.b64decode(b'aGVs\nbG8=').decode()`, "hello"},
		{"urlsafe alphabet", `base64.urlsafe_b64encode(bytes([251, 255, 191])).decode('ascii')`, "-_-_"},
		{"b64encode refuses str", `catch(lambda: base64.b64encode('x'), TypeError)`, true},
		{"bad padding", `catch(lambda: base64.b64decode('abc'), ValueError)`, true},
		{"sha256 hexdigest", `hashlib.sha256('签名'.encode('utf-8')).hexdigest()`, "3da7c413d5c52fa4c9d4b6252724296fb8606b57ba4a70044ebfdbd7a7aa15f0"},
		{"md5 update", `(lambda h: [h.update(b'a'), h.update(b'bc'), h.hexdigest()][2])(hashlib.md5())`, "900150983cd24fb0d6963f7d28e17f72"},
		{"new by name", `hashlib.new('sha1', b'abc').hexdigest()`, "a9993e364706816aba3e25717850c26c9cd0d89d"},
		{"sha512 of nothing", `hashlib.sha512().hexdigest()`,
			"cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"},
		{"hashing str is refused", `catch(lambda: hashlib.sha256('x'), TypeError)`, true},
		{"hmac hexdigest", `hmac.new(b'key', 'msg'.encode('utf-8'), hashlib.sha256).hexdigest()`, "2d93cbc1be167bcb1637a4a23cbff01a7878f0c50ee833954ea5221bb1b8c628"},
		{"hmac of a digest (request signing)", `hmac.new(hmac.new(b'k1', b'2024-01-01', hashlib.sha256).digest(), b'svc', hashlib.sha256).hexdigest()`,
			"d1db9a1dc11a62597ec50f9e169bd848822c0448c23c2cea298044821dd4c6bc"},
		{"hmac digestmod by name", `hmac.new(b'key', b'msg', 'sha1').hexdigest()`, "102900b72b7bf1031eec76b4804b66052376896b"},
		{"compare_digest", `[hmac.compare_digest('ab', 'ab'), hmac.compare_digest(b'a', b'b')]`, []any{true, false}},
		{"bytes hex", `'é'.encode().hex()`, "c3a9"},
		{"NFKC", `unicodedata.normalize('NFKC', 'ｆｕｌｌ１２３ ﬁ')`, "full123 fi"},
		{"NFD splits accents", `len(unicodedata.normalize('NFD', 'é'))`, 2.0},
		{"name", `[unicodedata.name('中'), unicodedata.name('a'), unicodedata.name('\t', '')]`,
			[]any{"CJK UNIFIED IDEOGRAPH-4E2D", "LATIN SMALL LETTER A", ""}},
		{"category", `[unicodedata.category(c) for c in 'aA1 ,中']`, []any{"Ll", "Lu", "Nd", "Zs", "Po", "Lo"}},
		{"logging goes nowhere", `[logging.getLogger('x').info('x'), logging.basicConfig(level=logging.INFO), logging.INFO, logging.warning('w')]`,
			[]any{nil, nil, 20.0, nil}},
	}
	checkExpressions(t, "import base64\nimport hashlib\nimport hmac\nimport unicodedata\nimport logging\n"+catchHelper, tests)
}

// Modules with a file system, a network, a process or third-party code
// behind them stay refused, by name, before any run.
func TestModulesWithSystemAccessAreRefused(t *testing.T) {
	for _, name := range []string{"os", "pathlib", "requests", "numpy", "pandas", "sympy", "jieba", "json_repair", "matplotlib.pyplot", "subprocess", "io"} {
		_, err := Compile("import json, " + name + "\ndef main():\n    return {}\n")
		if !errors.Is(err, ErrNoModule) || !strings.Contains(err.Error(), "import "+name+":") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// json.loads fails with CPython's words and position (the messages below
// are CPython 3.11's for the same inputs), except that an input ending too
// soon is "Expecting value" at its end.
func TestJSONDecodeErrorsReadAsCPythons(t *testing.T) {
	var tests []exprCase
	for in, want := range map[string]string{
		"The tenant may end the lease.": "Expecting value: line 1 column 1 (char 0)",
		`{"a": 1,}`:                     "Expecting property name enclosed in double quotes: line 1 column 9 (char 8)",
		"[1 2]":                         "Expecting ',' delimiter: line 1 column 4 (char 3)",
		`{"a" 1}`:                       "Expecting ':' delimiter: line 1 column 6 (char 5)",
		`"中文" x`:                        "Extra data: line 1 column 6 (char 5)",
		"\n\n  [1,\n x]":                "Expecting value: line 4 column 2 (char 9)",
	} {
		tests = append(tests, exprCase{in, fmt.Sprintf("decode_error(%q)", in), want})
	}
	decodeError := "def decode_error(s):\n    try:\n        json.loads(s)\n    except json.JSONDecodeError as e:\n        return str(e)\n    return ''\n"
	checkExpressions(t, "import json\n"+decodeError, tests)
}
