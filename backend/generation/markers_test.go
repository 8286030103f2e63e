package generation

import (
	"strings"
	"testing"
)

func TestSplitClaimsGivesOpeningMarkersToThePreviousSentence(t *testing.T) {
	answer := "Notice is ninety days.\n[1] The term is five years [2]."
	spans := splitClaims(answer)
	if len(spans) != 2 {
		t.Fatalf("%d claims, want 2: %+v", len(spans), spans)
	}
	if got := answer[spans[0].start:spans[0].end]; got != "Notice is ninety days.\n[1]" || !equalInts(spans[0].markers, []int{1}) {
		t.Errorf("first claim %q %v", got, spans[0].markers)
	}
	if got := answer[spans[1].start:spans[1].end]; got != "The term is five years [2]." || !equalInts(spans[1].markers, []int{2}) {
		t.Errorf("second claim %q %v", got, spans[1].markers)
	}
}

func TestRewriteMarkersLeavesYearsAndAbbreviations(t *testing.T) {
	keep := func(n int) bool { return n <= 3 }
	for in, want := range map[string]string{
		"Decided in [2019] EWCA 12 [1].": "Decided in [2019] EWCA 12 [1].",
		"See Art. [2] on notice.":        "See Art. [2] on notice.",
		"Ends here.[1]":                  "Ends here [1].",
		"Gone [9]. Kept [3; 9].":         "Gone. Kept [3].",
	} {
		if got := rewriteMarkers(in, keep); got != want {
			t.Errorf("rewriteMarkers(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzPostprocess(f *testing.F) {
	for _, s := range []string{`{"answer": "A [1]. B [2].", "citations": [{"node_id": "c1", "rank": 1, "quote": "Either"}]}`,
		"```json\n{\"answer\": \"x [1]\",}\n```", "plain [1]. text.[2] [3, 4]", `{"answer": "`, "[1]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		res := Postprocess(raw, testHits(), Options{Uncited: UncitedStrip})
		runes := []rune(res.Answer)
		for _, cl := range res.Claims {
			if cl.Start < 0 || cl.End > len(runes) || cl.Start > cl.End || string(runes[cl.Start:cl.End]) != cl.Text {
				t.Fatalf("claim %+v does not fit answer %q", cl, res.Answer)
			}
		}
		for _, c := range res.Citations {
			if c.NodeID == "" || !strings.HasPrefix(c.NodeID, "c") {
				t.Fatalf("citation of unknown evidence %+v", c)
			}
		}
		if res.Status == "" {
			t.Fatal("no status")
		}
	})
}
