package llmtest

import (
	"strings"
	"time"

	"lexflow/backend/internal/sentence"
	"lexflow/backend/llm/extractive"
)

// Demo model names served by InstallDemo.
const (
	DemoChat     = "fake-chat"
	DemoReasoner = "fake-reasoner"
	DemoTools    = "fake-tools"
	DemoCite     = "fake-cite"
	DemoSloppy   = "fake-sloppy"
	DemoAgent    = "fake-agent"
)

// DemoModels are the models InstallDemo serves, in the order they are listed.
var DemoModels = []string{DemoChat, DemoReasoner, DemoTools, DemoCite, DemoSloppy, DemoAgent}

// InstallDemo sets up the deterministic models the fakellm command serves for
// end-to-end tests, each streaming with delay between frames so streaming is
// visible in a browser:
//
//   - fake-chat echoes "You said: <last user message>" (JSON when asked);
//   - fake-reasoner streams reasoning first, then the same echo;
//   - fake-cite answers cited-answer prompts (evidence blocks then
//     "Question:") as the pipeline asks, in JSON, after a line of
//     reasoning: the first sentence of four words or more of evidence
//     [1], cited as [1] with a verbatim quote; with no evidence it returns an empty answer;
//   - fake-sloppy answers cited-answer prompts the way a careless model
//     does: one sentence cited with a true quote, one sentence with no
//     citation, and one citing [1] with a quote that is not in it, so
//     every check has something to catch;
//   - fake-tools calls the first offered tool (or "search") with
//     {"query": <last user message>}, and after a tool result answers
//     "The tool returned: <result>";
//   - fake-agent researches like an agent with the library tools: it
//     reasons, searches the library for the question, reasons again and
//     fetches the article the first passage belongs to (or reads its
//     neighbouring passages), then answers with
//     that passage's first sentence quoted and cited as [1].
func (s *Server) InstallDemo(delay time.Duration) {
	s.SetModels(DemoModels...)
	s.Respond(DemoSloppy, func(req Request) Reply {
		r := demoSloppy(req)
		r.Delay = delay
		return r
	})
	s.Respond(DemoCite, func(req Request) Reply {
		r := demoCite(req)
		r.Delay = delay
		return r
	})
	s.Respond(DemoChat, func(req Request) Reply {
		r := Echo(req)
		r.Delay = delay
		return r
	})
	s.Respond(DemoReasoner, func(req Request) Reply {
		r := Echo(req)
		r.Parts = append([]Part{Reasoning("The user wrote: " + req.LastUser() + ". I will repeat it back.")}, r.Parts...)
		r.Delay = delay
		return r
	})
	s.Respond(DemoTools, func(req Request) Reply {
		r := demoTools(req)
		r.Delay = delay
		return r
	})
	s.Respond(DemoAgent, func(req Request) Reply {
		r := demoAgent(req)
		r.Delay = delay
		return r
	})
}

func demoTools(req Request) Reply {
	if last := req.Last(); last.Role == "tool" {
		return Text("The tool returned: " + strings.TrimSpace(last.Content))
	}
	name := "search"
	if len(req.Tools) > 0 {
		name = req.Tools[0]
	}
	return Reply{Parts: []Part{Tool(name, map[string]string{"query": req.LastUser()})}}
}

// citedReply answers a cited-answer prompt from its first evidence block:
// answer(cite, block, quote) returns the answer text and its citations,
// where quote is the block's first real sentence and cite makes a citation
// in the shape the request asks. Without evidence it answers "", and under
// a schema says the evidence does not answer.
func citedReply(req Request, answer func(cite citeFunc, b extractive.Block, quote string) (string, []any)) (string, extractive.Block, bool) {
	blocks, _ := extractive.Parse(req.LastUser())
	if len(blocks) == 0 {
		return answerJSON(req, false, "", []any{}), extractive.Block{}, false
	}
	text, citations := answer(citer(req), blocks[0], firstSentence(blocks[0].Text))
	return answerJSON(req, true, text, citations), blocks[0], true
}

// citeFunc makes one citation of a block with a quote.
type citeFunc func(b extractive.Block, quote string) map[string]any

// citer cites by node id and rank, or under a schema by rank alone, the
// way the cited-answer schema allows (a conforming server could send no
// other key).
func citer(req Request) citeFunc {
	return func(b extractive.Block, quote string) map[string]any {
		if len(req.Schema) > 0 {
			return map[string]any{"rank": b.Rank, "quote": quote}
		}
		return map[string]any{"node_id": b.ID, "rank": b.Rank, "quote": quote}
	}
}

// demoCite answers with the first sentence of evidence [1], quoted.
func demoCite(req Request) Reply {
	content, first, ok := citedReply(req, func(cite citeFunc, b extractive.Block, quote string) (string, []any) {
		return strings.TrimRight(quote, ".;: ") + " [1].", []any{cite(b, quote)}
	})
	if !ok {
		return Text(content)
	}
	return Reply{Parts: []Part{Reasoning("Evidence [1] (" + first.Locator + ") speaks to the question."), Content(content)}}
}

// demoSloppy answers with one good, one uncited and one misquoted sentence.
func demoSloppy(req Request) Reply {
	content, _, _ := citedReply(req, func(cite citeFunc, b extractive.Block, quote string) (string, []any) {
		return strings.TrimRight(quote, ".;: ") + " [1]. Courts always decide such questions in favour of the weaker party. " +
				"The rule was repealed last year [1].",
			[]any{cite(b, quote), cite(b, "this provision was repealed with effect from last year")}
	})
	return Text(content)
}

// firstSentence is the first sentence of at least four words that ends as
// a sentence does, at most 300 characters: a plausible model quotes a
// provision, not a heading ("§ 4.", "48 Contracts covered by this
// Chapter"). Without one, the first line of four words or more.
func firstSentence(text string) string {
	out := strings.Join(strings.Fields(text), " ")
	found := false
	for _, s := range sentence.Split(text) {
		s = strings.Join(strings.Fields(s), " ")
		if len(strings.Fields(s)) < 4 {
			continue
		}
		if !found {
			out, found = s, true
		}
		if strings.ContainsAny(s[len(s)-1:], ".;:!?") {
			out = s
			break
		}
	}
	if r := []rune(out); len(r) > 300 {
		out = string(r[:300])
	}
	return out
}
