package main

import (
	"math"
	"slices"
	"testing"
)

// The tokens are bm25_cjk.py's: lower-case \w+ words minus the stop list,
// runs of ideographs as overlapping bigrams, a lone ideograph kept.
func TestBM25TokensFollowTheReferenceScript(t *testing.T) {
	for in, want := range map[string][]string{
		"Consider the Governing-Law clause of NY": {"governing", "law", "clause", "ny"},
		"谁可以成为个体工商户？":                             {"谁可", "可以", "以成", "成为", "为个", "个体", "体工", "工商", "商户"},
		"第5条 法":                                   {"第", "5", "条", "法"},
		"ABC公司 v2":                                {"abc", "公司", "v2"},
	} {
		if got := bm25Tokens(in); !slices.Equal(got, want) {
			t.Errorf("bm25Tokens(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFixedChunksCutAtTheLastSpaceInTheSecondHalf(t *testing.T) {
	text := []rune("aaaa bbbb cccc dddd")
	got := fixedChunks("d", text, 10)
	want := []textUnit{{doc: "d", start: 0, end: 10}, {doc: "d", start: 10, end: 19}}
	if !slices.Equal(got, want) {
		t.Errorf("fixedChunks = %v, want %v", got, want)
	}
}

func TestBM25RanksTheUnitHoldingTheRareWord(t *testing.T) {
	texts := map[string]string{"a": "the supplier shall deliver goods", "b": "the buyer shall pay the price", "c": "notices in writing"}
	units := []textUnit{{doc: "a", end: len(texts["a"])}, {doc: "b", end: len(texts["b"])}, {doc: "c", end: len(texts["c"])}}
	x := newBM25(units, texts)
	got := x.search("when must the buyer pay?", nil)
	if len(got) != 1 || got[0].doc != "b" {
		t.Errorf("search = %v, want unit b alone", got)
	}
	if got := x.search("pay", func(u textUnit) bool { return u.doc != "b" }); len(got) != 0 {
		t.Errorf("search with b filtered out = %v, want none", got)
	}
}

func TestScoreUnitsGradesNDCG(t *testing.T) {
	gold := []span{{Article: "x", Grade: 4}, {Article: "y", Grade: 2}}
	perfect := scoreUnits([]textUnit{{article: "x"}, {article: "y"}}, gold)
	if math.Abs(perfect.ndcg-1) > 1e-9 || perfect.recall != 1 || perfect.rr != 1 {
		t.Errorf("perfect ranking: %+v", perfect)
	}
	swapped := scoreUnits([]textUnit{{article: "z"}, {article: "y"}, {article: "x"}}, gold)
	wantDCG := 2/math.Log2(3) + 4/math.Log2(4)
	ideal := 4 + 2/math.Log2(3)
	if math.Abs(swapped.ndcg-wantDCG/ideal) > 1e-9 || swapped.rr != 0.5 {
		t.Errorf("swapped ranking: %+v, want ndcg %.4f, rr 0.5", swapped, wantDCG/ideal)
	}
}
