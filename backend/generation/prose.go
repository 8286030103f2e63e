package generation

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"lexflow/backend/evidence"
	"lexflow/backend/internal/sentence"
)

// AgentPromptName names the records of agent answers: their snapshot is the
// agent's whole conversation with its tools, which cannot be replayed as one
// model call.
const AgentPromptName = "agent"

// CheckProse checks an answer written as prose with [n] markers, such as an
// agent's: there is no JSON and no citation list, so the markers say what is
// cited, and a phrase the answer puts in double quotes in a sentence that
// cites evidence is a quote, checked verbatim against the first evidence
// that sentence cites. Hits' ranks are the markers' numbers.
func CheckProse(text string, hits []evidence.Hit, opts Options) Result {
	c := newChecker(hits, opts)
	text = strings.TrimSpace(strings.ToValidUTF8(text, "\uFFFD"))
	if text == "" {
		c.failFatal(CheckSchema, "the answer is empty")
		return c.result("", StatusFailed)
	}
	return c.check(text, true)
}

// quotedPhrase matches text in straight, curly or angle double quotes.
var quotedPhrase = regexp.MustCompile(`"([^"\n]+)"|“([^”\n]+)”|«([^»\n]+)»`)

// inlineQuotes attaches the quotes of each citing sentence to the first
// evidence it cites. Quoted words shorter than a quote can be ("notice")
// are emphasis, not quotes, and are left alone.
func (c *checker) inlineQuotes(answer string) {
	for _, sp := range splitClaims(answer) {
		if len(sp.markers) == 0 {
			continue
		}
		cit, ok := c.cited[sp.markers[0]]
		if !ok {
			continue
		}
		for _, m := range quotedPhrase.FindAllStringSubmatch(answer[sp.start:sp.end], -1) {
			q := strings.TrimSpace(m[1] + m[2] + m[3])
			if sentence.Words(q) >= minQuoteWords {
				cit.Quotes = append(cit.Quotes, Quote{Text: q})
			}
		}
	}
}

// Answered is an answer a model wrote elsewhere (an agent, from the
// evidence its tools returned), to be checked and recorded like a cited answer.
type Answered struct {
	Query string
	// Hits are the evidence the answer may cite; Rank is its marker.
	Hits       []evidence.Hit
	Parameters map[string]any
	Snapshot   Snapshot
	Model      Model
	Params     Params
	Raw        Raw
	Uncited    UncitedPolicy
	RunID      string
	NodeID     string
}

// Verify checks an answer written elsewhere (CheckProse) and stores the
// record, so it is audited like every cited answer.
func (p *Pipeline) Verify(ctx context.Context, a Answered) (Record, error) {
	start := time.Now()
	rec := Record{RunID: a.RunID, NodeID: a.NodeID, TraceID: newID(), RequestID: newID(),
		Retrieval: Retrieval{Query: a.Query, Parameters: a.Parameters, Hits: a.Hits}, Snapshot: a.Snapshot, Raw: a.Raw,
		Provider: providerSnapshot(a.Model, a.Params)}
	rec.Result = CheckProse(a.Raw.Text, a.Hits, p.optionsFor(a))
	rec.Timing = Timing{LLMMs: ms(a.Raw.Latency), PostprocessMs: ms(time.Since(start))}
	rec.Timing.TotalMs = rec.Timing.LLMMs + rec.Timing.PostprocessMs
	return p.save(ctx, rec, nil)
}

func refuseAgentReplay(orig Record) error {
	if orig.Snapshot.PromptName == AgentPromptName {
		return fmt.Errorf("replay %s: an agent's answer came from several model calls and tool results; run the app again instead", orig.ID)
	}
	return nil
}
