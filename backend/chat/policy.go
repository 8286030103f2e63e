package chat

import (
	"encoding/json"
	"time"

	"lexflow/backend/dsl"
)

// Defaults of an app's conversation settings (DSL: app.ask_user.ttl_hours
// and max_asks; app.history.max_tokens).
const (
	DefaultAskUserTTL    = 24 * time.Hour
	DefaultMaxAsks       = 3
	DefaultHistoryTokens = 4000
)

// wordsPerToken turns a token budget into words, the unit history is
// counted in: English prose runs about 0.75 words per token, and a local
// model's tokenizer is not at hand.
const wordsPerToken = 0.75

// appPolicy is how an app's conversations behave.
type appPolicy struct {
	ask          askPolicy
	historyWords int // the earlier turns a run gets as context, at most
}

// askPolicy is how long a clarifying question waits and how often a flow may ask in a row.
type askPolicy struct {
	TTL     time.Duration
	MaxAsks int
}

// policyOf reads an app's settings from its DSL, with the defaults for
// what it leaves out or gets wrong.
func policyOf(app *dsl.App) appPolicy {
	p := appPolicy{
		ask:          askPolicy{TTL: DefaultAskUserTTL, MaxAsks: DefaultMaxAsks},
		historyWords: int(DefaultHistoryTokens * wordsPerToken),
	}
	var ask struct {
		TTLHours float64 `json:"ttl_hours"`
		MaxAsks  int     `json:"max_asks"`
	}
	if raw, ok := app.App.Extra["ask_user"]; ok && json.Unmarshal(raw, &ask) == nil {
		if ask.TTLHours > 0 {
			p.ask.TTL = time.Duration(ask.TTLHours * float64(time.Hour))
		}
		if ask.MaxAsks > 0 {
			p.ask.MaxAsks = ask.MaxAsks
		}
	}
	var history struct {
		MaxTokens *int `json:"max_tokens"`
	}
	if raw, ok := app.App.Extra["history"]; ok && json.Unmarshal(raw, &history) == nil && history.MaxTokens != nil && *history.MaxTokens >= 0 {
		p.historyWords = int(float64(*history.MaxTokens) * wordsPerToken)
	}
	return p
}
