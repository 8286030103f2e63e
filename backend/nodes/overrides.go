package nodes

import "lexflow/backend/engine"

// Overrides are a run's choices that stand in for what node data says
// (engine.RunInput.Overrides), so that a chat turn runs the app as stored:
// the model of the answering nodes (LLM, Cited answer, Agent), and what
// Knowledge retrieval and the Agent's library tools search. Zero fields
// leave each node its own.
type Overrides struct {
	Model       ModelRef
	Collections []string
	Documents   []string // when set, exactly these documents, whatever the collections
}

func overridesOf(in engine.NodeInput) Overrides {
	o, _ := in.Overrides.(Overrides)
	return o
}

// model is the chosen model, else the node's own.
func (o Overrides) model(own ModelRef) ModelRef {
	if o.Model == (ModelRef{}) {
		return own
	}
	return o.Model
}

// scope is what to search: the chosen documents, else the chosen
// collections (with the node's documents), else the node's own.
func (o Overrides) scope(colls, docs []string) ([]string, []string) {
	switch {
	case len(o.Documents) > 0:
		return nil, o.Documents
	case len(o.Collections) > 0:
		return o.Collections, docs
	}
	return colls, docs
}

// searches reports whether the overrides change what is searched.
func (o Overrides) searches() bool { return len(o.Documents) > 0 || len(o.Collections) > 0 }
