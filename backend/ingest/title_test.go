package ingest

import (
	"path/filepath"
	"testing"

	"lexflow/backend/evidence"
)

func TestTitle(t *testing.T) {
	tests := []struct {
		name string
		ex   Extracted
		want string
	}{
		{"EDGAR exhibit, notice before the title", Extracted{Text: "Exhibit 10.31    PURSUANT TO 17 C.F.R. § 240.24B-2, CONFIDENTIAL INFORMATION (INDICATED BY {*****}) HAS BEEN OMITTED FROM THIS  DOCUMENT     ACCURAY INCORPORATED  MULTIPLE LINAC AND MULTI-MODALITY   DISTRIBUTOR AGREEMENT     This Multiple LINAC and Multi-Modality Distributor Agreement (\"Agreement\") is entered into"},
			"Distributor Agreement"},
		{"capitals repeated by the preamble", Extracted{Text: "Exhibit 10.22 SERVICES AGREEMENT SERVICES AGREEMENT, dated as of April 1, 2019 (the \"Agreement\"), between Idan Maimon and Intellisense Solutions, Inc."},
			"Services Agreement"},
		{"capitals run into the preamble", Extracted{Text: "EXHIBIT 4.25 INFORMATION IN THIS EXHIBIT IDENTIFIED BY [ * * * ] IS CONFIDENTIAL. SERVICES AGREEMENT This Services Agreement (this \"Agreement\") is entered into on October 1, 2019"},
			"Services Agreement"},
		{"title on its line, exhibit label first", Extracted{Text: "Exhibit 10.7\n\nCONSULTING AGREEMENT\n\nAduro Biotech, Inc., with a place of business at 740 Heinz Avenue (\"Aduro\") and IREYA B.V agree"},
			"Consulting Agreement"},
		{"defined term after the title", Extracted{Text: "THIS CO-BRANDING AND ADVERTISING AGREEMENT (the \"Agreement\") is made as of June 21, 1999\n\n1. DEFINITIONS."},
			"Co-Branding and Advertising Agreement"},
		{"amendment", Extracted{Text: "AMENDMENT NO. 2 TO MANUFACTURING AND SUPPLY AGREEMENT\n\nThis Amendment No. 2 is made"},
			"Amendment No. 2 to Manufacturing and Supply Agreement"},
		{"title broken after a connective", Extracted{Text: "ADDENDUM TO\nZEBRA PARTNERCONNECT DISTRIBUTOR AGREEMENT\n\nThis Addendum"},
			"Addendum to Zebra Partnerconnect Distributor Agreement"},
		{"statute, mixed case kept", Extracted{Text: "Consumer Rights Act 2015\n\n2015 CHAPTER 15\n\nAn Act to amend the law relating to the rights of consumers"},
			"Consumer Rights Act 2015"},
		{"judgment: the case name, not the court", Extracted{Text: "IN THE SUPREME COURT OF THE UNITED KINGDOM\n\nR (on the application of Miller) v Secretary of State for Exiting the European Union\n\nJUDGMENT"},
			"R (on the application of Miller) v Secretary of State for Exiting the European Union"},
		{"no kind: the first heading-like line", Extracted{Text: "TITLE 9—ARBITRATION\r\nEXCERPT. Transcribed from Title 9 of the United States Code (the Federal Arbitration Act).\r\n\r\nCHAPTER 1—GENERAL PROVISIONS"},
			"Title 9—Arbitration"},
		{"Chinese law name", Extracted{Text: "中华人民共和国民法典\n（2020年5月28日第十三届全国人民代表大会第三次会议通过）\n\n第一编\u3000总则\n\n第一章\u3000基本规定"},
			"中华人民共和国民法典"},
		{"Chinese chapter heading is not a title", Extracted{Text: "第一章\u3000基本规定\n第一条\u3000为了保护民事主体的合法权益，制定本法。"},
			""},
		{"Arabic law name", Extracted{Text: "قانون العمل رقم ١٢ لسنة ٢٠٠٣\n\nالباب الأول\nالمادة ١\nيقصد في تطبيق أحكام هذا القانون"},
			"قانون العمل رقم ١٢ لسنة ٢٠٠٣"},
		{"metadata completes a wrapped PDF title", Extracted{Title: "Regulation (EU) 2016/679 (General Data Protection Regulation)",
			Text: "Regulation (EU) 2016/679 (General Data Protection\n\nRegulation)\n\nArticle 1"}, "Regulation (EU) 2016/679 (General Data Protection Regulation)"},
		{"metadata keeps its casing", Extracted{Title: "Master Services Agreement", Text: "MASTER SERVICES AGREEMENT\n\nThis Agreement is made"},
			"Master Services Agreement"},
		{"metadata when the text names none", Extracted{Title: "Board minutes, 4 March 2024", Text: "Present: the chair and four members.\n\n1. Apologies were received."},
			"Board minutes, 4 March 2024"},
		{"word-processor metadata is no title", Extracted{Title: "Microsoft Word - ex10-1.doc", Text: "the parties agree as follows."},
			""},
		{"running text names no title", Extracted{Text: "The supplier shall deliver the goods under this agreement within thirty days."},
			""},
		{"Markdown front matter skipped", Extracted{Title: "Lease (draft)", Text: "---\ntitle: \"Lease (draft)\"\n---\n\n# LEASE\n\nThis lease is made"},
			"Lease (draft)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Title(tt.ex); got != tt.want {
				t.Errorf("Title = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestSampleTitles: every file of the sample library gets the title its
// text gives, whatever its format.
func TestSampleTitles(t *testing.T) {
	want := map[string]string{
		"cn-civil-code-excerpt-zh.txt":             "中华人民共和国民法典",
		"eg-civil-code-excerpt-ar.docx":            "القانون المدني المصري — القانون رقم ١٣١ لسنة ١٩٤٨ (مقتطفات)",
		"eg-civil-code-excerpt-ar.html":            "القانون المدني المصري — القانون رقم ١٣١ لسنة ١٩٤٨ (مقتطفات)",
		"eg-civil-code-excerpt-ar.pdf":             "القانون المدني المصري — القانون رقم ١٣١ لسنة ١٩٤٨ (مقتطفات)",
		"eu-gdpr-excerpt.html":                     "Regulation (EU) 2016/679 (General Data Protection Regulation) (excerpt)",
		"eu-gdpr-excerpt.pdf":                      "Regulation (EU) 2016/679 (General Data Protection Regulation) (excerpt)",
		"sample-services-agreement.docx":           "Master Services Agreement (sample)",
		"sample-services-agreement.md":             "Master Services Agreement (sample)",
		"uk-consumer-rights-act-2015-excerpt.docx": "Consumer Rights Act 2015 (excerpt)",
		"uk-consumer-rights-act-2015-excerpt.pdf":  "Consumer Rights Act 2015 (excerpt)",
		"us-9usc-arbitration-excerpt.txt":          "Title 9—Arbitration",
		"us-constitution-excerpt.pdf":              "The Constitution of the United States (excerpt)",
	}
	for name, title := range want {
		ex, err := extractFile(t, filepath.Join("..", "..", "examples", "corpus", name))
		if err != nil {
			t.Fatal(err)
		}
		if got := Title(ex); got != title {
			t.Errorf("%s: Title = %q, want %q", name, got, title)
		}
	}
}

func TestMetadataTitles(t *testing.T) {
	docx := zipOf(t, "word/document.xml", `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Text</w:t></w:r></w:p></w:body></w:document>`,
		"docProps/core.xml", `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title> Lease of 4 Elm Street </dc:title></cp:coreProperties>`)
	for _, tt := range []struct {
		format evidence.Format
		data   []byte
		want   string
	}{
		{evidence.FormatDOCX, docx, "Lease of 4 Elm Street"},
		{evidence.FormatMarkdown, []byte("---\nauthor: x\ntitle: 'Lease (draft)'\n---\n# Lease\n"), "Lease (draft)"},
		{evidence.FormatMarkdown, []byte("# Lease\n\ntitle: not front matter\n"), ""},
	} {
		ex, err := extractBytes(tt.format, tt.data, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if ex.Title != tt.want {
			t.Errorf("%s metadata title = %q, want %q", tt.format, ex.Title, tt.want)
		}
	}
}
