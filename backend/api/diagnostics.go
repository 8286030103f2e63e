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
	counter  atomic.Int64
	results  chan SelfTestResult
}

func newDiagnostics(hub *Hub, selfTest int) *DiagnosticsService {
	return &DiagnosticsService{hub: hub, selfTest: selfTest, results: make(chan SelfTestResult, 1)}
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
	return SelfTest{Enabled: d.selfTest > 0, Count: d.selfTest}, nil
}

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
	return r.Error == "" && r.InOrder && r.Received == d.selfTest
}
