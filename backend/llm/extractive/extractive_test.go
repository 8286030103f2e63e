package extractive

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/llm"
)

const englishPrompt = `Answer only from the evidence.

[1] id=chunk-a | Employment Act › Article 12
Article 12. Termination
Either party may terminate the contract by giving thirty days' written notice. The notice must state the reasons for termination. See Art. 14 for exceptions, e.g. gross misconduct.

[2] id=chunk-b | Employment Act › Article 13
The employer shall pay wages monthly. Wages include allowances under Sec. 4.2 of the Schedule.

[3] id=chunk-c | Employment Act › Article 14
An employer may terminate without notice for gross misconduct.

Question: How much notice is required to terminate the contract?

Reply in JSON with "answer" and "citations".`

const arabicPrompt = `[1] id=ar-1 | قانون العمل › المادة ١٢
المادة ١٢: يجوز لأي من الطرفين إنهاءُ العقد بإخطار كتابي مدته ثلاثون يوماً. ويجب أن يتضمن الإخطار أسباب الإنهاء.

[2] id=ar-2 | قانون العمل › المادة ١٣
يلتزم صاحب العمل بدفع الأجور شهرياً؟ نعم، تدفع الأجور في نهاية كل شهر.

Question: ما هي مدة الإخطار اللازمة لإنهاء العقد؟`

func user(content string) llm.Request {
	return llm.Request{Messages: []llm.Message{{Role: llm.RoleSystem, Content: "You are a legal assistant."}, {Role: llm.RoleUser, Content: content}}}
}

func TestChatAnswers(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		msg  string
		want string
	}{
		{
			"english", Options{}, englishPrompt,
			`{"answer":"Either party may terminate the contract by giving thirty days' written notice. [1] The notice must state the reasons for termination. [1] An employer may terminate without notice for gross misconduct. [3]",` +
				`"citations":[{"node_id":"chunk-a","rank":1,"quote":"Either party may terminate the contract by giving thirty days' written notice."},` +
				`{"node_id":"chunk-a","rank":1,"quote":"The notice must state the reasons for termination."},` +
				`{"node_id":"chunk-c","rank":3,"quote":"An employer may terminate without notice for gross misconduct."}]}`,
		},
		{
			"english, one sentence", Options{MaxSentences: 1}, englishPrompt,
			`{"answer":"Either party may terminate the contract by giving thirty days' written notice. [1]",` +
				`"citations":[{"node_id":"chunk-a","rank":1,"quote":"Either party may terminate the contract by giving thirty days' written notice."}]}`,
		},
		{
			"arabic", Options{}, arabicPrompt,
			`{"answer":"المادة ١٢: يجوز لأي من الطرفين إنهاءُ العقد بإخطار كتابي مدته ثلاثون يوماً. [1] ويجب أن يتضمن الإخطار أسباب الإنهاء. [1]",` +
				`"citations":[{"node_id":"ar-1","rank":1,"quote":"المادة ١٢: يجوز لأي من الطرفين إنهاءُ العقد بإخطار كتابي مدته ثلاثون يوماً."},` +
				`{"node_id":"ar-1","rank":1,"quote":"ويجب أن يتضمن الإخطار أسباب الإنهاء."}]}`,
		},
		{
			"evidence order, not score order", Options{},
			"[1] id=a\nRent is payable monthly in advance.\n\n[2] id=b\nLate rent incurs interest of 5% per month.\n\nQuestion: When is rent payable and what interest applies to late rent?",
			`{"answer":"Rent is payable monthly in advance. [1] Late rent incurs interest of 5% per month. [2]",` +
				`"citations":[{"node_id":"a","rank":1,"quote":"Rent is payable monthly in advance."},{"node_id":"b","rank":2,"quote":"Late rent incurs interest of 5% per month."}]}`,
		},
		{
			"duplicate sentences cited once", Options{}, "[1] id=a\nThe deposit is refundable in full.\n\n[2] id=b\nThe deposit is refundable in full.\n\nQuestion: Is the deposit refundable?",
			`{"answer":"The deposit is refundable in full. [1]","citations":[{"node_id":"a","rank":1,"quote":"The deposit is refundable in full."}]}`,
		},
		{"nothing relevant", Options{}, "[1] id=a\nThe sky is blue today.\n\nQuestion: What is the notice period?", `{"answer":"","citations":[]}`},
		{"no evidence", Options{}, "Question: What is the notice period?", `{"answer":"","citations":[]}`},
		{"only stopwords asked", Options{}, "[1] id=a\nThe notice is thirty days.\n\nQuestion: what is it?", `{"answer":"","citations":[]}`},
		{"headings are not answers", Options{}, "[1] id=a\nArticle 12 Termination\n\nQuestion: termination?", `{"answer":"","citations":[]}`},
		{
			"markup kept readable", Options{}, "[1] id=a\nDamages < 1000 & costs are capped.\n\nQuestion: Are damages capped?",
			`{"answer":"Damages < 1000 & costs are capped. [1]","citations":[{"node_id":"a","rank":1,"quote":"Damages < 1000 & costs are capped."}]}`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := New(tc.opts)
			var deltas []llm.Delta
			resp, err := p.Chat(context.Background(), user(tc.msg), func(d llm.Delta) error {
				deltas = append(deltas, d)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if resp.Content != tc.want {
				t.Errorf("content =\n%s\nwant\n%s", resp.Content, tc.want)
			}
			if got := llm.Accumulate(deltas).Content; got != resp.Content {
				t.Errorf("deltas add up to %q", got)
			}
			if len(deltas) < 2 || len(deltas) > 4 {
				t.Errorf("%d deltas, want a few", len(deltas))
			}
			if resp.Model != ModelName || resp.FinishReason != "stop" || resp.Usage.PromptTokens == 0 || resp.FirstToken <= 0 || resp.Latency < resp.FirstToken {
				t.Errorf("response metadata %+v", resp)
			}
			checkQuotes(t, tc.msg, resp.Content)
		})
	}
}

// checkQuotes asserts the JSON contract: every quote is verbatim in the
// block of the cited node, and the answer carries [rank] after each quote.
func checkQuotes(t *testing.T, msg, content string) {
	t.Helper()
	var r reply
	if err := json.Unmarshal([]byte(content), &r); err != nil {
		t.Fatalf("content is not JSON: %v", err)
	}
	blocks, _ := Parse(msg)
	byID := map[string]Block{}
	for _, b := range blocks {
		byID[b.ID] = b
	}
	for _, c := range r.Citations {
		b, ok := byID[c.NodeID]
		if !ok || b.Rank != c.Rank || !strings.Contains(b.Text, c.Quote) {
			t.Errorf("citation %+v does not match its block %+v", c, b)
		}
		if !strings.Contains(r.Answer, c.Quote+" ["+itoa(c.Rank)+"]") {
			t.Errorf("answer lacks %q followed by its marker", c.Quote)
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestChatDeterministic(t *testing.T) {
	p := New(Options{})
	first, _ := p.Chat(context.Background(), user(englishPrompt), nil)
	for range 20 {
		again, _ := p.Chat(context.Background(), user(englishPrompt), nil)
		if again.Content != first.Content {
			t.Fatalf("answers differ:\n%s\n%s", first.Content, again.Content)
		}
	}
}

func TestChatErrors(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	stop := errors.New("stop")
	tests := []struct {
		name    string
		ctx     context.Context
		req     llm.Request
		onDelta llm.DeltaFunc
		want    error
	}{
		{"other model", context.Background(), llm.Request{Model: "llama3", Messages: user("q").Messages}, nil, llm.ErrModelNotFound},
		{"no user message", context.Background(), llm.Request{Messages: []llm.Message{{Role: llm.RoleSystem, Content: "s"}}}, nil, llm.ErrBadRequest},
		{"canceled", canceled, user(englishPrompt), nil, llm.ErrCanceled},
		{"callback stops", context.Background(), user(englishPrompt), func(llm.Delta) error { return stop }, stop},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(Options{}).Chat(tc.ctx, tc.req, tc.onDelta)
			if !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
		})
	}
	resp, _ := New(Options{}).Chat(context.Background(), user(englishPrompt), func(llm.Delta) error { return stop })
	if resp.Content == "" || len(resp.Content) == len(`{"answer":`) {
		t.Errorf("the refused piece is lost: %q", resp.Content)
	}
}

func TestModels(t *testing.T) {
	models, err := New(Options{}).Models(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]llm.Model{{Name: "extractive", Family: "extractive"}}, models); diff != "" {
		t.Errorf("models (-want +got):\n%s", diff)
	}
	var _ llm.Provider = New(Options{})
}
