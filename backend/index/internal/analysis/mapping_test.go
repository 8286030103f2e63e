package analysis

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAnalyzersNormaliseWords(t *testing.T) {
	an := testAnalyzers(t)
	tests := []struct {
		name, lang string
		a, b       string // must analyse to the same terms
	}{
		{"stem terminate/termination", LangEN, "terminate", "termination"},
		{"stem terminated", LangEN, "terminated", "terminating"},
		{"plural and case", LangEN, "Notices", "notice"},
		{"possessive", LangEN, "employer's", "employer"},
		{"ligature from a PDF", LangEN, "ﬁnal", "final"},
		{"stop words", LangEN, "notice of the termination", "notice termination"},
		{"alef with hamza above", LangAR, "أجر", "اجر"},
		{"alef with hamza below", LangAR, "إخطار", "اخطار"},
		{"alef madda", LangAR, "آثار", "اثار"},
		{"alef maqsura", LangAR, "مستشفى", "مستشفي"},
		{"ta marbuta", LangAR, "مدة", "مده"},
		{"diacritics", LangAR, "مُدَّة", "مدة"},
		{"tatweel", LangAR, "مـــدة", "مدة"},
		{"definite article", LangAR, "المادة", "مادة"},
		{"prefix wa-al", LangAR, "والعامل", "عامل"},
		{"plural suffix", LangAR, "العاملات", "عامل"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := terms(an, tt.lang, tt.a), terms(an, tt.lang, tt.b)
			if len(a) == 0 {
				t.Fatalf("%q analysed to nothing", tt.a)
			}
			if diff := cmp.Diff(b, a); diff != "" {
				t.Errorf("%q and %q analyse differently (-%s +%s):\n%s", tt.a, tt.b, tt.b, tt.a, diff)
			}
		})
	}
}
