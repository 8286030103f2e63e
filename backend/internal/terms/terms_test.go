package terms

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNormalize(t *testing.T) {
	tests := map[string]string{
		"Termination": "termination",
		"إِنْهَاءُ":   "انهاء",
		"أحكام":       "احكام",
		"آخر":         "اخر",
		"مستشفى":      "مستشفي",
		"المادة":      "الماده",
		"العـــقد":    "العقد",
		"١٢":          "12",
		"۱۲":          "12",
	}
	for in, want := range tests {
		if got := normalize(in); got != want {
			t.Errorf("normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestStem(t *testing.T) {
	groups := [][]string{
		{"terminate", "terminated", "terminates", "termination", "terminating"},
		{"notice", "notices", "noticed"},
		{"apply", "applies", "applied"},
		{"commit", "committed", "committing"},
		{"agreement", "agreements"},
		{"اخطار", "الاخطار", "باخطار"},
		{"عقد", "العقد", "والعقد"},
		{"انهاء", "الانهاء", "لانهاء"},
		{"ماده", "الماده"},
	}
	for _, g := range groups {
		first := stem(g[0])
		for _, w := range g[1:] {
			if got := stem(w); got != first {
				t.Errorf("stem(%q) = %q, stem(%q) = %q: want equal", w, got, g[0], first)
			}
		}
	}
	for _, w := range []string{"class", "status", "thesis", "12", "tax"} {
		if got := stem(w); got != w {
			t.Errorf("stem(%q) = %q, want unchanged", w, got)
		}
	}
}

func TestTermsOf(t *testing.T) {

	tests := []struct {
		in   string
		want []string
	}{
		{"What is the notice period under Article 12?", []string{"12", "articl", "notic", "period"}},
		{"ما هي مدة الإخطار وفقاً للمادة ١٢؟", []string{"12", "اخطار", "ماد", "مده"}},
		{"the a of", nil},
		{"x 7", []string{"7"}},
		// Chinese, unspaced, gives the bigrams the index matches it by.
		{"个体工商户的债务由谁承担？", []string{"个体", "体工", "债务", "务由", "商户", "工商", "户的", "承担", "由谁", "的债", "谁承"}},
		// A lone ideograph is a term; digits and Latin words beside ideographs are words.
		{"第56条 与 GDPR", []string{"56", "gdpr", "与", "条", "第"}},
	}
	for _, tc := range tests {
		var got []string
		for term := range Of(tc.in) {
			got = append(got, term)
		}
		slices.Sort(got)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("terms(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

func TestWordCount(t *testing.T) {
	tests := map[string]int{
		"Article 12 Termination":           3,
		"Either party's notice (30 days).": 6,
		"المادة ١٢ — إنهاء العقد":          4,
		"第五十六条":                            5,
		"第四节　个体工商户和农村承包经营户":                16,
		"个体工商户可以起字号。":                      10,
		"第56条，适用 GDPR。":                    6,
	}
	for in, want := range tests {
		if got := WordCount(in); got != want {
			t.Errorf("WordCount(%q) = %d, want %d", in, got, want)
		}
	}
}
