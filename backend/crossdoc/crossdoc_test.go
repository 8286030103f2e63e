package crossdoc

import "testing"

func TestAsks(t *testing.T) {
	for q, want := range map[string]string{
		"Which contracts are governed by New York law?":              "are governed by New York law?",
		"Which of my agreements contain a non-compete clause?":       "contain a non-compete clause?",
		"In which leases may the tenant sublet?":                     "may the tenant sublet?",
		"Do any of the contracts allow termination for convenience?": "allow termination for convenience?",
		"Are there any agreements that cap liability?":               "cap liability?",
		"List all the contracts with an audit right":                 "an audit right",
		"How many contracts renew automatically?":                    "renew automatically?",
		"哪些合同约定了违约金？":                                                "约定了违约金？",
	} {
		got, ok := Asks(q)
		if !ok || got != want {
			t.Errorf("Asks(%q) = %q, %v; want %q", q, got, ok, want)
		}
	}
	for _, q := range []string{
		"What is the notice period in the distributor agreement?",
		"Which law governs the services agreement?",
		"Is there a cap on liability in this contract?",
		"What contracts does the Federal Arbitration Act cover?",
	} {
		if got, ok := Asks(q); ok {
			t.Errorf("Asks(%q) = %q: a question about one document's text, not across documents", q, got)
		}
	}
}
