package index_test

import (
	"context"
	"fmt"
	"log"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
)

// The index stores chunks with their locators and finds them again with BM25,
// English stemming and Arabic normalisation; every hit carries the whole chunk.
func Example() {
	ctx := context.Background()
	idx, err := index.OpenMem() // index.Open(dir) for one on disk
	if err != nil {
		log.Fatal(err)
	}
	defer idx.Close()

	chunks := []evidence.Chunk{
		{
			ID: "act-0", DocID: "act", CollectionID: "labour", Ordinal: 0, Language: "en",
			Text: "Either party may terminate the contract by written notice of thirty days.",
			Locator: evidence.Locator{
				DocID: "act", DocName: "employment-act.pdf", PageStart: 4, PageEnd: 4,
				HeadingPath: []string{"Chapter 2", "Article 12 – Termination"}, Start: 1200, End: 1274,
			},
		},
		{
			ID: "act-1", DocID: "act", CollectionID: "labour", Ordinal: 1, Language: "en",
			Text: "Wages are paid monthly.",
			Locator: evidence.Locator{
				DocID: "act", DocName: "employment-act.pdf", PageStart: 5, PageEnd: 5,
				HeadingPath: []string{"Chapter 3", "Article 20 – Wages"}, Start: 1400, End: 1423,
			},
		},
	}
	if err := idx.Add(ctx, chunks); err != nil {
		log.Fatal(err)
	}

	hits, err := idx.Search(ctx, index.Query{Text: "termination of the contract", CollectionIDs: []string{"labour"}})
	if err != nil {
		log.Fatal(err)
	}
	for _, h := range hits {
		l := h.Chunk.Locator
		fmt.Printf("%d. %s, %s, %s [%d:%d]\n", h.Rank, l.DocName, l.Pages(), l.Heading(), l.Start, l.End)
		fmt.Println(h.Snippet)
	}
	// Output:
	// 1. employment-act.pdf, p. 4, Chapter 2 › Article 12 – Termination [1200:1274]
	// Either party may <mark>terminate</mark> the <mark>contract</mark> by written notice of thirty days.
}
