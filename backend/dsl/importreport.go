package dsl

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Outcome is what became of one node in an import.
type Outcome string

const (
	OutcomeMapped      Outcome = "mapped"      // carried over as it was
	OutcomeChanged     Outcome = "changed"     // carried over with a change; Details say what changed
	OutcomeAttention   Outcome = "attention"   // carried over, but it cannot run until the user acts; Details say what to do
	OutcomeUnsupported Outcome = "unsupported" // Lexflow has no such node type; Details say why
)

// rank orders outcomes from best to worst: a node reports its worst.
func (o Outcome) rank() int {
	return slices.Index([]Outcome{OutcomeMapped, OutcomeChanged, OutcomeAttention, OutcomeUnsupported}, o)
}

// NodeImport is one node's line of an import report.
type NodeImport struct {
	NodeID     string   `json:"nodeId"`
	Title      string   `json:"title"`
	SourceType string   `json:"sourceType"` // the type as the imported document named it
	Outcome    Outcome  `json:"outcome" ts:"'mapped' | 'changed' | 'attention' | 'unsupported'"`
	Details    []string `json:"details"`
}

// ModelMapping is one provider/model pair the document names, with the
// configured model its nodes now use.
type ModelMapping struct {
	From    string   `json:"from"` // "provider/model" as the document names it
	To      string   `json:"to"`   // "provider/model" as configured here; "" keeps From
	Why     string   `json:"why"`
	NodeIDs []string `json:"nodeIds"`
}

// DatasetMapping is one dataset id the document's nodes search (a Dify
// dataset, or a collection of the library the document came from), with
// the collection here they now search.
type DatasetMapping struct {
	From       string   `json:"from"`       // the id as the document names it
	To         string   `json:"to"`         // a collection id here; "" while none is chosen
	Collection string   `json:"collection"` // To's name, for people
	NodeIDs    []string `json:"nodeIds"`
}

// ImportReport says what an import did, node by node, and whether the app
// can run. It is kept in the app's DSL (App.Import), so a re-import of an
// export remembers which nodes were never mapped.
type ImportReport struct {
	Source        string         `json:"source"` // "lexflow" or "dify"
	SourceVersion string         `json:"sourceVersion"`
	Nodes         []NodeImport   `json:"nodes"`
	Models        []ModelMapping `json:"models"`
	// Datasets are the dataset ids the nodes search and where they now point.
	Datasets []DatasetMapping `json:"datasets"`
	// Notes are findings about the app as a whole (features, secrets, plugins).
	Notes []string `json:"notes"`
	// Runnable is whether the app compiled once imported (see Settle).
	Runnable bool `json:"runnable"`
}

// NewReport starts a report with every list present (the UI reads [] for none).
func NewReport(source, version string) *ImportReport {
	return &ImportReport{Source: source, SourceVersion: version, Nodes: []NodeImport{}, Models: []ModelMapping{}, Datasets: []DatasetMapping{}, Notes: []string{}}
}

// Count returns how many nodes had the outcome.
func (r *ImportReport) Count(o Outcome) int {
	n := 0
	for _, x := range r.Nodes {
		if x.Outcome == o {
			n++
		}
	}
	return n
}

// Node returns the report line of a node, adding one for a node not seen yet.
func (r *ImportReport) Node(id string) *NodeImport {
	for i := range r.Nodes {
		if r.Nodes[i].NodeID == id {
			return &r.Nodes[i]
		}
	}
	r.Nodes = append(r.Nodes, NodeImport{NodeID: id, Outcome: OutcomeMapped, Details: []string{}})
	return &r.Nodes[len(r.Nodes)-1]
}

// note records a finding about a node and raises its outcome to o when worse.
func (n *NodeImport) Note(o Outcome, detail string) {
	if o.rank() > n.Outcome.rank() {
		n.Outcome = o
	}
	if detail != "" && !slices.Contains(n.Details, detail) {
		n.Details = append(n.Details, detail)
	}
}

// Settle records what Compile found, as messages by node id ("" for the
// app as a whole): each message about a node that was carried over makes it
// need attention, and the app is runnable when there was none. Messages
// about the app, or about nodes not reported, go to Notes; unsupported
// nodes keep their reason.
func (r *ImportReport) Settle(problems map[string][]string) {
	r.Runnable = len(problems) == 0
	for _, id := range slices.Sorted(maps.Keys(problems)) {
		n := r.Find(id)
		for _, msg := range problems[id] {
			switch {
			case n == nil:
				if !slices.Contains(r.Notes, msg) {
					r.Notes = append(r.Notes, msg)
				}
			case n.Outcome != OutcomeUnsupported:
				n.Note(OutcomeAttention, msg)
			}
		}
	}
}

func (r *ImportReport) Find(id string) *NodeImport {
	for i := range r.Nodes {
		if r.Nodes[i].NodeID == id {
			return &r.Nodes[i]
		}
	}
	return nil
}

// Summary is one line: how many nodes came over how, and whether the app runs.
func (r *ImportReport) Summary() string {
	var parts []string
	for _, o := range []Outcome{OutcomeMapped, OutcomeChanged, OutcomeAttention, OutcomeUnsupported} {
		if n := r.Count(o); n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, o.words()))
		}
	}
	state := "the app can run"
	if !r.Runnable {
		state = "the app cannot run yet"
	}
	if len(parts) == 0 {
		return state
	}
	return strings.Join(parts, ", ") + "; " + state
}

func (o Outcome) words() string {
	switch o {
	case OutcomeChanged:
		return "mapped with a change"
	case OutcomeAttention:
		return "need attention"
	case OutcomeUnsupported:
		return "not supported"
	}
	return "mapped"
}
