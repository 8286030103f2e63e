package extractive

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/internal/terms"
)

func TestPick(t *testing.T) {
	blocks := []Block{
		{Rank: 1, ID: "a", Text: "Rent is payable monthly in advance. The sky is blue today."},
		{Rank: 2, ID: "b", Text: "Late rent incurs interest of 5% per month."},
	}
	p := New(Options{})
	cands := p.candidates(blocks)
	q := terms.Of("When is rent payable and what interest applies to late rent?")
	w := idf(q, cands)
	var total float64
	for _, v := range w {
		total += v
	}
	scores := map[string]float64{}
	for _, c := range cands {
		scores[c.text] = overlap(c.terms, w) / total
	}
	if !(scores["Late rent incurs interest of 5% per month."] > scores["Rent is payable monthly in advance."]) ||
		scores["The sky is blue today."] != 0 {
		t.Fatalf("scores = %v", scores)
	}
	var got []string
	for _, c := range p.pick(blocks, "When is rent payable and what interest applies to late rent?") {
		got = append(got, c.text)
	}
	// chosen by score, returned in evidence order
	want := []string{"Rent is payable monthly in advance.", "Late rent incurs interest of 5% per month."}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pick (-want +got):\n%s", diff)
	}
}

// A question's frame words do not choose its sentence: "clause" and
// "contract" are rarer in a contract than "assign", yet the clause asked
// about is the one on assignment. A frame word that is part of the subject
// still counts towards the minimum score, so that answer stays.
func TestPickFrameWords(t *testing.T) {
	blocks := []Block{
		{Rank: 1, ID: "a", Text: "Each clause of this contract is severable from every other clause of the contract."},
		{Rank: 2, ID: "b", Text: "Neither party may assign its rights without the prior written consent of the other party."},
		{Rank: 3, ID: "c", Text: "In every contract to supply a service, the trader must perform the service with reasonable care and skill."},
	}
	assertPicks(t, blocks, map[string]string{
		"Is there an anti-assignment clause in this contract?":                               "b",
		"What standard of performance does the law imply into a consumer services contract?": "c",
	})
}

// A definition answers a question about the word it defines, not one that
// shares its other words.
func TestPickDefinitions(t *testing.T) {
	blocks := []Block{
		{Rank: 1, ID: "a", Text: `1.80 "Patents" means all patents and patent applications, with their renewals, for the full term thereof.`},
		{Rank: 2, ID: "b", Text: `"Affiliate" shall mean any entity controlling, controlled by or under common control with a party.`},
		{Rank: 3, ID: "c", Text: "Each renewal term lasts one year unless either party objects."},
	}
	assertPicks(t, blocks, map[string]string{
		"What is the renewal term?":             "c",
		"Which entities count as an affiliate?": "b",
	})
}

// assertPicks checks that each question picks one sentence, from the block
// with the id given.
func assertPicks(t *testing.T, blocks []Block, want map[string]string) {
	t.Helper()
	p := New(Options{MaxSentences: 1})
	for q, id := range want {
		got := p.pick(blocks, q)
		if len(got) != 1 || blocks[got[0].block].ID != id {
			t.Errorf("%q picked %+v, want block %s", q, got, id)
		}
	}
}

func TestBestFloors(t *testing.T) {
	p := New(Options{MaxSentences: 3, MinScore: 0.3})
	cands := []candidate{
		{text: "a", score: 0.9}, {text: "b", score: 0.35}, {text: "c", score: 0.8}, {text: "a", score: 0.9}, {text: "d", score: 0.1},
	}
	var got []string
	for _, c := range p.best(cands) {
		got = append(got, c.text)
	}
	// "b" is above MinScore but below 40% of the best; "a" twice is one sentence
	if diff := cmp.Diff([]string{"a", "c"}, got); diff != "" {
		t.Errorf("best (-want +got):\n%s", diff)
	}
}

// An unspaced Chinese question finds the article that answers it; the
// section heading it shares words with is not an answer.
func TestPickChinese(t *testing.T) {
	blocks := []Block{{Rank: 1, ID: "zh", Text: "第四节　个体工商户和农村承包经营户\n" +
		"第五十四条　自然人从事工商业经营，经依法登记，为个体工商户。个体工商户可以起字号。\n" +
		"第五十六条　个体工商户的债务，个人经营的，以个人财产承担；家庭经营的，以家庭财产承担；无法区分的，以家庭财产承担。\n" +
		"农村承包经营户的债务，以从事农村土地承包经营的农户财产承担；事实上由农户部分成员经营的，以该部分成员的财产承担。"}}
	p := New(Options{MaxSentences: 1})
	var got []string
	for _, c := range p.pick(blocks, "个体工商户的债务由谁承担？") {
		got = append(got, c.text)
	}
	want := []string{"第五十六条　个体工商户的债务，个人经营的，以个人财产承担；家庭经营的，以家庭财产承担；无法区分的，以家庭财产承担。"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pick (-want +got):\n%s", diff)
	}
	for _, c := range p.candidates(blocks) {
		if c.text == "第四节　个体工商户和农村承包经营户" {
			t.Errorf("the heading is a candidate answer: %+v", c)
		}
	}
}

func TestIsChineseHeading(t *testing.T) {
	for s, want := range map[string]bool{
		"第四节　个体工商户和农村承包经营户":                  true,
		"中华人民共和国民法典":                         true,
		"父母是未成年子女的监护人。":                      false,
		"（一）祖父母、外祖父母；":                       false,
		"Article 5 Rent increases":           false, // English is left to minWords
		"Rent is payable monthly in advance": false,
	} {
		if got := isChineseHeading(s); got != want {
			t.Errorf("isChineseHeading(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestTitleCaseHeadingsAreNotAnswers(t *testing.T) {
	for s, want := range map[string]bool{
		"Governing Law; Consent to Jurisdiction":                           true,
		"LIMITATION OF LIABILITY AND INDEMNITY":                            true,
		"Article 12 Termination of the Agreement":                          true,
		"This Agreement is governed by the laws of the State of New York.": false,
		"Either party may terminate on thirty days' notice":                false,
		"IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR LOST PROFITS.":       false,
		"يجوز لكل من المتعاقدين فسخ العقد":                                 false,
	} {
		if got := isTitleCaseHeading(s); got != want {
			t.Errorf("isTitleCaseHeading(%q) = %v, want %v", s, got, want)
		}
	}
}

// A clause repeated for each party ("… or conditions of any kind …") is
// quoted once: the second says nothing the first did not.
func TestBestQuotesARepeatedClauseOnce(t *testing.T) {
	p := New(Options{MaxSentences: 3})
	cands := []candidate{
		{text: "Conditions of any kind, express or implied, including without limitation.", score: 0.9},
		{text: "or conditions of any kind, express or implied, including without limitation", score: 0.9},
		{text: "Fraud is excluded from the limitation.", score: 0.8},
	}
	var got []string
	for _, c := range p.best(cands) {
		got = append(got, c.text)
	}
	want := []string{"Conditions of any kind, express or implied, including without limitation.", "Fraud is excluded from the limitation."}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("best (-want +got):\n%s", diff)
	}
}

// Layout spacing is not quoted: a run of spaces or a line break is one
// space; a single space, an ideographic one too, is kept.
func TestTidySpaces(t *testing.T) {
	for in, want := range map[string]string{
		"the Strategic                   Alliance Agreement": "the Strategic Alliance Agreement",
		"assigned or\n delegated":                            "assigned or delegated",
		" shall\tnot ":                                       "shall not",
		"第五十六条\u3000个体工商户的债务":                                "第五十六条\u3000个体工商户的债务",
	} {
		if got := tidySpaces(in); got != want {
			t.Errorf("tidySpaces(%q) = %q, want %q", in, got, want)
		}
	}
}
