package generation

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"lexflow/backend/evidence"
)

// answerSchema is the reply the prompt's output format describes, as a JSON
// Schema a server can enforce. It keeps to what OpenAI's strict mode
// accepts (every property required, no other allowed). Properties are in
// the order a model should write them, which Ollama's grammar follows:
// first whether the evidence answers at all, then the answer, then its
// citations. %s is the list of passage numbers a citation may name.
const answerSchema = `{
  "type": "object",
  "properties": {
    "answerable": {"type": "boolean", "description": "false when the evidence does not answer the question"},
    "answer": {"type": "string", "description": "the answer; every sentence ends with its evidence numbers, like [1]; empty when answerable is false"},
    "citations": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "rank": {"type": "integer", "enum": %s, "description": "the number of the evidence cited"},
          "quote": {"type": "string", "description": "exact words copied from that evidence; may be empty"}
        },
        "required": ["rank", "quote"],
        "additionalProperties": false
      }
    }
  },
  "required": ["answerable", "answer", "citations"],
  "additionalProperties": false
}`

// AnswerSchema is the JSON Schema of a cited answer over these hits: a
// citation's rank is one of the passage numbers given, so a server that
// enforces the schema cannot let the model cite a passage that does not
// exist; "answerable": false is how the model says the evidence does not
// answer.
func AnswerSchema(hits []evidence.Hit) json.RawMessage {
	ranks := make([]int, 0, len(hits))
	for _, h := range hits {
		ranks = append(ranks, h.Rank)
	}
	slices.Sort(ranks)
	enum, _ := json.Marshal(slices.Compact(ranks)) // ints always marshal
	var b bytes.Buffer
	_ = json.Compact(&b, fmt.Appendf(nil, answerSchema, enum)) // valid JSON: pinned by a test
	return b.Bytes()
}
