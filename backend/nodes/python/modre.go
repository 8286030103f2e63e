package python

import (
	"regexp"
	"strings"

	"github.com/go-python/gpython/py"
)

// The re module over Go's regexp (RE2), enough for the corpus: compile,
// search, match, fullmatch, findall, finditer, sub, split, escape, the
// flags I, M, S and A, and match objects (group, groups, groupdict, start,
// end, span). Python syntax RE2 lacks fails as re.error: lookaround
// ((?=…), (?!…), (?<=…), (?<!…)), backreferences (\1, (?P=name)),
// conditionals and atomic groups; \d, \w and \s match ASCII only, and
// positions are in runes as Python's are.
var reError = newType(py.ExceptionType, "re.error", "invalid regular expression")

// Python's flag values.
const (
	reIgnoreCase = 2
	reMultiline  = 8
	reDotAll     = 16
	reASCII      = 256
)

// registerRe adds the module and its types' methods to gpython; only the
// child calls it.
func registerRe() {
	addPatternMethods()
	addMatchMethods()
	py.RegisterModule(&py.ModuleImpl{
		Info: py.ModuleInfo{Name: "re", Doc: "regular expressions (RE2 syntax)"},
		Methods: []*py.Method{
			py.MustNewMethod("compile", reCompile, 0, "compile(pattern, flags=0) -> Pattern"),
			py.MustNewMethod("search", patternFunc("search"), 0, "search(pattern, string, flags=0)"),
			py.MustNewMethod("match", patternFunc("match"), 0, "match(pattern, string, flags=0)"),
			py.MustNewMethod("fullmatch", patternFunc("fullmatch"), 0, "fullmatch(pattern, string, flags=0)"),
			py.MustNewMethod("findall", patternFunc("findall"), 0, "findall(pattern, string, flags=0)"),
			py.MustNewMethod("finditer", patternFunc("finditer"), 0, "finditer(pattern, string, flags=0)"),
			py.MustNewMethod("sub", patternFunc("sub"), 0, "sub(pattern, repl, string, count=0, flags=0)"),
			py.MustNewMethod("split", patternFunc("split"), 0, "split(pattern, string, maxsplit=0, flags=0)"),
			py.MustNewMethod("escape", reEscape, 0, "escape(pattern) -> str"),
		},
		Globals: py.StringDict{
			"I": py.Int(reIgnoreCase), "IGNORECASE": py.Int(reIgnoreCase),
			"M": py.Int(reMultiline), "MULTILINE": py.Int(reMultiline),
			"S": py.Int(reDotAll), "DOTALL": py.Int(reDotAll),
			"A": py.Int(reASCII), "ASCII": py.Int(reASCII),
			"error": reError,
		},
	})
}

// compilePattern translates Python's flags and escapes into RE2.
func compilePattern(pattern string, flags int) (*regexp.Regexp, error) {
	var prefix string
	for _, f := range []struct {
		bit  int
		flag string
	}{{reIgnoreCase, "i"}, {reMultiline, "m"}, {reDotAll, "s"}} {
		if flags&f.bit != 0 {
			prefix += f.flag
		}
	}
	if prefix != "" {
		prefix = "(?" + prefix + ")"
	}
	re, err := regexp.Compile(prefix + translateEscapes(pattern))
	if err != nil {
		return nil, py.ExceptionNewf(reError, "%v", err)
	}
	return re, nil
}

func reCompile(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	pattern, err := stringArgument(args, kwargs, 0, "pattern")
	if err != nil {
		return nil, err
	}
	return newPattern(pattern, intArgument(args, kwargs, 1, "flags"))
}

func intArgument(args py.Tuple, kwargs py.StringDict, i int, name string) int {
	o, _ := argument(args, kwargs, i, name)
	n, _ := o.(py.Int)
	return int(n)
}

// patternFunc is the module-level form of a Pattern method: the pattern
// comes first and the flags last.
func patternFunc(method string) func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
	return func(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		pattern, err := stringArgument(args, kwargs, 0, "pattern")
		if err != nil {
			return nil, err
		}
		rest := args[1:]
		flagsAt := map[string]int{"sub": 4, "split": 3}[method]
		if flagsAt == 0 {
			flagsAt = 2
		}
		flags := intArgument(args, kwargs, flagsAt, "flags")
		if len(rest) >= flagsAt {
			rest = rest[:flagsAt-1]
		}
		p, err := newPattern(pattern, flags)
		if err != nil {
			return nil, err
		}
		delete(kwargs, "flags")
		return patternMethods[method](p, rest, kwargs)
	}
}

func reEscape(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	s, err := stringArgument(args, kwargs, 0, "pattern")
	if err != nil {
		return nil, err
	}
	return py.String(regexp.QuoteMeta(s)), nil
}

// translateEscapes rewrites the escapes Python spells differently from
// RE2: \Z (end of text) is \z, \uXXXX and \UXXXXXXXX are \x{...}. An
// escaped backslash is copied as it is, so \\u stays a backslash and a u.
func translateEscapes(pattern string) string {
	var b strings.Builder
	for i := 0; i < len(pattern); i++ {
		if pattern[i] != '\\' || i+1 == len(pattern) {
			b.WriteByte(pattern[i])
			continue
		}
		next := pattern[i+1]
		digits := map[byte]int{'u': 4, 'U': 8}[next]
		switch {
		case next == 'Z':
			b.WriteString(`\z`)
		case digits > 0 && i+2+digits <= len(pattern) && isHex(pattern[i+2:i+2+digits]):
			b.WriteString(`\x{` + pattern[i+2:i+2+digits] + `}`)
			i += digits
		default:
			b.WriteString(pattern[i : i+2])
		}
		i++
	}
	return b.String()
}

func isHex(s string) bool {
	return strings.Trim(s, "0123456789abcdefABCDEF") == ""
}
