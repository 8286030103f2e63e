package sentence

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	long := "The Distributor shall purchase the Products exclusively from Accuray. " +
		"Either party may terminate this Agreement upon thirty days written notice to the other party set forth in the Strategic Plan."
	cases := []struct {
		name, text string
		max        int
		want       string
	}{
		{"fits unchanged", "Short clause.", 40, "Short clause."},
		{"ends after the whole sentence", long, 100, "The Distributor shall purchase the Products exclusively from Accuray. …"},
		{"ends after a whole word", strings.Repeat("termination ", 20), 30, "termination termination …"},
		{"one long word is cut", strings.Repeat("x", 50), 10, "xxxxxxxxxx …"},
		{"Chinese ends after any character", "第一条 为了规范合同行为保护当事人的合法权益维护社会经济秩序制定本法", 10, "第一条 为了规范合同 …"},
		{"quoted sentence keeps its quote", `He said "stop." Then the parties agreed to arbitrate every dispute arising`, 28, `He said "stop." …`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Clip(c.text, c.max)
			if got != c.want {
				t.Fatalf("Clip(%q, %d) = %q, want %q", c.text, c.max, got, c.want)
			}
			if n := utf8.RuneCountInString(strings.TrimSuffix(got, " …")); n > c.max {
				t.Fatalf("clipped to %d characters, more than %d", n, c.max)
			}
		})
	}
}
