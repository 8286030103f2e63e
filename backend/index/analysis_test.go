package index

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSearchEnglishStemming(t *testing.T) {
	x := newIndexWith(t,
		chunk("a", "d", "c", "en", "The employer may terminate the contract."),
		chunk("b", "d", "c", "en", "A contract terminated early."),
		chunk("c", "d", "c", "en", "Termination requires notice."),
		chunk("d", "d", "c", "en", "Wages are paid monthly."),
	)
	for _, q := range []string{"terminate", "termination", "terminated", "TERMINATING"} {
		got := hitIDs(mustSearch(t, x, Query{Text: q}))
		if diff := cmp.Diff([]string{"a", "b", "c"}, sorted(got)); diff != "" {
			t.Errorf("Search(%q) chunks (-want +got):\n%s", q, diff)
		}
	}
}

func TestSearchArabicNormalisation(t *testing.T) {
	x := newIndexWith(t, labourLawAr()...)
	tests := []struct{ query, want string }{
		{"الاشعار", "ar-13"},     // الإشعار in the text
		{"مدة", "ar-13"},         // مُدَّة with diacritics
		{"اخطار كتابي", "ar-12"}, // إخطار
		{"ماده", "ar-1"},         // المادة, and every chunk has it: the first is enough
		{"عامل", "ar-1"},         // بالعامل
		{"كتابياً", "ar-12"},     // كتابي, asked in the accusative with tanween
		{"كتابيًا", "ar-12"},     // the same, tanween written before the alef
	}
	for _, tt := range tests {
		got := hitIDs(mustSearch(t, x, Query{Text: tt.query, Language: "ar"}))
		if !contains(got, tt.want) {
			t.Errorf("Search(%q) = %v, want it to include %s", tt.query, got, tt.want)
		}
	}
}

func TestSearchLanguageChoosesAnalyzer(t *testing.T) {
	x := newIndexWith(t, append(employmentAct(), labourLawAr()...)...)
	if got := mustSearch(t, x, Query{Text: "الإخطار", Language: "en"}); len(got) != 0 {
		// the English analyser does not strip the article, so no Arabic chunk matches
		t.Errorf("Arabic word analysed as English found %v", hitIDs(got))
	}
	if got := hitIDs(mustSearch(t, x, Query{Text: "الإخطار"})); !contains(got, "ar-13") {
		t.Errorf("both languages: got %v, want ar-13", got)
	}
	if got := mustSearch(t, x, Query{Text: "termination", Language: "ar"}); len(got) != 0 {
		t.Errorf("English word searched as Arabic found %v", hitIDs(got))
	}
}
