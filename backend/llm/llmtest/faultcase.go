package llmtest

import (
	"cmp"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"lexflow/backend/llm"
)

// EchoQuestion is the question fault cases ask: unscripted, the server
// streams "You ", "said: ", "a ", "b ", "c" (plus the protocol's own frames:
// OpenAI's role chunk first, its finish and usage chunks and [DONE] last,
// Ollama's done chunk), so that a fault after n frames leaves a known
// partial reply.
const EchoQuestion = "a b c"

// FaultCase is one way a chat call fails and the error it must give.
type FaultCase struct {
	Name string
	// Fault and Delay make the server echo with that fault and a delay
	// before each frame (see Echoing), when either is set.
	Fault Fault
	Delay time.Duration
	// Setup scripts the server further.
	Setup func(*Server)
	// URL replaces the target's URL for the server, e.g. to reach a closed one.
	URL   func(*Server) string
	Model string // the model asked for; "m" when empty
	Edit  func(*llm.Config)
	// Ctx replaces the background context of the call.
	Ctx func() (context.Context, context.CancelFunc)

	Kind        error  // the sentinel the error must wrap
	Contains    string // a part of its text
	Status      int    // its HTTP status, zero when there was none
	Partial     string // the content returned along with it
	MaxDuration time.Duration
}

// RunFaults runs each case against a fresh server and checks that the call
// fails with an *llm.Error of the case's kind, text and status, naming the
// target's kind as its provider, and returns the partial content.
func (tg Target[P]) RunFaults(t *testing.T, cases []FaultCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) { tg.runFault(t, tc) })
	}
}

func (tg Target[P]) runFault(t *testing.T, tc FaultCase) {
	srv := New(t)
	url := tc.setup(srv, tg.URL)
	ctx, cancel := context.WithCancel(context.Background())
	if tc.Ctx != nil {
		ctx, cancel = tc.Ctx()
	}
	defer cancel()
	p := tg.Provider(t, url, func(c *llm.Config) {
		if tc.Edit != nil {
			tc.Edit(c)
		}
	})
	start := time.Now()
	_, resp, err := Chat(t, ctx, p, Ask(cmp.Or(tc.Model, "m"), EchoQuestion))
	t.Logf("error: %v", err)
	tg.checkError(t, err, tc)
	if resp.Content != tc.Partial {
		t.Errorf("partial content = %q, want %q", resp.Content, tc.Partial)
	}
	if tc.MaxDuration > 0 && time.Since(start) > tc.MaxDuration {
		t.Errorf("took %v", time.Since(start))
	}
}

// setup scripts srv for the case and returns the base URL to call.
func (tc FaultCase) setup(srv *Server, url func(*Server) string) string {
	if tc.Fault != (Fault{}) || tc.Delay > 0 {
		srv.Respond("", Echoing(tc.Delay, tc.Fault))
	}
	if tc.Setup != nil {
		tc.Setup(srv)
	}
	if tc.URL != nil {
		return tc.URL(srv)
	}
	return url(srv)
}

func (tg Target[P]) checkError(t *testing.T, err error, tc FaultCase) {
	t.Helper()
	var e *llm.Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v (%T), want *llm.Error", err, err)
	}
	if !errors.Is(err, tc.Kind) {
		t.Fatalf("kind = %v, want %v: %v", e.Kind, tc.Kind, err)
	}
	if !strings.Contains(err.Error(), tc.Contains) {
		t.Errorf("error %q does not mention %q", err, tc.Contains)
	}
	if e.Status != tc.Status {
		t.Errorf("status = %d, want %d", e.Status, tc.Status)
	}
	if e.Provider != string(tg.Kind) {
		t.Errorf("provider = %q, want %q", e.Provider, tg.Kind)
	}
}
