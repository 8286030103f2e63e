package llm_test

import (
	"fmt"

	"lexflow/backend/llm"
)

func ExampleThinkSplitter() {
	var s llm.ThinkSplitter
	var deltas []llm.Delta
	for _, chunk := range []string{"<thi", "nk>Check Art. 12", "</think>\n\nThirty", " days."} {
		deltas = append(deltas, s.Feed(chunk)...)
	}
	deltas = append(deltas, s.Flush()...)
	for _, d := range deltas {
		fmt.Printf("%s: %q\n", d.Kind, d.Text)
	}
	resp := llm.Accumulate(deltas)
	fmt.Printf("reasoning %q, content %q\n", resp.Reasoning, resp.Content)
	// Output:
	// reasoning: "Check Art. 12"
	// content: "Thirty"
	// content: " days."
	// reasoning "Check Art. 12", content "Thirty days."
}
