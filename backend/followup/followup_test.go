package followup

import "testing"

func TestStandalone(t *testing.T) {
	earlier := []string{"What is the governing law of the services agreement?", "What is the notice period for termination in the distributor agreement?"}
	for _, c := range []struct {
		question, want string
		carried        bool
	}{
		{"and what about the other agreements?", earlier[1] + " and what about the other agreements?", true},
		{"Does it allow termination for convenience?", earlier[1] + " Does it allow termination for convenience?", true},
		{"Why?", earlier[1] + " Why?", true},
		{"What does the Consumer Rights Act say about digital content?", "What does the Consumer Rights Act say about digital content?", false},
		{"Which court hears a dispute about a term that is unfair?", "Which court hears a dispute about a term that is unfair?", false},
		{"And when are wages paid?", "And when are wages paid?", false},
		{"And for consumers?", earlier[1] + " And for consumers?", true},
		{"And during annual leave?", earlier[1] + " And during annual leave?", true},
		{"How many witnesses?", earlier[1] + " How many witnesses?", true},
		{"xylophone quantum chromodynamics", "xylophone quantum chromodynamics", false},
		{"它适用于个体工商户吗？", earlier[1] + " 它适用于个体工商户吗？", true},
	} {
		got, carried := Standalone(earlier, c.question)
		if got != c.want || carried != c.carried {
			t.Errorf("Standalone(%q) = %q, %v; want %q, %v", c.question, got, carried, c.want, c.carried)
		}
	}
}

// A chain of follow-ups carries the question that set the subject, but no
// more than carryDepth questions in all.
func TestStandaloneCarriesAChainOfFollowUps(t *testing.T) {
	earlier := []string{"Who pays the costs of arbitration?", "What is the liability cap in the services agreement?", "Does it cover data loss?"}
	got, _ := Standalone(earlier, "And fraud?")
	if want := "What is the liability cap in the services agreement? Does it cover data loss? And fraud?"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, carried := Standalone(nil, "Does it cover data loss?"); carried || got != "Does it cover data loss?" {
		t.Errorf("the first question carried something: %q", got)
	}
}
