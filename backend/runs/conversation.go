package runs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/store"
)

// keptVariable is one conversation variable as stored between turns: its
// type is kept so that a value from before the app changed it is ignored.
type keptVariable struct {
	Type  engine.Type     `json:"type"`
	Value json.RawMessage `json:"value"`
}

// conversationVariables reads what the conversation's last turn left in the
// variables the app declares with the same type.
func conversationVariables(ctx context.Context, db *store.DB, conversationID string, app *dsl.App) (map[string]any, error) {
	if conversationID == "" || len(app.Workflow.ConversationVariables) == 0 {
		return nil, nil
	}
	text, err := db.ConversationVariables(ctx, conversationID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil // a conversation not stored here starts from the declared values
	}
	if err != nil {
		return nil, err
	}
	var kept map[string]keptVariable
	if err := json.Unmarshal([]byte(text), &kept); err != nil {
		return nil, fmt.Errorf("read conversation variables: %w", err)
	}
	out := map[string]any{}
	for _, v := range app.Workflow.ConversationVariables {
		k, ok := kept[v.Name]
		declared, err := engine.ParseType(string(v.ValueType))
		var x any
		if ok && err == nil && k.Type.AssignableTo(declared) && json.Unmarshal(k.Value, &x) == nil {
			out[v.Name] = x
		}
	}
	return out, nil
}

// keepConversationVariables is an observer step: on the run's terminal
// event it stores the conversation variables the run left, before the
// recorder marks the run finished, so the next turn reads them.
func keepConversationVariables(db *store.DB, conversationID string, ev engine.Event) error {
	if conversationID == "" || !ev.Kind.IsTerminal() || ev.Conversation == nil {
		return nil
	}
	kept := make(map[string]keptVariable, len(ev.Conversation))
	for name, v := range ev.Conversation {
		raw, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("keep conversation variable %s: %w", name, err)
		}
		kept[name] = keptVariable{Type: v.Type(), Value: raw}
	}
	text, err := json.Marshal(kept)
	if err != nil {
		return fmt.Errorf("keep conversation variables: %w", err)
	}
	return db.SetConversationVariables(context.Background(), conversationID, string(text))
}
