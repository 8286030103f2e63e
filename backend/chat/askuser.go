package chat

import (
	"context"
	"sync"
	"time"

	"lexflow/backend/engine"
	"lexflow/backend/nodes"
	"lexflow/backend/store"
)

// askWatch notes whether a run ended by asking the user (an ask-user node succeeded).
type askWatch struct {
	mu               sync.Mutex
	question, intent string
}

func (w *askWatch) Observe(ev engine.Event) {
	if ev.Kind != engine.NodeRunSucceeded || ev.NodeType != nodes.TypeAskUser {
		return
	}
	if flag, _ := ev.Outputs[nodes.AskUserFlag].Any().(bool); !flag {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.question, w.intent = ev.Outputs["question"].Text(), ev.Outputs["intent"].Text()
}

func (w *askWatch) asked() (question, intent string, ok bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.question, w.intent, w.question != ""
}

// pending is the clarifying question a turn answers, if any.
type pending struct {
	state  store.AskUserState
	ok     bool
	policy askPolicy
}

// settle records how a succeeded turn ended: a new clarifying question
// becomes the conversation's pending state (restoring the original query
// and counting the asks); an answer clears it. A flow that keeps asking past
// its cap is let go: the next message is a new question.
func (s *Service) settle(ctx context.Context, ai store.Message, question string, p pending, w *askWatch) error {
	asked, intent, ok := w.asked()
	if !ok {
		return s.db.ClearAskUser(ctx, ai.ConversationID)
	}
	st := store.AskUserState{ConversationID: ai.ConversationID, MessageID: ai.ID, PendingIntent: intent,
		OriginalQuery: question, Question: asked, AskUserCount: 1, ExpiresAt: s.now().Add(p.policy.TTL)}
	if p.ok {
		st.OriginalQuery, st.AskUserCount = p.state.OriginalQuery, p.state.AskUserCount+1
	}
	if st.AskUserCount > p.policy.MaxAsks {
		return s.db.ClearAskUser(ctx, ai.ConversationID)
	}
	return s.db.SaveAskUser(ctx, st)
}

// Sweep deletes expired clarifying questions; they are ignored when read anyway.
func (s *Service) Sweep(ctx context.Context) (int, error) { return s.db.SweepAskUser(ctx, s.now()) }

// SweepEvery sweeps expired state until ctx ends.
func (s *Service) SweepEvery(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_, _ = s.Sweep(ctx)
		}
	}
}
