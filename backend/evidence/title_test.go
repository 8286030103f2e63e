package evidence

import "testing"

func TestNameTitle(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.txt", "Accurayinc – Distributor Agreement"},
		{"CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt", "Cybergy Holdings Inc – Affiliate Agreement"},
		{"GluMobileInc_20070319_S-1A_EX-10.09_436630_EX-10.09_Content License Agreement3.txt", "Glu Mobile Inc – Content License Agreement"},
		{"Sonos, Inc. - Manufacturing Agreement .txt", "Sonos, Inc. – Manufacturing Agreement"},
		{"ADUROBIOTECH,INC_06_02_2020-EX-10.7-CONSULTING AGREEMENT(1).PDF", "Adurobiotech,inc – Consulting Agreement"},
		{"us-constitution-excerpt.pdf", "US Constitution Excerpt"},
		{"Master_Services-Agreement.docx", "Master Services-Agreement"},
		{"MasterServicesAgreement.pdf", "Master Services Agreement"},
		{"قانون العمل.docx", "قانون العمل"},
		{"民法典.txt", "民法典"},
		{"README", "Readme"},
	} {
		if got := NameTitle(tc.name); got != tc.want {
			t.Errorf("NameTitle(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestCapsTitle(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"MASTER SERVICES AGREEMENT", "Master Services Agreement"},
		{"AMENDMENT NO. 2 TO THE SUPPLY AGREEMENT", "Amendment No. 2 to the Supply Agreement"},
		{"CO-BRANDING AND ADVERTISING AGREEMENT", "Co-Branding and Advertising Agreement"},
		{"TITLE 9—ARBITRATION", "Title 9—Arbitration"},
		{"ARTICLE IV OF THE U.S. CONSTITUTION", "Article IV of the U.S. Constitution"},
		{"STREMICK'S HERITAGE FOODS, LLC", "Stremick's Heritage Foods, LLC"},
		{"Regulation (EU) 2016/679", "Regulation (EU) 2016/679"}, // mixed case: as written
		{"中华人民共和国民法典", "中华人民共和国民法典"},
	} {
		if got := CapsTitle(tc.in); got != tc.want {
			t.Errorf("CapsTitle(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
