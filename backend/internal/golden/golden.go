// Package golden checks and rewrites the expected event lists of workflow
// fixtures (the engine's and the node types'): each run's events described as
// one string each, compared exactly, by presence, or by order.
package golden

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"gopkg.in/yaml.v3"
)

// Events is what a fixture expects of a run's described events.
type Events struct {
	Events   []string    // the exact list, when set
	Contains []string    // events that must appear
	Before   [][2]string // pairs that must appear in this order
}

// Check compares the described events of a run with the expectation.
func (want Events) Check(t testing.TB, got []string) {
	t.Helper()
	if want.Events != nil {
		if d := cmp.Diff(want.Events, got); d != "" {
			t.Errorf("events (-want +got):\n%s\ngot:\n  - %s", d, strings.Join(quoteAll(got), "\n  - "))
		}
	}
	for _, c := range want.Contains {
		if !slices.Contains(got, c) {
			t.Errorf("no event %q in:\n%s", c, strings.Join(got, "\n"))
		}
	}
	for _, pair := range want.Before {
		a, b := slices.Index(got, pair[0]), slices.Index(got, pair[1])
		if a < 0 || b < 0 || a > b {
			t.Errorf("want %q (at %d) before %q (at %d) in:\n%s", pair[0], a, pair[1], b, strings.Join(got, "\n"))
		}
	}
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}

// Rewrite replaces the "events" list of an expect file with events, keeping
// the rest of the file (and its comments) as written.
func Rewrite(t testing.TB, path string, events []string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	root := doc.Content[0]
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "events" {
			seq := &yaml.Node{Kind: yaml.SequenceNode}
			for _, e := range events {
				seq.Content = append(seq.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: e})
			}
			root.Content[i+1] = seq
		}
	}
	var buf strings.Builder
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(buf.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
