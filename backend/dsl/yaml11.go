package dsl

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Dify reads its DSL with PyYAML, a YAML 1.1 reader; yaml.v3 resolves plain
// scalars by YAML 1.2's rules. Where they differ, an export means what
// Dify read: "000568" (not octal, so a string, where 1.2 reads 568), "010"
// (octal 8), "yes"/"off" (booleans), "1:30" (sexagesimal 90), "1e3" (a
// string: 1.1 floats need a dot). A bare "=" (1.1's value key, which PyYAML
// cannot construct) is read as the string it was meant to be. Exports quote
// every string a 1.1 reader would take for something else.
var (
	yaml11Bool  = regexp.MustCompile(`^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$`)
	yaml11Null  = regexp.MustCompile(`^(?:~|null|Null|NULL|)$`)
	yaml11Int   = regexp.MustCompile(`^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$`)
	yaml11Float = regexp.MustCompile(`^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)
)

// yaml11Tag is the tag YAML 1.1 resolves a plain scalar to.
func yaml11Tag(s string) string {
	switch {
	case yaml11Null.MatchString(s):
		return "!!null"
	case yaml11Bool.MatchString(s):
		return "!!bool"
	case yaml11Int.MatchString(s):
		return "!!int"
	case yaml11Float.MatchString(s):
		return "!!float"
	}
	return "!!str"
}

// yaml11Scalar is a plain scalar's JSON value under YAML 1.1; ok is false
// when the value is a string.
func yaml11Scalar(s string) (json string, ok bool) {
	switch yaml11Tag(s) {
	case "!!null":
		return "null", true
	case "!!bool":
		return strconv.FormatBool(strings.ContainsAny(s[:1], "yYtToO") && !strings.EqualFold(s, "off")), true
	case "!!int":
		return yaml11Int64(s)
	case "!!float":
		return yaml11Float64(s)
	}
	return "", false
}

func yaml11Int64(s string) (string, bool) {
	sign, digits := splitSign(strings.ReplaceAll(s, "_", ""))
	var n int64
	var err error
	switch {
	case strings.Contains(digits, ":"):
		n, err = sexagesimal(digits)
	case strings.HasPrefix(digits, "0b"):
		n, err = strconv.ParseInt(digits[2:], 2, 64)
	case strings.HasPrefix(digits, "0x"):
		n, err = strconv.ParseInt(digits[2:], 16, 64)
	case len(digits) > 1 && digits[0] == '0':
		n, err = strconv.ParseInt(digits[1:], 8, 64)
	default:
		n, err = strconv.ParseInt(digits, 10, 64)
	}
	if err != nil {
		return "", false // too large for an int: keep the text
	}
	return strconv.FormatInt(sign*n, 10), true
}

func yaml11Float64(s string) (string, bool) {
	if isJSONNumber(s) {
		return s, true // copied verbatim, so that its text survives a round trip
	}
	sign, digits := splitSign(strings.ReplaceAll(s, "_", ""))
	if strings.Contains(digits, ":") {
		whole, frac, _ := strings.Cut(digits, ".")
		n, err := sexagesimal(whole)
		f, _ := strconv.ParseFloat("0."+frac, 64)
		if err != nil {
			return "", false
		}
		return strconv.FormatFloat(float64(sign)*(float64(n)+f), 'g', -1, 64), true
	}
	f, err := strconv.ParseFloat(digits, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return "", false // .inf and .nan have no JSON form; refused later as before
	}
	return strconv.FormatFloat(float64(sign)*f, 'g', -1, 64), true
}

func splitSign(s string) (int64, string) {
	switch {
	case strings.HasPrefix(s, "-"):
		return -1, s[1:]
	case strings.HasPrefix(s, "+"):
		return 1, s[1:]
	}
	return 1, s
}

func sexagesimal(s string) (int64, error) {
	var n int64
	for _, part := range strings.Split(s, ":") {
		d, err := strconv.ParseInt(part, 10, 64)
		if err != nil {
			return 0, err
		}
		n = n*60 + d
	}
	return n, nil
}

// quoteForYAML11 quotes, in a tree about to be written, every string a YAML
// 1.1 reader would resolve to something else, and spells floats so that
// such a reader still reads numbers.
func quoteForYAML11(n *yaml.Node) {
	for _, c := range n.Content {
		quoteForYAML11(c)
	}
	if n.Kind != yaml.ScalarNode || n.Style == yaml.LiteralStyle {
		return
	}
	switch n.Tag {
	case "!!str":
		if yaml11Tag(n.Value) != "!!str" || n.Value == "=" {
			n.Style = yaml.DoubleQuotedStyle
		}
	case "!!float":
		if !yaml11Float.MatchString(n.Value) {
			n.Value = yaml11FloatText(n.Value)
		}
	}
}

// yaml11FloatText respells a JSON number with the dot and exponent sign
// YAML 1.1 requires ("1e7" → "1.0e+7").
func yaml11FloatText(s string) string {
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	if !hasExp {
		return mant
	}
	if exp != "" && exp[0] != '-' && exp[0] != '+' {
		exp = "+" + exp
	}
	return mant + "e" + exp
}
