package extractive

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
	tr := newTerms()
	tests := []struct {
		in   string
		want []string
	}{
		{"What is the notice period under Article 12?", []string{"12", "articl", "notic", "period"}},
		{"ما هي مدة الإخطار وفقاً للمادة ١٢؟", []string{"12", "اخطار", "ماد", "مده"}},
		{"the a of", nil},
		{"x 7", []string{"7"}},
	}
	for _, tc := range tests {
		var got []string
		for term := range tr.of(tc.in) {
			got = append(got, term)
		}
		slices.Sort(got)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("terms(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}
