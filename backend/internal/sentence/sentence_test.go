package sentence

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitSentences(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"simple", "One is here. Two is there! Three? Yes.", []string{"One is here.", "Two is there!", "Three?", "Yes."}},
		{"legal abbreviations", "See Art. 12 and Sec. 4 of the Act. Also No. 5 applies.", []string{"See Art. 12 and Sec. 4 of the Act.", "Also No. 5 applies."}},
		{"latin abbreviations", "Some terms, e.g. notice, i.e. written notice, apply. Next.", []string{"Some terms, e.g. notice, i.e. written notice, apply.", "Next."}},
		{"numbers", "Under clause 12.3 the fee is 2.5% of the price. Paid monthly.", []string{"Under clause 12.3 the fee is 2.5% of the price.", "Paid monthly."}},
		{"initials", "Signed by J. Smith on behalf of the company. Done.", []string{"Signed by J. Smith on behalf of the company.", "Done."}},
		{"lowercase continues", "It costs approx. five dollars. Fine.", []string{"It costs approx. five dollars.", "Fine."}},
		{"numbered heading splits", "Article 12. Termination\nEither party may end it.", []string{"Article 12.", "Termination", "Either party may end it."}},
		{"quotes and brackets close", `He said "stop." Then (it ended.) Later.`, []string{`He said "stop."`, "Then (it ended.)", "Later."}},
		{"ellipsis and runs", "Wait... what?! Really.", []string{"Wait...", "what?!", "Really."}},
		{"newlines and blanks", "Line one\n\n  Line two  \n.\n", []string{"Line one", "Line two"}},
		{
			"arabic punctuation",
			"المادة ١٢: يجوز إنهاء العقد. هل يجب الإخطار؟ نعم يجب۔ انتهى",
			[]string{"المادة ١٢: يجوز إنهاء العقد.", "هل يجب الإخطار؟", "نعم يجب۔", "انتهى"},
		},
		{"emoji", "Deal 🤝 signed. Party 🎉!", []string{"Deal 🤝 signed.", "Party 🎉!"}},
		{
			// Chinese puts no space after 。！？; ； joins the clauses of one sentence.
			"chinese statute",
			"第五十四条　自然人从事工商业经营，经依法登记，为个体工商户。个体工商户可以起字号。\n" +
				"第五十六条　个体工商户的债务，个人经营的，以个人财产承担；家庭经营的，以家庭财产承担。",
			[]string{
				"第五十四条　自然人从事工商业经营，经依法登记，为个体工商户。", "个体工商户可以起字号。",
				"第五十六条　个体工商户的债务，个人经营的，以个人财产承担；家庭经营的，以家庭财产承担。",
			},
		},
		{
			"chinese questions and quotes",
			"债务由谁承担？他说：“以个人财产承担。”真的！[……]",
			[]string{"债务由谁承担？", "他说：“以个人财产承担。”", "真的！"},
		},
		{"full-width stop before latin", "适用本法。See Art. 5.", []string{"适用本法。", "See Art. 5."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Split(tc.in)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("sentences (-want +got):\n%s", diff)
			}
			for i, sp := range Spans(tc.in) {
				if tc.in[sp.Start:sp.End] != got[i] {
					t.Errorf("span %d is %q, want %q", i, tc.in[sp.Start:sp.End], got[i])
				}
			}
		})
	}
}
