package generation

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"lexflow/backend/crossdoc"
	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/backend/internal/terms"
	"lexflow/backend/llm"
	"lexflow/backend/llm/extractive"
)

// A question asked of every document ("Which contracts are governed by New
// York law?") is answered document by document: the knowledge-retrieval
// step has searched each document in scope (Request.DocumentsChecked says
// how many), and here each document whose passages address the property is
// answered on its own, from its own passages, then the answers are listed
// under the document's title. The list is checked like any answer.

// Bounds of the documents answered: with a model each costs a call; the
// extractive answerer costs next to nothing, but a list longer than a
// hundred is better read in the Library.
const (
	maxAcrossModelAnswers = 12
	maxAcrossAnswers      = 100
)

// runAcross answers req document by document.
func (p *Pipeline) runAcross(ctx context.Context, req Request, rec Record, hits []evidence.Hit, property string, start time.Time) (Record, error) {
	// Listing a document says it has the property: its passages must hold
	// every key word of it, not most.
	groups := byDocument(hits)
	rarity := onceRarity(ctx, p.Rarity, property) // one lookup for every document's judgement
	var supported [][]evidence.Hit
	for _, g := range groups {
		if JudgeSupport(ctx, property, g, rarity).check(true).Passed {
			supported = append(supported, g)
		}
	}
	limit := maxAcrossModelAnswers
	if _, lexical := req.Model.Provider.(*extractive.Provider); lexical {
		limit = maxAcrossAnswers
	}
	checked := max(req.DocumentsChecked, len(groups))
	var answered []docAnswer
	var prompts []llm.Message
	var usage llm.Usage
	for _, g := range supported[:min(len(supported), limit)] {
		sub := Record{Snapshot: BuildPrompt(req.Query, g)}
		sub, _ = p.generate(ctx, sub, Request{Model: req.Model, Params: req.Params, Hits: g, Scope: req.Scope, OnDelta: req.OnDelta}, p.Options)
		prompts = append(prompts, sub.Snapshot.Messages...)
		usage.PromptTokens += sub.Raw.Usage.PromptTokens
		usage.CompletionTokens += sub.Raw.Usage.CompletionTokens
		rec.Provider, rec.Raw.Provider, rec.Raw.Model = sub.Provider, sub.Raw.Provider, sub.Raw.Model
		if r := sub.Result; !r.Refused && r.Status != StatusFailed && r.Status != StatusNoEvidence && len(r.Citations) > 0 {
			answered = append(answered, docAnswer{title: g[0].Chunk.Locator.Document(), result: r})
		}
		if ctx.Err() != nil {
			break
		}
	}
	rec.Snapshot = Snapshot{PromptName: PromptName, PromptVersion: PromptVersion, Messages: prompts}
	rec.Timing.PromptMs = ms(time.Since(start))
	if len(answered) == 0 {
		rec.Result = Result{Answer: noneHolds(checked, req.Scope), Status: StatusNoEvidence, Citations: []Citation{},
			Claims: []Claim{}, Checks: []Check{{Name: CheckSupport, Detail: fmt.Sprintf("checked %d documents; no passage of any addresses the question", checked)}}}
		rec.Timing.TotalMs = ms(time.Since(start))
		return p.save(ctx, rec, req.OnAnswer)
	}
	raw := composeAcross(answered, checked, len(supported))
	rec.Raw.Text, rec.Raw.Usage = raw, usage
	rec.Result = Postprocess(raw, hits, p.Options)
	rec.Result.Checks = append(rec.Result.Checks, Check{Name: CheckSupport, Passed: true,
		Detail: fmt.Sprintf("checked %d documents; %d hold passages that address the question, %d answered", checked, len(supported), len(answered))})
	rec.Timing.TotalMs = ms(time.Since(start))
	return p.save(ctx, rec, req.OnAnswer)
}

// docAnswer is one document's answer to a question asked across documents.
type docAnswer struct {
	title  string
	result Result
}

// composeAcross writes the documents' answers as one reply in the answer
// format, each under its document's title, with a lead-in saying how many
// documents were checked (a lead-in ending in ":" needs no citation).
func composeAcross(answers []docAnswer, checked, supported int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Of the %d documents checked, %d %s", checked, len(answers), plural(len(answers), "answers this", "answer this"))
	if supported > len(answers) {
		fmt.Fprintf(&b, " (%d more hold related passages; ask about them by name)", supported-len(answers))
	}
	b.WriteString(":")
	type cite struct {
		Rank  int    `json:"rank"`
		Quote string `json:"quote"`
	}
	cites := []cite{}
	for _, a := range answers {
		b.WriteString("\n\n" + a.title + ": " + a.result.Answer)
		for _, c := range a.result.Citations {
			quote := ""
			if len(c.Quotes) > 0 {
				quote = c.Quotes[0].Text
			}
			cites = append(cites, cite{Rank: c.Rank, Quote: quote})
		}
	}
	out, _ := json.Marshal(map[string]any{"answerable": true, "answer": b.String(), "citations": cites})
	return string(out)
}

func noneHolds(checked int, scope string) string {
	return fmt.Sprintf("No evidence: of the %d documents checked in %s, none has a passage that answers this, so no answer was generated.", checked, scopeOr(scope))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// byDocument groups hits by document, documents in the order of their best hit.
func byDocument(hits []evidence.Hit) [][]evidence.Hit {
	at := map[string]int{}
	var groups [][]evidence.Hit
	for _, h := range hits {
		i, ok := at[h.Chunk.DocID]
		if !ok {
			i = len(groups)
			at[h.Chunk.DocID] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], h)
	}
	return groups
}

// askedAcross returns the property a question asks of every document, when
// it asks one and the retrieval step checked documents one by one.
func askedAcross(req Request) (string, bool) {
	if req.DocumentsChecked == 0 {
		return "", false
	}
	return crossdoc.Asks(req.Query)
}

// onceRarity looks the words of question up once and answers every later
// call from that: the documents of a question asked across them are all
// judged on its words.
func onceRarity(ctx context.Context, rarity Rarity, question string) Rarity {
	if rarity == nil {
		return nil
	}
	weights, err := rarity(ctx, terms.Words(question))
	return func(context.Context, []string) (map[string]index.WordRarity, error) { return weights, err }
}
