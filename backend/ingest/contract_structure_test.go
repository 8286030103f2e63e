package ingest

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Contract text as filings publish it: run-in headings, whole pages on one
// line, tables of contents, and numbering that skips a heading.
func TestContractStructure(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string // "label|path"
	}{
		{
			name: "run-in headings after the end of a sentence",
			text: "12. Term. This Agreement runs for two years from the date signed by the parties. " +
				"13. Assignment. Neither party may assign this Agreement without consent, except as provided in Section 7. " +
				"Any assignment made pursuant to 13.2 above is void. 14. Notices. All notices shall be in writing. " +
				"14.1 Notices to the Supplier go to its registered office. 14.2 Notices by e-mail are valid.",
			want: []string{
				"12. Term|12. Term",
				"13. Assignment|13. Assignment",
				"14. Notices|14. Notices",
				"14.1|14. Notices › 14.1",
				"14.2|14. Notices › 14.2",
			},
		},
		{
			name: "numbers inside sentences stay body",
			text: "1. Fees. The Customer pays the fees set out in Schedule 2. 2.5 million dollars are due on signing. " +
				"Interest accrues at 1.5 percent. 7. Assignment is governed by Section 7. The parties agree. " +
				"Section 4.2 applies as well.\n\n2. Payment. Invoices are due in thirty days.",
			want: []string{
				"1. Fees|1. Fees",
				"2. Payment|2. Payment",
			},
		},
		{
			name: "a whole page on one line, paragraphs marked by runs of spaces",
			text: "Exhibit 10.2     HOSTING AGREEMENT   THIS AGREEMENT is entered into by the parties.   " +
				"1. SERVICES   1.1 Grant of License. The Provider grants a licence to use the Services.   " +
				"1.2 Support. The Provider shall support the Services as set forth in Exhibit A.   " +
				"2. PAYMENT   2.1 Fees. The Licensee shall pay the fees.   Bank:     First Bank   Account:     12345",
			want: []string{
				"Exhibit 10.2 — HOSTING AGREEMENT|Exhibit 10.2 — HOSTING AGREEMENT",
				"1. SERVICES|Exhibit 10.2 — HOSTING AGREEMENT › 1. SERVICES",
				"1.1 Grant of License|Exhibit 10.2 — HOSTING AGREEMENT › 1. SERVICES › 1.1 Grant of License",
				"1.2 Support|Exhibit 10.2 — HOSTING AGREEMENT › 1. SERVICES › 1.2 Support",
				"2. PAYMENT|Exhibit 10.2 — HOSTING AGREEMENT › 2. PAYMENT",
				"2.1 Fees|Exhibit 10.2 — HOSTING AGREEMENT › 2. PAYMENT › 2.1 Fees",
			},
		},
		{
			name: "a table of contents is not the root of the headings",
			text: "TABLE OF CONTENTS\n\nARTICLE I DEFINITIONS 1\nARTICLE II LICENSE 4\nARTICLE III PAYMENT 7\n\n" +
				"LICENSE AGREEMENT\n\nThis License Agreement is made by the parties.\n\n" +
				"ARTICLE I DEFINITIONS\n\nTerms have the meanings given here.\n\n" +
				"ARTICLE II LICENSE\n\nThe Licensor grants a licence.\n\n" +
				"ARTICLE III PAYMENT\n\nThe Licensee pays royalties.",
			want: []string{
				"TABLE OF CONTENTS|TABLE OF CONTENTS",
				"LICENSE AGREEMENT|LICENSE AGREEMENT",
				"ARTICLE I DEFINITIONS|LICENSE AGREEMENT › ARTICLE I DEFINITIONS",
				"ARTICLE II LICENSE|LICENSE AGREEMENT › ARTICLE II LICENSE",
				"ARTICLE III PAYMENT|LICENSE AGREEMENT › ARTICLE III PAYMENT",
			},
		},
		{
			name: "a table of contents without a title",
			text: "1. Definitions 1\n2. Services 3\n3. Fees 5\n4. Term 6\n\nSERVICES AGREEMENT\n\nThe parties agree as follows.\n\n" +
				"1. Definitions\nWords have meanings.\n\n2. Services\nThe Supplier provides them.\n\n3. Fees\nThe Customer pays.\n\n4. Term\nTwo years.",
			want: []string{
				"SERVICES AGREEMENT|SERVICES AGREEMENT",
				"1. Definitions|SERVICES AGREEMENT › 1. Definitions",
				"2. Services|SERVICES AGREEMENT › 2. Services",
				"3. Fees|SERVICES AGREEMENT › 3. Fees",
				"4. Term|SERVICES AGREEMENT › 4. Term",
			},
		},
		{
			name: "contents entries end in page numbers, some wrapped, some never repeated",
			text: "TABLE OF CONTENTS\nARTICLE 1 DEFINITIONS 1\n1.1 Affiliate 1\n4.4 Transfer of Data 19\n" +
				"14.5 Termination of the Agreement Due to Discontinuation of All\nCompounds 43\n16.5 Attorneys’ Fees 51\n\n" +
				"COLLABORATION AGREEMENT\n\nThe parties agree as follows.\n\nARTICLE 1\nDEFINITIONS\n\n1.1 Affiliate. A company controlling a party.",
			want: []string{
				"TABLE OF CONTENTS|TABLE OF CONTENTS",
				"COLLABORATION AGREEMENT|COLLABORATION AGREEMENT",
				"ARTICLE 1 — DEFINITIONS|COLLABORATION AGREEMENT › ARTICLE 1 — DEFINITIONS",
				"1.1 Affiliate|COLLABORATION AGREEMENT › ARTICLE 1 — DEFINITIONS › 1.1 Affiliate",
			},
		},
		{
			name: "a numbered clause title alone on its line, with its period",
			text: "7. Term. This Agreement runs for two years.\n8. Insurance.\nThe Supplier shall insure the goods.\n" +
				"9. Governing Law.\nThis Agreement is governed by the laws of New York.",
			want: []string{
				"7. Term|7. Term",
				"8. Insurance|8. Insurance",
				"9. Governing Law|9. Governing Law",
			},
		},
		{
			name: "a run-in clause title whose sentence wraps onto the next line",
			text: "9.4 Insurance. The Company shall maintain\ninsurance with reputable insurers.\n" +
				"9.5 Audit Rights. Each party may\naudit the other once a year.",
			want: []string{
				"9.4 Insurance|9.4 Insurance",
				"9.5 Audit Rights|9.5 Audit Rights",
			},
		},
		{
			name: "a paragraph in capitals is not a heading",
			text: "15. LIMITATION OF LIABILITY\nEXCEPT WITH RESPECT TO THE INDEMNITY OBLIGATIONS OF THE PARTIES, NEITHER\n" +
				"PARTY SHALL BE LIABLE FOR ANY INDIRECT OR CONSEQUENTIAL DAMAGES\nWHATSOEVER.\n16. CONFIDENTIALITY\nEach party keeps secrets.",
			want: []string{
				"15. LIMITATION OF LIABILITY|15. LIMITATION OF LIABILITY",
				"16. CONFIDENTIALITY|16. CONFIDENTIALITY",
			},
		},
		{
			name: "stray digits on a line of their own are not a clause",
			text: "1.61 Net Sales. The gross sales price, less discounts; and\n\n2 2\n\n(c) credits for returns.\n1.62 Net Sales Report. As in Section 6.4.2.",
			want: []string{
				"1.61 Net Sales|1.61 Net Sales",
				"1.62 Net Sales Report|1.62 Net Sales Report",
			},
		},
		{
			name: "an article's title in capitals wrapped over two lines",
			text: "ARTICLE 3\nGOVERNANCE OF DEVELOPMENT AND\nCOMMERCIALIZATION OF PRODUCTS\n\n3.1 Joint Committee. The parties form a committee.",
			want: []string{
				"ARTICLE 3 — GOVERNANCE OF DEVELOPMENT AND COMMERCIALIZATION OF PRODUCTS|ARTICLE 3 — GOVERNANCE OF DEVELOPMENT AND COMMERCIALIZATION OF PRODUCTS",
				"3.1 Joint Committee|ARTICLE 3 — GOVERNANCE OF DEVELOPMENT AND COMMERCIALIZATION OF PRODUCTS › 3.1 Joint Committee",
			},
		},
		{
			name: "a subsection nests under its own number",
			text: "4. PAYMENT\n\n4.1 The Customer pays monthly.\n\n4.2 Late payments bear interest.\n\n" +
				"Confidential information shall be kept secret by both parties.\n\n" +
				"8.1 Each party keeps the other's information confidential.\n\n8.2 This clause survives termination.\n\n" +
				"9. TERM\n\n9.1 The Agreement runs for two years.\n\nARTICLE VIII\n\nSection 8.1 Scope\nText.\n\nSection 9.1 Other\nText.",
			want: []string{
				"4. PAYMENT|4. PAYMENT",
				"4.1|4. PAYMENT › 4.1",
				"4.2|4. PAYMENT › 4.2",
				"8.1|8.1",
				"8.2|8.2",
				"9. TERM|9. TERM",
				"9.1|9. TERM › 9.1",
				"ARTICLE VIII|ARTICLE VIII",
				"Section 8.1 Scope|ARTICLE VIII › Section 8.1 Scope",
				"Section 9.1 Other|Section 9.1 Other",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, h := range Structure(tt.text, nil) {
				got = append(got, h.Label+"|"+strings.Join(h.Path, " › "))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("headings (-want +got):\n%s", diff)
			}
		})
	}
}

// A contract flattened onto one line is cut at its clauses: each clause's
// first chunk starts with its heading, and a long clause is split, with
// overlap, into chunks no longer than Max.
func TestChunksFollowRunInClauses(t *testing.T) {
	var b strings.Builder
	b.WriteString("MASTER AGREEMENT   The parties agree as follows.   1. Definitions. Words have the meanings given here. ")
	b.WriteString("2. Services. The Supplier provides the Services. ")
	for i := 0; i < 30; i++ {
		b.WriteString("The Supplier shall perform obligation number " + strconv.Itoa(i) + " with reasonable skill and care. ")
	}
	b.WriteString("3. Assignment. Neither party may assign this Agreement, except as provided in Section 2. 4. Notices. Notices are in writing.")
	ex := Extracted{Text: b.String(), Language: "en"}
	opts := ChunkOptions{Target: 600, Max: 900, Overlap: 120, Min: 10}
	chunks := Chunks(evidenceDoc("flat.txt"), ex, opts)
	checkChunks(t, ex, chunks, opts)
	first := map[string]string{}
	pieces := map[string]int{}
	for _, c := range chunks {
		h := c.Locator.Heading()
		if _, ok := first[h]; !ok {
			first[h] = c.Text
		}
		pieces[h]++
	}
	for _, want := range []string{"1. Definitions", "2. Services", "3. Assignment", "4. Notices"} {
		h := "MASTER AGREEMENT › " + want
		if !strings.HasPrefix(first[h], want+".") {
			t.Errorf("first chunk of %q = %.60q, want it to start with its heading", h, first[h])
		}
	}
	if n := pieces["MASTER AGREEMENT › 2. Services"]; n < 3 {
		t.Errorf("the long clause 2 is in %d chunks, want it split", n)
	}
}
