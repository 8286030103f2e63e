package python

import (
	"strings"
	"unicode"

	"github.com/go-python/gpython/py"
)

// addStringMethods gives str the common methods gpython v0.2.0 lacks (it
// has only find, split, replace, strip, startswith and endswith): join,
// lower, upper, title, capitalize, splitlines, count and the is* tests.
// Only the child calls it.
func addStringMethods() {
	add := func(name string, fn func(s string, args py.Tuple) (py.Object, error)) {
		py.StringType.Dict[name] = py.MustNewMethod(name, func(self py.Object, args py.Tuple) (py.Object, error) {
			return fn(string(self.(py.String)), args)
		}, 0, "")
	}
	add("join", strJoin)
	for name, f := range map[string]func(string) string{
		"lower": strings.ToLower, "upper": strings.ToUpper, "title": titleCase, "capitalize": capitalize,
	} {
		add(name, func(s string, _ py.Tuple) (py.Object, error) { return py.String(f(s)), nil })
	}
	for name, f := range map[string]func(rune) bool{
		"isdigit": unicode.IsDigit, "isalpha": unicode.IsLetter, "isspace": unicode.IsSpace, "isalnum": isAlnum,
	} {
		add(name, func(s string, _ py.Tuple) (py.Object, error) {
			return py.NewBool(s != "" && strings.IndexFunc(s, func(r rune) bool { return !f(r) }) < 0), nil
		})
	}
	add("splitlines", func(s string, _ py.Tuple) (py.Object, error) {
		lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		return py.NewListFromStrings(lines), nil
	})
	add("count", func(s string, args py.Tuple) (py.Object, error) {
		sub, ok := firstString(args)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "count() takes a str")
		}
		return py.Int(strings.Count(s, sub)), nil
	})
}

func strJoin(sep string, args py.Tuple) (py.Object, error) {
	if len(args) != 1 {
		return nil, py.ExceptionNewf(py.TypeError, "join() takes exactly one argument")
	}
	var parts []string
	var bad py.Object
	err := py.Iterate(args[0], func(item py.Object) bool {
		s, ok := item.(py.String)
		if !ok {
			bad = item
			return true
		}
		parts = append(parts, string(s))
		return false
	})
	if err != nil {
		return nil, err
	}
	if bad != nil {
		return nil, py.ExceptionNewf(py.TypeError, "sequence item %d: expected str instance, %s found", len(parts), bad.Type().Name)
	}
	return py.String(strings.Join(parts, sep)), nil
}

func firstString(args py.Tuple) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	s, ok := args[0].(py.String)
	return string(s), ok
}

func isAlnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// titleCase upper-cases the first letter of each run of letters and
// lower-cases the rest, as Python's str.title does.
func titleCase(s string) string {
	prevLetter := false
	return strings.Map(func(r rune) rune {
		out := unicode.ToLower(r)
		if !prevLetter {
			out = unicode.ToUpper(r)
		}
		prevLetter = unicode.IsLetter(r)
		return out
	}, s)
}

func capitalize(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + strings.ToLower(s[i+len(string(r)):])
	}
	return s
}
