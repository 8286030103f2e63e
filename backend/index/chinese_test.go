package index

import (
	"slices"
	"strings"
	"testing"

	"lexflow/backend/evidence"
)

// civilCode holds Civil Code articles 54–56, one chunk each, and an English
// chunk beside them.
func civilCode() []evidence.Chunk {
	path := []string{"第一编 总则", "第二章 自然人", "第四节 个体工商户和农村承包经营户"}
	article := func(id, heading, text string) evidence.Chunk {
		return chunk(id, "cc", "laws", "zh", heading+"　"+text, append(slices.Clone(path), heading)...)
	}
	return []evidence.Chunk{
		article("a54", "第五十四条", "自然人从事工商业经营，经依法登记，为个体工商户。个体工商户可以起字号。"),
		article("a55", "第五十五条", "农村集体经济组织的成员，依法取得农村土地承包经营权，从事家庭承包经营的，为农村承包经营户。"),
		article("a56", "第五十六条", "个体工商户的债务，个人经营的，以个人财产承担；家庭经营的，以家庭财产承担；无法区分的，以家庭财产承担。"),
		chunk("en", "gdpr", "laws", "en", "Article 6. Processing shall be lawful only if the data subject has given consent."),
	}
}

func TestChineseQuestionFindsItsArticle(t *testing.T) {
	x := newIndexWith(t, civilCode()...)
	for text, want := range map[string]string{
		"个体工商户的债务由谁承担？": "a56",
		"什么是农村承包经营户":    "a55",
		"第五十四条":         "a54", // the article's number, read as article:54
		"第54条":          "a54",
	} {
		hits := mustSearch(t, x, Query{Text: text})
		if len(hits) == 0 || hits[0].Chunk.ID != want {
			t.Errorf("%q: hits %v, want %s first", text, hitIDs(hits), want)
		}
	}
}

// Chinese bigrams overlap (个体, 体工, 工商); the snippet marks the whole
// run they match, not every other bigram of it.
func TestChineseSnippetMarksTheWholeMatch(t *testing.T) {
	x := newIndexWith(t, civilCode()...)
	hits := mustSearch(t, x, Query{Text: "个体工商户的债务"})
	if len(hits) == 0 || hits[0].Chunk.ID != "a56" {
		t.Fatalf("hits %v, want a56 first", hitIDs(hits))
	}
	if !strings.Contains(hits[0].Snippet, "<mark>个体工商户的债务</mark>") {
		t.Errorf("snippet %q does not mark 个体工商户的债务 as one match", hits[0].Snippet)
	}
}
