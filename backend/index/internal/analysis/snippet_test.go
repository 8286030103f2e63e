package analysis

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// statuteTexts are passages of English, Arabic and Chinese statutes, and
// text that analysis rewrites: markup, possessives, ligatures, colons,
// diacritics, tanween, both kinds of digits, long text.
func statuteTexts() []string {
	return []string{
		`Article 1 – Definitions. In this Act "employer" means any person who employs a worker under a contract of employment.`,
		"Either party may end the contract of employment by giving the other party written notice.",
		"The notice shall be given in writing. A notice given orally has no effect. The notice period runs from the day after the notice is received.",
		"The employer's obligations include paying wages <b>on time</b> & keeping records.",
		"المادة ١: يقصد بالعامل كل شخص طبيعي يعمل لقاء أجر لدى صاحب عمل.",
		"المادة 12: يجوز لأي من الطرفين إنهاء عقد العمل بموجب إخطار كتابي قبل ثلاثين يوماً.",
		"تبدأ مُدَّة الإشعار من اليوم التالي لتسلم الإخطار، ويستحق العامل أجره كاملاً عن هذه المدة.",
		"第五十六条　个体工商户的债务，个人经营的，以个人财产承担；家庭经营的，以家庭财产承担；无法区分的，以家庭财产承担。",
		"The ﬁnal notice: title:termination of the “Agreement”, Employers’ and employer's duties <b>bold</b> & 'quoted'.",
		"Article 12(3) – NOTICE, Notices, noticed; notice-period 30 days, ٣٠ يوماً.",
		"المادة ٧: يُنهى العقدُ تشريعياً بإخطارٍ كتابيٍّ قبل 30 يوماً، والإخطار الكتابي ضمنياً لا يكفي.",
		strings.Repeat("Preliminary provisions apply to every party. ", 30) +
			"The employer's notice of termination shall be written. " + strings.Repeat("Final provisions & <schedules>. ", 30),
		strings.Repeat("نص تمهيدي طويل ", 40) + "ينتهي العقد بالإخطار الكتابي. " + strings.Repeat("أحكام ختامية ", 40),
	}
}

// TestRunByRunAnalysis: tokenizing text run by run between white space,
// and filtering each token alone, gives every token the term, offsets and
// position that analysing the whole text gives it, which is what the index
// holds in its term vectors: over statutes, and over random text mixing
// white space, punctuation, digits, marks, format characters, ligatures,
// emoji and Arabic.
func TestRunByRunAnalysis(t *testing.T) {
	sn, err := NewSnippets(testAnalyzers(t)).For(nil)
	if err != nil {
		t.Fatal(err)
	}
	texts := statuteTexts()
	pieces := []string{"a", "Bc", "party", "Party's", "’s", "é", "e\u0301", "\u0301", "\u064b", "\u0651", "'", "\"", ".", ",", ":", ";", "-", "_",
		"12", "3.5", "٣", "٠١", "(", ")", "&", "<b>", "ﬁ", "\u00ad", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "🇫🇷", "😀", "\u00a0", "\u3000",
		"العقد", "بالإخطار", "تشريعياً", "ال", "و", "中文", "カタカナ", "한국어", "שָׁלוֹם", "a\"b",
		" ", " ", "  ", "\t", "\n", "\r\n", "\r", "\v", "\f", "\u2028", "\u0085"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	for _, text := range texts {
		for _, f := range sn.fields {
			all := func(string) bool { return true }
			want := wholeAnalysis(f.analyzer, text, all)
			for range 2 { // the second time from the remembered runs
				if diff := cmp.Diff(want, f.analyse(text, all), cmp.AllowUnexported(located{}), cmpopts.EquateEmpty()); diff != "" {
					t.Fatalf("%q in %s (-whole text +run by run):\n%s", text, f.name, diff)
				}
			}
		}
	}
}
