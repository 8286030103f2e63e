package api

import (
	"context"
	"testing"
)

// The verdict counts the drop check only when one was asked for, and then
// needs at least one dropped file ready and no error.
func TestSelfTestVerdictCoversTheDropCheck(t *testing.T) {
	events := SelfTestResult{Received: 5, InOrder: true, Transport: "wails-events"}
	withDrop := func(dropped []string, dropErr string) SelfTestResult {
		r := events
		r.Dropped, r.DropError = dropped, dropErr
		return r
	}
	plain := newDiagnostics(nil, 5, "")
	if !plain.Passed(events) {
		t.Error("an event check alone should pass without a drop check")
	}
	drop := newDiagnostics(nil, 5, "Dropped files")
	if st, _ := drop.SelfTest(context.Background()); st.DropCollection != "Dropped files" {
		t.Errorf("self-test asks for %+v, want the drop collection named", st)
	}
	for name, c := range map[string]struct {
		r    SelfTestResult
		pass bool
	}{
		"files ready":         {withDrop([]string{"act.pdf"}, ""), true},
		"nothing dropped":     {withDrop(nil, "no files were dropped onto the window"), false},
		"one failed":          {withDrop([]string{"act.pdf"}, "bad.pdf: no text layer"), false},
		"events out of order": {func() SelfTestResult { r := withDrop([]string{"act.pdf"}, ""); r.InOrder = false; return r }(), false},
	} {
		if got := drop.Passed(c.r); got != c.pass {
			t.Errorf("%s: passed = %v, want %v", name, got, c.pass)
		}
	}
}

func TestSelfTestStagesAreDeliveredAndNeverBlock(t *testing.T) {
	d := newDiagnostics(nil, 5, "x")
	if err := d.ReportSelfTestStage(context.Background(), SelfTestStage{}); err == nil {
		t.Error("an unnamed stage should be refused")
	}
	for range 20 { // more than the buffer holds: the extra ones are dropped, not waited on
		if err := d.ReportSelfTestStage(context.Background(), SelfTestStage{Stage: "drop-ready"}); err != nil {
			t.Fatal(err)
		}
	}
	if got := <-d.Stages(); got != "drop-ready" {
		t.Errorf("stage = %q", got)
	}
}
