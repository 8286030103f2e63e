package analysis

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFindRefs(t *testing.T) {
	p := NewRefs()
	tests := []struct {
		text string
		want []string
	}{
		{"Article 12", []string{"article:12"}},
		{"article 12 termination", []string{"article:12"}},
		{"Art. 12(3)", []string{"article:12"}},
		{"art 7", []string{"article:7"}},
		{"Arts. 5 and 6", []string{"article:5"}},
		{"Articles 012", []string{"article:12"}},
		{"Section 4.2 – Payment", []string{"section:4.2"}},
		{"sec. 4", []string{"section:4"}},
		{"§ 5", []string{"section:5"}},
		{"§§5", []string{"section:5"}},
		{"Chapter IV", []string{"chapter:4"}},
		{"Part XII\nArticle 40", []string{"article:40", "part:12"}},
		{"Clause 3.1.2", []string{"clause:3.1.2"}},
		{"Schedule 2", []string{"schedule:2"}},
		{"Annex III", []string{"annex:3"}},
		{"part of the contract", nil},
		{"Part i", nil}, // lower-case Roman numerals are words
		{"article twelve", nil},
		{"within 12 days", nil},
		{"المادة 12", []string{"article:12"}},
		{"المادة ١٢", []string{"article:12"}},
		{"المادّة (١٢)", []string{"article:12"}},
		{"مادة 7", []string{"article:7"}},
		{"وفقاً للمادة 7", []string{"article:7"}},
		{"المادة الأولى", []string{"article:1"}},
		{"المادة العاشرة", []string{"article:10"}},
		{"الباب الثاني", []string{"part:2"}},
		{"الفصل 3", []string{"chapter:3"}},
		{"الفرع ۴", []string{"section:4"}},
		{"عقد العمل", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, p.Find(tt.text)); diff != "" {
			t.Errorf("Find(%q) (-want +got):\n%s", tt.text, diff)
		}
	}
}

func TestDigitFolding(t *testing.T) {
	if got := ArabicDigits("Article 12"); got != "Article ١٢" {
		t.Errorf("ArabicDigits = %q", got)
	}
}
