package llmtest

import (
	"regexp"
	"slices"
	"strings"

	"lexflow/backend/llm/extractive"
)

// articleLabel finds "Article 12", "Section 4.2", "§ 5" or "Clause 3" in a locator.
var articleLabel = regexp.MustCompile(`(?i)\b(article|section|clause)\s+[0-9]+(\.[0-9]+)*|§\s*[0-9]+`)

// demoAgent is fake-agent's reply to the request's round: search, then
// fetch the first passage's article (or, when its locator names none, read
// its neighbouring passages), then answer from the first passage; asked
// after that for the answer again, without tools, it gives the same answer
// in JSON.
func demoAgent(req Request) Reply {
	var results []string
	for _, m := range req.Messages {
		if m.Role == "tool" {
			results = append(results, m.Content)
		}
	}
	if len(results) > 0 && len(req.Tools) == 0 && req.Last().Role == "user" {
		return agentAnswerAgain(req, results[0])
	}
	if !slices.Contains(req.Tools, "search_collection") && req.Last().Role != "tool" {
		return Echo(req)
	}
	if len(results) == 0 {
		return Reply{Parts: []Part{
			Reasoning("The question is about the user's own documents, so I will search the library first."),
			Tool("search_collection", map[string]string{"query": req.LastUser()}),
		}}
	}
	blocks, _ := extractive.Parse(results[0])
	if len(blocks) == 0 {
		return Text("I searched your library and found no passage about this question, so I cannot answer it from your documents.")
	}
	first := blocks[0]
	if len(results) == 1 {
		why := Reasoning("Passage [1] comes from " + first.Locator + ". I will read the whole provision before answering.")
		if label := articleLabel.FindString(first.Locator); label != "" {
			return Reply{Parts: []Part{why, Tool("fetch_article", map[string]string{"article": label})}}
		}
		return Reply{Parts: []Part{why, Tool("neighbour_chunks", map[string]string{"chunk_id": first.ID})}}
	}
	quote := strings.TrimRight(firstSentence(first.Text), ".;: ")
	return Reply{Parts: []Part{
		Reasoning("The provision answers the question; I will quote it."),
		Content("The provision says: \"" + quote + "\" [1]."),
	}}
}

// agentAnswerAgain is fake-agent's final answer as the prompt asks it, in
// JSON whatever format the server was asked for: the first sentence of the
// first passage its search returned, quoted and cited, or the refusal when
// the search found none.
func agentAnswerAgain(req Request, firstResult string) Reply {
	blocks, _ := extractive.Parse(firstResult)
	if len(blocks) == 0 {
		return Text(answerJSON(req, false, "", []any{}))
	}
	quote := firstSentence(blocks[0].Text)
	answer := "The provision says: \"" + strings.TrimRight(quote, ".;: ") + "\" [1]."
	return Reply{Parts: []Part{Reasoning("I will give the answer in the format asked."),
		Content(answerJSON(req, true, answer, []any{citer(req)(blocks[0], quote)}))}}
}
