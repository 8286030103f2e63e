package generation

import (
	"encoding/json"
	"strconv"
	"strings"

	"lexflow/backend/evidence"
)

// The extractive answerer picks the best sentences wherever they are, so an
// answer may quote two contracts side by side ("90 days … 15 days …") and
// read as one document's rule. Its sentences are therefore grouped under
// the title of the document each comes from when they come from more than
// one: every sentence names its document.

// extractiveReply is the extractive answerer's reply: each sentence of the
// answer is one citation's quote followed by its marker.
type extractiveReply struct {
	Answer    string `json:"answer"`
	Citations []struct {
		NodeID string `json:"node_id"`
		Rank   int    `json:"rank"`
		Quote  string `json:"quote"`
	} `json:"citations"`
}

// byDocumentTitle rewrites an extractive reply whose sentences come from
// several documents as one paragraph per document, led by its title; any
// other reply is returned as it is.
func byDocumentTitle(raw string, hits []evidence.Hit) string {
	var r extractiveReply
	if json.Unmarshal([]byte(raw), &r) != nil || len(r.Citations) < 2 {
		return raw
	}
	byRank := map[int]evidence.Hit{}
	for _, h := range hits {
		byRank[h.Rank] = h
	}
	var order []string
	paragraphs := map[string][]string{}
	titles := map[string]string{}
	for _, c := range r.Citations {
		h, ok := byRank[c.Rank]
		if !ok || c.Quote == "" {
			return raw
		}
		doc := h.Chunk.DocID
		if _, seen := paragraphs[doc]; !seen {
			order = append(order, doc)
			titles[doc] = h.Chunk.Locator.Document()
		}
		paragraphs[doc] = append(paragraphs[doc], c.Quote+" ["+strconv.Itoa(c.Rank)+"]")
	}
	if len(order) < 2 {
		return raw
	}
	parts := make([]string, len(order))
	for i, doc := range order {
		parts[i] = titles[doc] + ": " + strings.Join(paragraphs[doc], " ")
	}
	r.Answer = strings.Join(parts, "\n\n")
	out, err := json.Marshal(r)
	if err != nil {
		return raw
	}
	return string(out)
}
