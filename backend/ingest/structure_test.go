package ingest

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestStructure(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string // "kind|label|path"
	}{
		{
			name: "statute hierarchy learned from order",
			text: "PART 1\nGENERAL\n\nCHAPTER 2\n\nArticle 12 — Termination\nThe contract ends.\n\nArticle 13\nNotice is given.\n\nCHAPTER 3\n\nArticle 14\nText.",
			want: []string{
				"part|PART 1 — GENERAL|PART 1 — GENERAL",
				"chapter|CHAPTER 2|PART 1 — GENERAL › CHAPTER 2",
				"article|Article 12 — Termination|PART 1 — GENERAL › CHAPTER 2 › Article 12 — Termination",
				"article|Article 13|PART 1 — GENERAL › CHAPTER 2 › Article 13",
				"chapter|CHAPTER 3|PART 1 — GENERAL › CHAPTER 3",
				"article|Article 14|PART 1 — GENERAL › CHAPTER 3 › Article 14",
			},
		},
		{
			name: "constitution: sections under articles",
			text: "ARTICLE XII\n\nSection 1. The judicial Power shall be vested in one supreme Court.\n\nSection 2. Cases.\n\nARTICLE XIII\nText.",
			want: []string{
				"article|ARTICLE XII|ARTICLE XII",
				"section|Section 1|ARTICLE XII › Section 1",
				"section|Section 2|ARTICLE XII › Section 2", // "Cases." is a sentence: body
				"article|ARTICLE XIII|ARTICLE XIII",
			},
		},
		{
			name: "numbering forms",
			text: "Art. 12(3) Scope\nText.\n\n§ 5 Definitions\nText.\n\nSection 4.2 Payment\nText.\n\nArticle 12 bis\nText.",
			want: []string{
				"article|Art. 12(3) Scope|Art. 12(3) Scope",
				// after body text, a section ranks above an article by default
				"section|§ 5 Definitions|§ 5 Definitions",
				"section|Section 4.2 Payment|Section 4.2 Payment",
				"article|Article 12 bis|Section 4.2 Payment › Article 12 bis",
			},
		},
		{
			name: "cross-references are not headings",
			text: "Article 1\nThe controller shall act as provided in Article 7. Where processing is\n" +
				"Article 7 of this Regulation applies, the processor shall, under\n" +
				"Section 4.2 above, inform the authority as set out in\n" +
				"Article 9, 10 and 11 and in\n" +
				"article 12 of the Treaty.\n\n" +
				"Articles 5 and 6 apply.\n\nSection 4.2 above governs notices.\n\nArticle 2\nText.",
			want: []string{"article|Article 1|Article 1", "article|Article 2|Article 2"},
		},
		{
			name: "contract clauses",
			text: "SERVICES AGREEMENT\n\nThis Agreement is made between the parties.\n\n1. DEFINITIONS\n\n1.1 In this Agreement words have meanings.\n\n1.2 Headings do not count.\n\n" +
				"12. Term and Termination. Either party may terminate this Agreement.\n\n12.3\tEither party may terminate on ninety days' notice.\n\nTerm\tMeaning of the words\n\n(a) sub-paragraphs are body;\n\n(b) and so is this.\n\n" +
				"2.5 million euros are payable under clause 4.",
			want: []string{
				"caps|SERVICES AGREEMENT|SERVICES AGREEMENT",
				"num1|1. DEFINITIONS|SERVICES AGREEMENT › 1. DEFINITIONS",
				"num2|1.1|SERVICES AGREEMENT › 1. DEFINITIONS › 1.1",
				"num2|1.2|SERVICES AGREEMENT › 1. DEFINITIONS › 1.2",
				"num1|12. Term and Termination|SERVICES AGREEMENT › 12. Term and Termination",
				"num2|12.3|SERVICES AGREEMENT › 12. Term and Termination › 12.3",
			},
		},
		{
			name: "numbered paragraphs and page numbers are body",
			text: "Article 1\n1. This Regulation lays down rules relating to the protection of natural persons.\n2. It protects rights.\n\n3\n\n(1) 'personal data' means any information.",
			want: []string{"article|Article 1|Article 1"},
		},
		{
			name: "arabic with Arabic-Indic digits and ordinals",
			text: "الباب الأول\nأحكام عامة\n\nالفصل الثاني\n\nالمادة ١٤٧\nالعقد شريعة المتعاقدين.\n\nالمادة (148) - تنفيذ العقد\nيجب تنفيذ العقد.\n\nمادة 149 مكرراً\nنص.\n\nالفرع الحادي عشر\n\nالمادة ١٥٠\nنص.",
			want: []string{
				"title|الباب الأول — أحكام عامة|الباب الأول — أحكام عامة",
				"chapter|الفصل الثاني|الباب الأول — أحكام عامة › الفصل الثاني",
				"article|المادة ١٤٧|الباب الأول — أحكام عامة › الفصل الثاني › المادة ١٤٧",
				"article|المادة (148) - تنفيذ العقد|الباب الأول — أحكام عامة › الفصل الثاني › المادة (148) - تنفيذ العقد",
				"article|مادة 149 مكرراً|الباب الأول — أحكام عامة › الفصل الثاني › مادة 149 مكرراً",
				"branch|الفرع الحادي عشر|الباب الأول — أحكام عامة › الفصل الثاني › الفرع الحادي عشر",
				"article|المادة ١٥٠|الباب الأول — أحكام عامة › الفصل الثاني › الفرع الحادي عشر › المادة ١٥٠",
			},
		},
		{
			name: "arabic cross-references",
			text: "المادة ١\nمع مراعاة ما تنص عليه\nالمادة ٥ من هذا القانون، وكذلك\nالمادة ٧ السابقة.\n\nالمادة ٢\nنص.",
			want: []string{"article|المادة ١|المادة ١", "article|المادة ٢|المادة ٢"},
		},
		{
			name: "schedules and annexes",
			text: "Article 1\nText.\n\nSCHEDULE 1\nFEES\n\nANNEX A — Forms\nText.\n\nAppendix\nText.",
			want: []string{
				"article|Article 1|Article 1",
				"schedule|SCHEDULE 1 — FEES|SCHEDULE 1 — FEES",
				"annex|ANNEX A — Forms|ANNEX A — Forms",
				"appendix|Appendix|Appendix",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, h := range Structure(tt.text, nil) {
				got = append(got, h.Kind+"|"+h.Label+"|"+strings.Join(h.Path, " › "))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("headings (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStructureOffsetsAndMarks(t *testing.T) {
	text := "Préambule ✓\n## Article 5\n\nTexte.\nMarked heading\n\nBody."
	marks := markdownMarks(text)
	at := strings.Index(text, "Marked heading")
	start := len([]rune(text[:at]))
	hs := Structure(text, append(marks, Mark{Start: start, End: start + 14, Level: 2}))
	if len(hs) != 2 {
		t.Fatalf("headings = %+v", hs)
	}
	for _, h := range hs {
		got := string([]rune(text)[h.Start:h.End])
		if got != "Article 5" && got != "Marked heading" {
			t.Errorf("heading span %d-%d is %q", h.Start, h.End, got)
		}
	}
	if hs[1].Kind != "h2" {
		t.Errorf("marked heading kind = %q, want h2", hs[1].Kind)
	}
}
