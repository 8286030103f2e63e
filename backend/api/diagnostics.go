package api

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"
)

// DiagnosticsService proves that event streams reach the UI in the face it runs
// in: it publishes numbered events, and collects the UI's report of them.
type DiagnosticsService struct {
	hub      *Hub
	selfTest int
	drop     string // the collection the drop check opens; "" for none
	counter  atomic.Int64
	results  chan SelfTestResult
	stages   chan string
}

func newDiagnostics(hub *Hub, selfTest int, drop string) *DiagnosticsService {
	return &DiagnosticsService{hub: hub, selfTest: selfTest, drop: drop,
		results: make(chan SelfTestResult, 1), stages: make(chan string, 8)}
}

// EventCheck publishes req.Count "tick" events and a "done" on a new topic,
// spaced a little so they arrive as a stream rather than one burst.
func (d *DiagnosticsService) EventCheck(ctx context.Context, req EventCheckRequest) (StreamRef, error) {
	if req.Count < 1 || req.Count > 10000 {
		return StreamRef{}, invalid("count", "count must be between 1 and 10000")
	}
	topic := fmt.Sprintf("diagnostics:%d", d.counter.Add(1))
	go func() {
		// Give the client a moment to subscribe; it would replay anyway.
		for n := 1; n <= req.Count; n++ {
			time.Sleep(2 * time.Millisecond)
			d.hub.Publish(topic, "tick", EventCheckTick{N: n, Count: req.Count})
		}
		d.hub.Publish(topic, "done", nil)
	}()
	return StreamRef{Topic: topic}, nil
}

// SelfTest tells the UI whether to run the event check at start.
func (d *DiagnosticsService) SelfTest(ctx context.Context) (SelfTest, error) {
	return SelfTest{Enabled: d.selfTest > 0, Count: d.selfTest, DropCollection: d.drop}, nil
}

// ReportSelfTestStage receives a step the UI's self-test reached; a step
// nobody reads in time is dropped (it is progress, not the verdict).
func (d *DiagnosticsService) ReportSelfTestStage(ctx context.Context, s SelfTestStage) error {
	if s.Stage == "" {
		return invalid("stage", "name the stage")
	}
	select {
	case d.stages <- s.Stage:
	default:
	}
	return nil
}

// Stages delivers the steps the UI's self-test reports.
func (d *DiagnosticsService) Stages() <-chan string { return d.stages }

// ReportSelfTest receives the UI's result; the first one is kept for Results.
func (d *DiagnosticsService) ReportSelfTest(ctx context.Context, r SelfTestResult) error {
	select {
	case d.results <- r:
	default:
	}
	return nil
}

// Results delivers the UI's self-test report.
func (d *DiagnosticsService) Results() <-chan SelfTestResult { return d.results }

// Passed reports whether a self-test result shows every event, in order.
func (d *DiagnosticsService) Passed(r SelfTestResult) bool {
	events := r.Error == "" && r.InOrder && r.Received == d.selfTest
	return events && (d.drop == "" || r.DropError == "" && len(r.Dropped) > 0)
}
