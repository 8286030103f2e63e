package chat

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
	"lexflow/backend/generation"
	"lexflow/backend/store"
)

// contracts is a world of three contracts in one collection, each with its
// own termination clause, titled as the Library shows them.
type contracts struct {
	*world
	coll                string
	dist, lease, employ string
	titles              map[string]string
}

func newContracts(t *testing.T) *contracts {
	t.Helper()
	c := &contracts{titles: map[string]string{}}
	texts := map[string]string{
		"Distributor Agreement": "The distributor may terminate this agreement by giving ninety days' written notice.",
		"Lease":                 "The tenant may terminate this agreement by giving thirty days' written notice to the landlord.",
		"Employment Contract":   "The employee may terminate this agreement by giving fourteen days' written notice.",
	}
	ids := map[string]*string{"Distributor Agreement": &c.dist, "Lease": &c.lease, "Employment Contract": &c.employ}
	c.world = newWorldOf(t, func(db *store.DB) (chunks []evidence.Chunk, err error) {
		ctx := context.Background()
		coll, err := db.CreateCollection(ctx, "Contracts", "")
		if err != nil {
			return nil, err
		}
		c.coll = coll.ID
		for title, text := range texts {
			d, err := db.InsertDocument(ctx, store.Document{CollectionID: coll.ID, Name: strings.ToLower(title) + ".txt", Format: "txt", Hash: title})
			if err != nil {
				return nil, err
			}
			if _, err := db.RenameDocument(ctx, d.ID, title); err != nil {
				return nil, err
			}
			*ids[title], c.titles[d.ID] = d.ID, title
			chunks = append(chunks, evidence.Chunk{ID: d.ID + "-0", DocID: d.ID, CollectionID: coll.ID, Language: "en", Text: text,
				Locator: evidence.Locator{DocID: d.ID, DocName: d.Name, DocTitle: title, HeadingPath: []string{"Termination"}, End: len([]rune(text))}})
		}
		return chunks, nil
	})
	return c
}

// answer is the question and answer of the last turn, with the answer's record.
func (c *contracts) answer(t *testing.T) (human, ai store.Message, rec generation.Record) {
	t.Helper()
	ms := c.messages(t)
	human, ai = ms[len(ms)-2], ms[len(ms)-1]
	g, err := c.db.MessageGeneration(context.Background(), ai.ID)
	if err != nil {
		t.Fatalf("the answer's record: %v (%+v)", err, ai)
	}
	rec, err = generation.Load(context.Background(), c.db, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	return human, ai, rec
}

// citedDocs are the documents an answer's citations and its record's hits come from.
func citedDocs(t *testing.T, ai store.Message, rec generation.Record) (cited, searched []string) {
	t.Helper()
	var cs []generation.Citation
	if err := json.Unmarshal([]byte(ai.Citations), &cs); err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		cited = append(cited, c.Locator.DocID)
	}
	for _, h := range rec.Retrieval.Hits {
		searched = append(searched, h.Chunk.DocID)
	}
	return cited, searched
}

func TestScopedQuestionSearchesOnlyItsDocuments(t *testing.T) {
	c := newContracts(t)
	ctx := context.Background()
	if _, err := c.chat.Send(ctx, c.conv.ID, "What notice terminates the agreement?", Settings{CollectionIDs: []string{c.coll}, DocumentIDs: []string{c.lease}}, ""); err != nil {
		t.Fatal(err)
	}
	human, ai, rec := c.answer(t)
	cited, searched := citedDocs(t, ai, rec)
	if len(cited) == 0 || ai.GenerationStatus != "success" {
		t.Fatalf("want a cited answer, got %+v", ai)
	}
	for _, d := range append(cited, searched...) {
		if d != c.lease {
			t.Errorf("evidence from %s (%s); the question was scoped to the lease", d, c.titles[d])
		}
	}
	want := Scope{Documents: []Named{{ID: c.lease, Name: "Lease"}}}
	if diff := cmp.Diff(want, ParseScope(human.Scope)); diff != "" {
		t.Errorf("the question's scope (-want +got):\n%s", diff)
	}
	params := rec.Retrieval.Parameters
	if diff := cmp.Diff([]any{c.lease}, params["document_ids"]); diff != "" {
		t.Errorf("record's document_ids (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]any{map[string]any{"id": c.lease, "title": "Lease"}}, params["documents"]); diff != "" {
		t.Errorf("record's documents (-want +got):\n%s", diff)
	}
	conv, _ := c.db.GetConversation(ctx, c.conv.ID)
	if !strings.Contains(conv.Settings, `"document_ids":["`+c.lease+`"]`) {
		t.Errorf("the chosen documents stay for the conversation: %s", conv.Settings)
	}

	// Regenerated with no scope given, the answer searches what its question says.
	if _, err := c.chat.Regenerate(ctx, ai.ID, &Settings{}); err != nil {
		t.Fatal(err)
	}
	_, again, rec := c.answer(t)
	if cited, searched := citedDocs(t, again, rec); len(cited) == 0 || onlyDoc(append(cited, searched...)) != c.lease {
		t.Errorf("regenerated from %v / %v; want the lease only", cited, searched)
	}
}

func TestMentionScopesOnlyItsQuestion(t *testing.T) {
	c := newContracts(t)
	ctx := context.Background()
	set := Settings{CollectionIDs: []string{c.coll}, Mentioned: []string{c.dist}}
	if _, err := c.chat.Send(ctx, c.conv.ID, "What notice terminates the agreement?", set, ""); err != nil {
		t.Fatal(err)
	}
	human, ai, rec := c.answer(t)
	if cited, searched := citedDocs(t, ai, rec); len(cited) == 0 || onlyDoc(append(cited, searched...)) != c.dist {
		t.Errorf("evidence from %v / %v; want the distributor agreement only", cited, searched)
	}
	if got := ParseScope(human.Scope); len(got.Documents) != 1 || got.Documents[0].Name != "Distributor Agreement" || len(got.Collections) != 0 {
		t.Errorf("the question's scope %+v", got)
	}
	conv, _ := c.db.GetConversation(ctx, c.conv.ID)
	if strings.Contains(conv.Settings, "document_ids") || !strings.Contains(conv.Settings, c.coll) {
		t.Errorf("a mention is not kept for the conversation, the collection is: %s", conv.Settings)
	}

	// The next question, without a mention, searches the collection again.
	if _, err := c.chat.Send(ctx, c.conv.ID, "What notice terminates the agreement?", Settings{CollectionIDs: []string{c.coll}}, ""); err != nil {
		t.Fatal(err)
	}
	human, _, rec = c.answer(t)
	if got := ParseScope(human.Scope); len(got.Documents) != 0 || len(got.Collections) != 1 || got.Collections[0].Name != "Contracts" {
		t.Errorf("the next question's scope %+v", got)
	}
	if len(rec.Retrieval.Hits) < 2 {
		t.Errorf("the collection's %d hits; want every contract's clause", len(rec.Retrieval.Hits))
	}
}

func TestScopedRefusalNamesTheDocuments(t *testing.T) {
	c := newContracts(t)
	ctx := context.Background()
	if _, err := c.chat.Send(ctx, c.conv.ID, "xylophone quantum chromodynamics", Settings{DocumentIDs: []string{c.dist}, Mentioned: []string{c.lease}}, ""); err != nil {
		t.Fatal(err)
	}
	_, ai, rec := c.answer(t)
	want := "No evidence: searching the documents “Distributor Agreement”, “Lease” found nothing relevant"
	if !strings.HasPrefix(ai.Content, want) || ai.GenerationStatus != "no_evidence" {
		t.Errorf("refusal %q, want it to start %q", ai.Content, want)
	}
	if docs, _ := rec.Retrieval.Parameters["documents"].([]any); len(docs) != 2 {
		t.Errorf("record's documents %v", rec.Retrieval.Parameters["documents"])
	}
}

func TestUnknownDocumentIsRefused(t *testing.T) {
	c := newContracts(t)
	_, err := c.chat.Send(context.Background(), c.conv.ID, "What notice?", Settings{DocumentIDs: []string{c.lease, "gone"}}, "")
	if !errors.Is(err, ErrUnknownDocument) || !strings.Contains(err.Error(), `"gone"`) {
		t.Errorf("error %v, want ErrUnknownDocument naming it", err)
	}
	if ms := c.messages(t); len(ms) != 0 {
		t.Errorf("%d messages saved for a refused question", len(ms))
	}
}

// onlyDoc is the one document ids all name, or "" when they differ.
func onlyDoc(ids []string) string {
	for _, id := range ids {
		if id != ids[0] {
			return ""
		}
	}
	if len(ids) == 0 {
		return ""
	}
	return ids[0]
}
