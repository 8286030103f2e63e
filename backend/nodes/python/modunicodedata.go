package python

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/go-python/gpython/py"
	"golang.org/x/text/unicode/norm"
)

// The unicodedata module: normalize (NFC, NFD, NFKC, NFKD), name and
// category, from Go's Unicode tables (a Unicode version that may differ
// from the running CPython's for characters added since; Hangul
// syllables have no name here).
func registerUnicodedata() {
	py.RegisterModule(&py.ModuleImpl{
		Info: py.ModuleInfo{Name: "unicodedata", Doc: "the Unicode character database"},
		Methods: []*py.Method{
			py.MustNewMethod("normalize", udNormalize, 0, "normalize(form, unistr) -> str"),
			py.MustNewMethod("name", udName, 0, "name(chr, default) -> str"),
			py.MustNewMethod("category", udCategory, 0, "category(chr) -> str"),
		},
	})
}

var normForms = map[string]norm.Form{"NFC": norm.NFC, "NFD": norm.NFD, "NFKC": norm.NFKC, "NFKD": norm.NFKD}

func udNormalize(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	form, err := stringArgument(args, kwargs, 0, "form")
	if err != nil {
		return nil, err
	}
	s, err := stringArgument(args, kwargs, 1, "unistr")
	if err != nil {
		return nil, err
	}
	f, ok := normForms[form]
	if !ok {
		return nil, py.ExceptionNewf(py.ValueError, "invalid normalization form")
	}
	return py.String(f.String(s)), nil
}

// charArgument is a str of exactly one character.
func charArgument(args py.Tuple, kwargs py.StringDict, fn string) (rune, error) {
	s, err := stringArgument(args, kwargs, 0, "chr")
	if err != nil {
		return 0, err
	}
	r := []rune(s)
	if len(r) != 1 {
		return 0, py.ExceptionNewf(py.TypeError, "%s() argument must be a unicode character, not str", fn)
	}
	return r[0], nil
}

func udName(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	r, err := charArgument(args, kwargs, "name")
	if err != nil {
		return nil, err
	}
	name, err := charName(r)
	if err != nil {
		return nil, err
	}
	if name == "" { // controls and unassigned characters have no name
		if def, ok := argument(args, kwargs, 1, "default"); ok {
			return def, nil
		}
		return nil, py.ExceptionNewf(py.ValueError, "no such name")
	}
	return py.String(name), nil
}

// charName is a character's Unicode name, "" when it has none. The
// tables name CJK ideographs by their range ("<CJK Ideograph>"); their
// names are made from the code point, as CPython makes them. Hangul
// syllables, named by a longer rule, are reported as having no name.
func charName(r rune) (string, error) {
	names, err := unicodeNames()
	if err != nil {
		return "", err
	}
	name := names.name(r)
	switch {
	case strings.HasPrefix(name, "<CJK Ideograph"):
		return fmt.Sprintf("CJK UNIFIED IDEOGRAPH-%04X", r), nil
	case strings.HasPrefix(name, "<"):
		return "", nil
	}
	return name, nil
}

// udCategory is the two-letter general category, "Cn" when unassigned.
func udCategory(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	r, err := charArgument(args, kwargs, "category")
	if err != nil {
		return nil, err
	}
	for _, cat := range categoryNames {
		if unicode.Is(unicode.Categories[cat], r) {
			return py.String(cat), nil
		}
	}
	return py.String("Cn"), nil
}

var categoryNames = []string{"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po",
	"Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Co", "Cs"}
