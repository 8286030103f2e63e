package generation

import (
	"encoding/json"
	"strings"
	"testing"

	"lexflow/backend/evidence"
	"lexflow/backend/ingest"
)

// tenancyHits are the chunks of a statute whose two short articles the
// chunker puts in one passage, retrieved as hit [1].
func tenancyHits(t *testing.T) []evidence.Hit {
	t.Helper()
	text := "Chapter 3 — Rent and Deposits\n\n" +
		"Article 5 Rent increases\nThe landlord may raise the rent once a year, on two months' written notice.\n\n" +
		"Article 6 Security deposit\nThe deposit may not exceed two months' rent and is returned within thirty days.\n"
	doc := evidence.Document{ID: "act", CollectionID: "col", Name: "Tenancy Act.txt"}
	chunks := ingest.Chunks(doc, ingest.Extracted{Text: text, Language: "en"}, ingest.ChunkOptions{})
	if len(chunks) != 1 || len(chunks[0].Locator.Units) != 2 {
		t.Fatalf("want one chunk holding both articles, got %d chunks: %+v", len(chunks), chunks)
	}
	return []evidence.Hit{{Rank: 1, Score: 2, Chunk: chunks[0]}}
}

// An answer quoting Article 6 cites Article 6, not the chapter the merged
// passage sits in, wherever the citation goes: the chat, exports, audit.
func TestCitationNamesTheArticleItQuotes(t *testing.T) {
	const article6 = "Chapter 3 — Rent and Deposits › Article 6 Security deposit"
	cases := []struct {
		name string
		res  func([]evidence.Hit) Result
		want string
	}{
		{"a JSON answer quoting Article 6", func(hits []evidence.Hit) Result {
			return Postprocess(`{"answer": "The deposit is capped at two months' rent [1].", "citations": [{"node_id": "act-00000", "rank": 1,
				"quote": "The deposit may not exceed two months' rent"}]}`, hits, Options{})
		}, article6},
		{"a prose answer quoting Article 6", func(hits []evidence.Hit) Result {
			return CheckProse(`The Act says the deposit is "returned within thirty days" [1].`, hits, Options{})
		}, article6},
		{"a quote across both articles", func(hits []evidence.Hit) Result {
			return Postprocess(`{"answer": "Notice and the deposit are regulated [1].", "citations": [{"node_id": "act-00000", "rank": 1,
				"quote": "on two months' written notice. Article 6 Security deposit"}]}`, hits, Options{})
		}, "Chapter 3 — Rent and Deposits › Articles 5–6"},
		{"no quote: the whole passage", func(hits []evidence.Hit) Result {
			return Postprocess(`{"answer": "Rent and deposits are regulated [1].", "citations": [{"node_id": "act-00000", "rank": 1}]}`, hits, Options{})
		}, "Chapter 3 — Rent and Deposits › Articles 5–6"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hits := tenancyHits(t)
			res := c.res(hits)
			if len(res.Citations) != 1 {
				t.Fatalf("citations = %+v (checks %+v)", res.Citations, res.Checks)
			}
			// Stored as JSON for the conversation, its export and the audit record.
			var stored Citation
			b, _ := json.Marshal(res.Citations[0])
			if err := json.Unmarshal(b, &stored); err != nil {
				t.Fatal(err)
			}
			if got := stored.Locator.Heading(); got != c.want {
				t.Errorf("cited as %q, want %q", got, c.want)
			}
			if !strings.HasPrefix(stored.Locator.Label(), "Tenancy Act.txt, "+c.want) {
				t.Errorf("label %q", stored.Locator.Label())
			}
			if stored.Excerpt != hits[0].Chunk.Text || stored.Locator.Start != hits[0].Chunk.Locator.Start {
				t.Errorf("the excerpt and its place are the whole passage's: %+v", stored.Locator)
			}
			if len(hits[0].Chunk.Locator.Units) != 2 {
				t.Errorf("narrowing changed the retrieved hit: %+v", hits[0].Chunk.Locator)
			}
		})
	}
}
