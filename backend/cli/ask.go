package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"lexflow/backend/api"
	"lexflow/backend/chat"
	"lexflow/backend/generation"
	"lexflow/backend/index"
	"lexflow/backend/nodes"
)

// askResult is what `lexflow ask --json` prints.
type askResult struct {
	Answer      string                `json:"answer"`
	Status      generation.Status     `json:"status"`
	Refused     bool                  `json:"refused,omitempty"`
	Error       string                `json:"error,omitempty"`
	RecordID    string                `json:"generation_record_id"`
	RetrievalID string                `json:"retrieval_record_id"`
	Provider    string                `json:"model_provider"`
	Model       string                `json:"model_name"`
	Citations   []generation.Citation `json:"citations"`
	Claims      []generation.Claim    `json:"claims"`
	Checks      []generation.Check    `json:"checks"`
	Timing      generation.Timing     `json:"timing_ms"`
	Searched    string                `json:"searched"`
}

// runAsk runs `lexflow ask [--collection NAME] [--model PROVIDER/MODEL] [--json] QUESTION`:
// the cited-answer pipeline the Chat view uses, printed with every citation's
// locator, quote and check results, the status and the record id.
func runAsk(ctx context.Context, args []string, dataDir string, env Env) error {
	fs := newFlags("ask", env)
	fs.StringVar(&dataDir, "data-dir", dataDir, "data directory")
	coll := fs.String("collection", "", "collection name or id (default: all)")
	model := fs.String("model", "", "PROVIDER/MODEL, PROVIDER, or a model of the default provider (default: the default model)")
	topK := fs.Int("top-k", 5, "passages to retrieve")
	uncited := fs.String("uncited", "partial", "what to do with uncited sentences: partial, fail or strip")
	asJSON := fs.Bool("json", false, "print JSON")
	rest, err := parse(fs, args)
	if err != nil {
		return err
	}
	question := strings.TrimSpace(strings.Join(rest, " "))
	if question == "" {
		return usagef("ask needs a question")
	}
	policy := generation.UncitedPolicy(*uncited)
	if policy != generation.UncitedPartial && policy != generation.UncitedFail && policy != generation.UncitedStrip {
		return usagef("--uncited %q: want partial, fail or strip", *uncited)
	}
	a, err := openApp(ctx, dataDir, "cli", env)
	if err != nil {
		return err
	}
	defer a.Close()
	res, err := a.ask(ctx, question, *coll, *model, *topK, policy)
	if err != nil {
		return err
	}
	if err := (output{w: env.Stdout, json: *asJSON}).print(res, func(w io.Writer) { printAnswer(w, res) }); err != nil {
		return err
	}
	if res.Status == generation.StatusFailed {
		return silentFailure{}
	}
	return nil
}

func (a *app) ask(ctx context.Context, question, coll, model string, topK int, policy generation.UncitedPolicy) (askResult, error) {
	q := index.Query{Text: question, TopK: topK, Distinct: true}
	if coll != "" {
		c, err := a.services.Library.Collection(ctx, coll)
		if err != nil {
			return askResult{}, err
		}
		q.CollectionIDs = []string{c.ID}
	}
	hits, err := a.titled().Search(ctx, q)
	if err != nil {
		return askResult{}, err
	}
	m, err := api.Models{DB: a.db, Connect: a.connect}.Resolve(ctx, modelRef(model))
	if err != nil {
		return askResult{}, err
	}
	scope, _ := chat.Describe(a.db)(ctx, nodes.SearchScope{CollectionIDs: q.CollectionIDs})
	rec, err := (&generation.Pipeline{Store: a.db, Options: generation.Options{Uncited: policy}, Rarity: a.index.Rarity}).Run(ctx, generation.Request{
		Query: question, Hits: hits, Scope: scope,
		Parameters: map[string]any{"collection_ids": q.CollectionIDs, "top_k": topK, "source": "cli"},
		Model:      m.Generation(),
	})
	if err != nil {
		return askResult{}, err
	}
	return askResultOf(rec, scope), nil
}

// modelRef reads --model: "PROVIDER/MODEL" (the model may hold more slashes),
// or a bare name, tried as a provider name or id, else as a model of the default provider.
func modelRef(s string) nodes.ModelRef {
	if p, m, ok := strings.Cut(s, "/"); ok {
		return nodes.ModelRef{Provider: p, Name: m}
	}
	return nodes.ModelRef{Provider: s}
}

func askResultOf(rec generation.Record, scope string) askResult {
	r := rec.Result
	out := askResult{Answer: r.Answer, Status: r.Status, Refused: r.Refused, Error: r.Error, RecordID: rec.ID,
		RetrievalID: rec.Retrieval.ID, Provider: rec.Raw.Provider, Model: rec.Raw.Model, Claims: r.Claims, Checks: r.Checks,
		Timing: rec.Timing, Searched: scope, Citations: r.Citations}
	if out.Citations == nil {
		out.Citations = []generation.Citation{}
	}
	return out
}

func printAnswer(w io.Writer, r askResult) {
	fmt.Fprintln(w, r.Answer)
	if len(r.Citations) > 0 {
		fmt.Fprintln(w, "\nCitations:")
	}
	for _, c := range r.Citations {
		fmt.Fprintf(w, "[%d] %s  chars %d–%d  chunk %s\n", c.Marker, c.Locator.CiteDocument(), c.Locator.Start, c.Locator.End, c.NodeID)
		for _, q := range c.Quotes {
			mark := "✓ quote found in the passage"
			if !q.Verified {
				mark = "✗ quote NOT found in the passage"
			}
			fmt.Fprintf(w, "    “%s” %s\n", oneLine(q.Text, 200), mark)
		}
		if len(c.Quotes) == 0 {
			fmt.Fprintf(w, "    %s\n", oneLine(c.Excerpt, 200))
		}
	}
	for _, cl := range r.Claims {
		if cl.Verdict != generation.ClaimCited {
			fmt.Fprintf(w, "⚠ %s: %s\n", strings.ReplaceAll(cl.Verdict, "_", " "), oneLine(cl.Text, 160))
		}
	}
	fmt.Fprintf(w, "\nStatus: %s", r.Status)
	if r.Error != "" {
		fmt.Fprintf(w, " — %s", r.Error)
	}
	fmt.Fprintf(w, "\nModel: %s · searched %s · record %s · %.0f ms\n", modelWords(r.Provider, r.Model), r.Searched, r.RecordID, r.Timing.TotalMs)
}

// modelWords names the model that answered; a question refused before any
// model was asked (the evidence did not address it) says so.
func modelWords(provider, model string) string {
	if provider == "" && model == "" {
		return "none asked (the evidence did not address the question)"
	}
	return provider + "/" + model
}
