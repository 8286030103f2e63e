package dsl

import "testing"

// Settle turns compile problems into "needs attention" lines and decides
// whether the app can run.
func TestSettleMarksNodesThatNeedAttention(t *testing.T) {
	rep := &ImportReport{Nodes: []NodeImport{{NodeID: "a", Outcome: OutcomeMapped}, {NodeID: "b", Outcome: OutcomeUnsupported}}}
	rep.Settle(map[string][]string{"a": {"Choose a collection."}, "b": {"Unknown step."}, "": {"Add an end step."}})
	if rep.Runnable || rep.Nodes[0].Outcome != OutcomeAttention || rep.Nodes[0].Details[0] != "Choose a collection." ||
		len(rep.Nodes[1].Details) != 0 || rep.Notes[0] != "Add an end step." {
		t.Errorf("settled: %+v", rep)
	}
	if got := rep.Summary(); got != "1 need attention, 1 not supported; the app cannot run yet" {
		t.Errorf("summary %q", got)
	}
}
