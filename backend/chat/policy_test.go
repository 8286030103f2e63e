package chat

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"lexflow/backend/nodes/dify"
	"lexflow/backend/store"
	"lexflow/examples"
)

func TestPolicyOfReadsTheAppSettings(t *testing.T) {
	def := appPolicy{ask: askPolicy{TTL: 24 * time.Hour, MaxAsks: 3}, historyWords: 3000}
	for _, tc := range []struct {
		name, app string
		want      appPolicy
	}{
		{"defaults", ``, def},
		{"ask-user", `ask_user: {ttl_hours: 0.5, max_asks: 1}`, appPolicy{ask: askPolicy{TTL: 30 * time.Minute, MaxAsks: 1}, historyWords: 3000}},
		{"history budget", `history: {max_tokens: 400}`, appPolicy{ask: def.ask, historyWords: 300}},
		{"no history", `history: {max_tokens: 0}`, appPolicy{ask: def.ask, historyWords: 0}},
		{"nonsense keeps the defaults", "history: {max_tokens: -5}\nask_user: {ttl_hours: -1, max_asks: x}", def},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dsl := "version: \"0.1.0\"\nkind: lexflow-app\napp:\n  name: A\n  mode: chatflow\n"
			for line := range strings.Lines(tc.app) {
				dsl += "  " + strings.TrimSuffix(line, "\n") + "\n"
			}
			dsl += "workflow:\n  graph:\n    nodes: [{id: start, type: start, data: {title: Start}}]\n    edges: []\n"
			app, _, err := dify.Import([]byte(dsl))
			if err != nil {
				t.Fatal(err)
			}
			if got := policyOf(app); got != tc.want {
				t.Errorf("policy %+v, want %+v", got, tc.want)
			}
		})
	}
}

// An app's history budget decides how much of the conversation the next
// turn gets: the newest turns that fit, none with a budget of 0.
func TestHistoryFollowsTheAppBudget(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		maxTokens int
		want      []string // earlier messages the third turn gets, oldest first
	}{
		{4000, []string{"What notice terminates the agreement?", "Either party", "And when are wages paid?", "Wages are paid"}},
		{40, []string{"And when are wages paid?", "Wages are paid"}},
		{0, nil},
	} {
		w := newWorld(t)
		dsl, err := examples.App("legal-qa.yml")
		if err != nil {
			t.Fatal(err)
		}
		custom := strings.Replace(string(dsl), "history: {max_tokens: 4000}", "history: {max_tokens: "+strconv.Itoa(tc.maxTokens)+"}", 1)
		if _, err := w.db.SaveApp(ctx, store.App{ID: "budget", Name: "Budget", Mode: "chatflow", DSL: custom}); err != nil {
			t.Fatal(err)
		}
		if w.conv, err = w.db.CreateConversation(ctx, store.Conversation{AppID: "budget"}); err != nil {
			t.Fatal(err)
		}
		w.send(t, "What notice terminates the agreement?")
		w.send(t, "And when are wages paid?")
		third := w.send(t, "Thank you")
		run, err := w.db.GetRun(ctx, third.RunID)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range strings.Split(run.Inputs, `"text":"`)[1:] {
			for _, want := range []string{"What notice terminates the agreement?", "Either party", "And when are wages paid?", "Wages are paid"} {
				if strings.HasPrefix(m, want) {
					got = append(got, want)
				}
			}
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("max_tokens %d: history %q, want %q (inputs %s)", tc.maxTokens, got, tc.want, run.Inputs)
		}
	}
}
