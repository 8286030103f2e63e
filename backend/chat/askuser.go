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

// PreviewIdle is how long a Studio preview's conversation is kept after its
// last message. The editor deletes it when done with it; this catches the
// previews of pages that were reloaded or closed.
const PreviewIdle = 24 * time.Hour

// Sweep deletes expired clarifying questions (they are ignored when read
// anyway) and preview conversations left alone for PreviewIdle. It says how
// many of each it deleted.
func (s *Service) Sweep(ctx context.Context) (asks, previews int, err error) {
	now := s.now()
	asks, err = s.db.SweepAskUser(ctx, now)
	if err != nil {
		return asks, 0, err
	}
	previews, err = s.db.SweepPreviews(ctx, now.Add(-PreviewIdle))
	return asks, previews, err
}

// SweepEvery sweeps now, then every so often until ctx ends.
func (s *Service) SweepEvery(ctx context.Context, every time.Duration) {
	_, _, _ = s.Sweep(ctx)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_, _, _ = s.Sweep(ctx)
		}
	}
}
