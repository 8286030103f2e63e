package ingest_test

import (
	"context"
	"fmt"
	"strings"

	"lexflow/backend/evidence"
	"lexflow/backend/ingest"
)

func ExampleFile() {
	text := "Article 12 — Termination\nEither party may terminate on 90 days' notice.\n\nArticle 13\nNotices are in writing."
	doc := evidence.Document{ID: "d1", Name: "contract.txt"}
	ex, chunks, err := ingest.File(context.Background(), doc, strings.NewReader(text), int64(len(text)), ingest.Limits{}, ingest.ChunkOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(ex.Language)
	for _, c := range chunks {
		l := c.Locator
		fmt.Printf("%s %q [%d,%d) %v\n", c.ID, l.Heading(), l.Start, l.End, evidence.Slice(ex.Text, l.Start, l.End) == c.Text)
	}
	// Output:
	// en
	// d1-00000 "Article 12 — Termination" [0,71) true
	// d1-00001 "Article 13" [73,107) true
}
