package main

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"lexflow/backend/crossdoc"
	"lexflow/backend/evidence"
	"lexflow/backend/generation"
	"lexflow/backend/index"
	"lexflow/backend/store"
	"lexflow/scripts/internal/answerers"
	"lexflow/scripts/internal/mdtable"
)

// The answer benchmark (-answers, part of make eval) asks CUAD's questions
// the way `lexflow ask` does — the whole library searched for the top
// askTopK passages, the cited-answer pipeline run on them — and judges the
// answers, not the ranking:
//   - negatives (negatives.jsonl): the named contract lacks the clause, as
//     CUAD's annotators found; the right answer is a refusal;
//   - positives: CUAD's questions about the same contracts; the right
//     answer cites a verified quote overlapping a gold span, and nothing
//     from a contract other than the one named.

// askTopK is `lexflow ask`'s default --top-k.
const askTopK = 5

// askCase is one question with what a right answer is.
type askCase struct {
	id, query, category string
	doc                 string // the contract the question names
	gold                []span // empty: the contract does not answer
}

// answerOutcome is one answer judged.
type answerOutcome struct {
	answer       string // the answer text, for -dump
	why          string // the hits and the support judgement, for -dump
	refused      bool
	overlapsGold bool // some verified quote overlaps a gold span
	otherDoc     bool // some citation is from a contract other than the named one
	named        bool // the search found the document the question names
	goldFound    bool // some hit overlaps a gold span: the most a right answer could quote
}

// confusion counts one answerer's outcomes over one set.
type confusion struct {
	set, answerer                                                      string
	rightAnswers, wrongAnswers, wrongRefusals, rightRefusals, otherDoc int
	dumped                                                             int // wrong answers printed (-dump)
	named                                                              int // questions whose named document the search found
	goldFound                                                          int // questions with a gold span among the hits
}

func (c confusion) n() int {
	return c.rightAnswers + c.wrongAnswers + c.wrongRefusals + c.rightRefusals
}

// add counts o and says whether it was wrong.
func (c *confusion) add(k askCase, o answerOutcome) (wrong bool) {
	if o.named {
		c.named++
	}
	if o.goldFound {
		c.goldFound++
	}
	if !o.refused && o.otherDoc {
		c.otherDoc++
	}
	switch {
	case len(k.gold) == 0 && o.refused:
		c.rightRefusals++
	case o.refused:
		c.wrongRefusals++
	case len(k.gold) > 0 && o.overlapsGold && !o.otherDoc:
		c.rightAnswers++
	default:
		c.wrongAnswers++
	}
	return !(o.refused == (len(k.gold) == 0) && (o.refused || o.overlapsGold && !o.otherDoc))
}

// loadAskCases reads the negatives and the queries about the same contracts;
// every is the stride of a deterministic sample (1: all).
func loadAskCases(dir string, every int) (neg, pos []askCase, err error) {
	docs := map[string]bool{}
	err = eachLine(filepath.Join(dir, "negatives.jsonl"), func(line []byte) error {
		var n struct{ ID, Query, Category, Doc string }
		if err := json.Unmarshal(line, &n); err != nil {
			return err
		}
		docs[n.Doc] = true
		neg = append(neg, askCase{id: n.ID, query: n.Query, category: n.Category, doc: n.Doc})
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	qs, err := readQueries(filepath.Join(dir, "queries.jsonl"))
	if err != nil {
		return nil, nil, err
	}
	for _, q := range qs {
		if docs[q.Gold[0].Doc] {
			pos = append(pos, askCase{id: q.ID, query: q.Query, category: q.Category, doc: q.Gold[0].Doc, gold: q.Gold})
		}
	}
	return stride(neg, every), stride(pos, every), nil
}

// splitByContract puts each question in one of two halves by the contract
// it names, so the support thresholds are chosen on the contracts of the
// tuning half and checked on contracts they were not chosen on.
func splitByContract(cs []askCase) (tune, heldOut []askCase) {
	for _, k := range cs {
		h := fnv.New32a()
		h.Write([]byte(k.doc))
		if h.Sum32()%2 == 0 {
			tune = append(tune, k)
		} else {
			heldOut = append(heldOut, k)
		}
	}
	return tune, heldOut
}

func stride(cs []askCase, every int) []askCase {
	if every <= 1 {
		return cs
	}
	var out []askCase
	for i := 0; i < len(cs); i += every {
		out = append(out, cs[i])
	}
	return out
}

// runAnswers is the answer benchmark on the cached CUAD ingestion.
func runAnswers(ctx context.Context, cfg config, corpus *corpus) error {
	env, err := openCorpus(ctx, cfg, corpus, cuadCache)
	if err != nil {
		return err
	}
	defer env.close()
	neg, pos, err := loadAskCases(cfg.data, cfg.answersEvery)
	if err != nil {
		return err
	}
	records, err := os.MkdirTemp("", "lexflow-eval-answers-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(records)
	// The records go to a database of their own: the cached corpus stays as ingested.
	db, err := store.Open(ctx, filepath.Join(records, "lexflow.db"))
	if err != nil {
		return err
	}
	defer db.Close()
	as, stop, err := answerers.Start()
	if err != nil {
		return err
	}
	defer stop()
	as = slices.DeleteFunc(as, func(a answerers.Answerer) bool { return !strings.Contains(a.Label, cfg.answerers) })
	a := asker{corpusDir: filepath.Join(cfg.data, "corpus"), env: env, pipeline: &generation.Pipeline{Store: db, Rarity: env.idx.Rarity}, docNames: invert(env.m.DocIDs), workers: cfg.workers, dump: cfg.dump}
	var table []confusion
	negTune, negHeld := splitByContract(neg)
	posTune, posHeld := splitByContract(pos)
	for _, ans := range as {
		for _, set := range []struct {
			name  string
			cases []askCase
		}{{"CUAD negatives, tuning half", negTune}, {"CUAD negatives, held-out half", negHeld},
			{"CUAD positives, tuning half", posTune}, {"CUAD positives, held-out half", posHeld}} {
			logf("answers: %s, %d questions, %s", set.name, len(set.cases), ans.Label)
			c, err := a.judgeAll(ctx, ans, set.cases)
			if err != nil {
				return err
			}
			c.set = set.name
			table = append(table, c)
		}
	}
	fmt.Println()
	printConfusion(os.Stdout, table)
	for _, ans := range as {
		if cfg.noAcross {
			break
		}
		if err := a.askAcross(ctx, ans, corpus); err != nil {
			return err
		}
	}
	return nil
}

type asker struct {
	corpusDir string // the contracts' text, for -dump to print gold spans
	env       *env
	pipeline  *generation.Pipeline
	docNames  map[string]string // document id → corpus file name
	workers   int
	dump      int // wrong outcomes to print per set and answerer
}

// judgeAll asks every case with a few workers and counts the outcomes.
func (a asker) judgeAll(ctx context.Context, ans answerers.Answerer, cases []askCase) (confusion, error) {
	c := confusion{answerer: ans.Label}
	var mu sync.Mutex
	var firstErr error
	work := make(chan askCase)
	var wg sync.WaitGroup
	for range max(1, a.workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range work {
				o, err := a.ask(ctx, ans, k)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("%s: %w", k.id, err)
				}
				if c.add(k, o) && c.dumped < a.dump {
					c.dumped++
					fmt.Printf("\n%s [%s] %s\n  → %s\n%s", k.id, k.category, k.query, oneLine(o.answer), o.why)
				}
				mu.Unlock()
			}
		}()
	}
	for _, k := range cases {
		if ctx.Err() != nil {
			break
		}
		work <- k
	}
	close(work)
	wg.Wait()
	return c, firstErr
}

// ask is `lexflow ask QUESTION` with its defaults, judged.
func (a asker) ask(ctx context.Context, ans answerers.Answerer, k askCase) (answerOutcome, error) {
	hits, err := a.search(ctx, index.Query{Text: k.query, TopK: askTopK, Distinct: true})
	if err != nil {
		return answerOutcome{}, err
	}
	rec, err := a.pipeline.Run(ctx, generation.Request{Query: k.query, Hits: hits, Scope: "the library",
		Parameters: map[string]any{"top_k": askTopK, "source": "eval"}, Model: ans.Model})
	if err != nil {
		return answerOutcome{}, err
	}
	r := rec.Result
	o := answerOutcome{answer: r.Answer, refused: r.Status == generation.StatusNoEvidence || r.Refused || r.Status == generation.StatusFailed}
	for _, h := range hits {
		o.named = o.named || h.NamedBy != "" && a.docNames[h.Chunk.DocID] == k.doc
	}
	gold, err := a.env.resolve(k.gold)
	if err != nil {
		return o, err
	}
	for _, h := range rec.Retrieval.Hits {
		o.goldFound = o.goldFound || overlapsAny(h.Chunk, gold)
	}
	if a.dump > 0 {
		o.why = a.explain(ctx, k, rec.Retrieval.Hits, gold) + failedChecks(r.Checks) + a.goldText(k)
	}
	for _, cite := range r.Citations {
		if a.docNames[cite.Locator.DocID] != k.doc {
			o.otherDoc = true
			continue
		}
		for _, q := range cite.Quotes {
			quoted := evidence.Chunk{DocID: cite.Locator.DocID, Locator: evidence.Locator{Start: q.Start, End: q.End}}
			o.overlapsGold = o.overlapsGold || q.Verified && overlapsAny(quoted, gold)
		}
	}
	return o, nil
}

// goldText prints the opening of each gold span of k, for -dump.
func (a asker) goldText(k askCase) string {
	var b strings.Builder
	for _, g := range k.gold {
		text, err := os.ReadFile(filepath.Join(a.corpusDir, g.Doc))
		if err != nil {
			continue
		}
		r := []rune(string(text))
		fmt.Fprintf(&b, "  gold: %s\n", oneLine(string(r[min(g.Start, len(r)):min(g.End, len(r))])))
	}
	return b.String()
}

// failedChecks lists the checks an answer failed, for -dump: why it was
// refused or withdrawn.
func failedChecks(checks []generation.Check) string {
	var b strings.Builder
	for _, c := range checks {
		if !c.Passed {
			fmt.Fprintf(&b, "  check %s failed: %s\n", c.Name, c.Detail)
		}
	}
	return b.String()
}

func invert(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[v] = k
	}
	return out
}

// printConfusion prints one row per set and answerer: the four outcomes and
// the rates the product is judged by (refusals of negatives, right answers
// of positives).
func printConfusion(w io.Writer, cs []confusion) {
	t := mdtable.Table{{"set", "answerer", "n", "answered correctly", "answered wrongly", "refused wrongly", "refused correctly",
		"right rate", "answers citing another contract", "named contract found", "gold among the hits"}}
	for _, c := range cs {
		right := c.rightAnswers + c.rightRefusals
		t = append(t, []string{c.set, c.answerer, fmt.Sprint(c.n()), fmt.Sprint(c.rightAnswers), fmt.Sprint(c.wrongAnswers),
			fmt.Sprint(c.wrongRefusals), fmt.Sprint(c.rightRefusals), rate(right, c.n()), fmt.Sprint(c.otherDoc), rate(c.named, c.n()),
			rate(c.goldFound, c.n())})
	}
	t.Print(w)
}

func rate(k, n int) string {
	if n == 0 {
		return "–"
	}
	return fmt.Sprintf("%.3f", float64(k)/float64(n))
}

// acrossStates are the governing laws asked about across the contracts;
// each is the law of enough CUAD contracts to measure.
var acrossStates = []string{"New York", "Delaware", "California", "Texas", "Nevada", "Florida", "Massachusetts", "Illinois",
	"New Jersey", "Pennsylvania", "Georgia", "Washington", "Colorado", "Ohio", "England"}

// askAcross asks "Which contracts are governed by <state> law?" for each
// state, the way the Legal Q&A app does (every contract checked one by one)
// and the way a plain question is answered (the top passages of the
// library), and prints recall and precision of the contracts the answer
// lists against CUAD's governing-law clauses that name the state.
func (a asker) askAcross(ctx context.Context, ans answerers.Answerer, c *corpus) error {
	gold, err := governingLaws(a.env, c)
	if err != nil {
		return err
	}
	ids := slices.Sorted(maps.Values(a.env.m.DocIDs))
	t := mdtable.Table{{"answered", "questions", "contracts to list", "listed", "listed rightly", "recall", "precision"}}
	for _, across := range []bool{true, false} {
		var want, listed, right int
		for _, state := range acrossStates {
			if len(gold[state]) == 0 {
				continue
			}
			q := "Which contracts are governed by " + state + " law?"
			docs, err := a.listedDocs(ctx, ans, q, ids, across)
			if err != nil {
				return err
			}
			want, listed = want+len(gold[state]), listed+len(docs)
			for d := range docs {
				if gold[state][d] {
					right++
				}
			}
		}
		how := "every contract checked (Legal Q&A)"
		if !across {
			how = "top 5 passages of the library"
		}
		t = append(t, []string{how, fmt.Sprint(len(acrossStates)), fmt.Sprint(want), fmt.Sprint(listed), fmt.Sprint(right),
			rate(right, want), rate(right, listed)})
	}
	fmt.Printf("\n### Questions across contracts: \"Which contracts are governed by <state> law?\" (%s)\n\n", ans.Label)
	t.Print(os.Stdout)
	return nil
}

// listedDocs answers q and returns the documents its citations name.
func (a asker) listedDocs(ctx context.Context, ans answerers.Answerer, q string, ids []string, across bool) (map[string]bool, error) {
	req := generation.Request{Query: q, Scope: "the library", Model: ans.Model, Parameters: map[string]any{"source": "eval"}}
	var err error
	if across {
		property, _ := crossdoc.Asks(q)
		req.Hits, err = crossdoc.SearchEach(ctx, a.search, index.Query{Text: property}, ids)
		req.DocumentsChecked = len(ids)
	} else {
		req.Hits, err = a.search(ctx, index.Query{Text: q, TopK: askTopK, Distinct: true})
	}
	if err != nil {
		return nil, err
	}
	rec, err := a.pipeline.Run(ctx, req)
	if err != nil {
		return nil, err
	}
	docs := map[string]bool{}
	for _, cite := range rec.Result.Citations {
		docs[cite.Locator.DocID] = true
	}
	return docs, nil
}

// governingLaws maps each state to the documents whose governing-law
// clauses (CUAD's gold spans) name it.
func governingLaws(e *env, c *corpus) (map[string]map[string]bool, error) {
	qs, err := readQueries(filepath.Join(filepath.Dir(c.files[c.names[0]]), "..", "queries.jsonl"))
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]bool{}
	for _, q := range qs {
		if q.Category != "Governing Law" {
			continue
		}
		for _, g := range q.Gold {
			clause := evidence.Slice(c.texts[g.Doc], g.Start, g.End)
			for _, state := range acrossStates {
				if strings.Contains(clause, state) {
					if out[state] == nil {
						out[state] = map[string]bool{}
					}
					id, err := e.docID(g.Doc)
					if err != nil {
						return nil, err
					}
					out[state][id] = true
				}
			}
		}
	}
	return out, nil
}

// search is the library's search as the app runs it (env.search).
func (a asker) search(ctx context.Context, q index.Query) ([]evidence.Hit, error) {
	return a.env.search(ctx, q)
}

// explain is what -dump prints under a wrong outcome: the support
// judgement, then each hit with its document (the named one or another),
// whether it overlaps a gold span, and its opening.
func (a asker) explain(ctx context.Context, k askCase, hits []evidence.Hit, gold []goldSpan) string {
	s := generation.JudgeSupport(ctx, k.query, hits, a.pipeline.Rarity)
	var b strings.Builder
	fmt.Fprintf(&b, "  support: coverage %.2f key %v missing %v unknown %v named %t\n", s.Coverage, s.KeyTerms, s.Missing, s.Unknown, len(s.NamedDocIDs) > 0)
	for _, h := range hits {
		where := "other"
		if a.docNames[h.Chunk.DocID] == k.doc {
			where = "named"
		}
		if overlapsAny(h.Chunk, gold) {
			where += "+gold"
		}
		fmt.Fprintf(&b, "  [%d] %-10s %.2f %s\n", h.Rank, where, h.Score, oneLine(h.Chunk.Text))
	}
	return b.String()
}
