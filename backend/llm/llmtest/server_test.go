package llmtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/llm"
)

func post(t *testing.T, url, body string, header ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// lines reads a body and splits it into non-empty lines.
func lines(t *testing.T, r io.Reader) []string {
	t.Helper()
	var out []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if sc.Text() != "" {
			out = append(out, sc.Text())
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read body: %v", err)
	}
	return out
}

func TestOllamaStreamWire(t *testing.T) {
	srv := New(t)
	srv.Script("m", Reply{
		Parts: []Part{Reasoning("hmm "), Content("Hi there"), Tool("search", map[string]int{"n": 1})},
		Usage: llm.Usage{PromptTokens: 7, CompletionTokens: 3},
	})
	resp := post(t, srv.OllamaURL()+"/api/chat", `{"model":"m","messages":[{"role":"user","content":"hello"}]}`)
	if ct := resp.Header.Get("Content-Type"); ct != "application/x-ndjson" {
		t.Errorf("content type %q", ct)
	}
	var got []map[string]any
	for _, l := range lines(t, resp.Body) {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		delete(m, "created_at")
		got = append(got, m)
	}
	msg := func(kv ...any) map[string]any {
		m := map[string]any{"role": "assistant", "content": ""}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return map[string]any{"model": "m", "done": false, "message": m}
	}
	call := []any{map[string]any{"function": map[string]any{"index": 0.0, "name": "search", "arguments": map[string]any{"n": 1.0}}}}
	want := []map[string]any{
		msg("thinking", "hmm "),
		msg("content", "Hi "),
		msg("content", "there"),
		msg("tool_calls", call),
		{
			"model": "m", "done": true, "done_reason": "stop", "message": map[string]any{"role": "assistant", "content": ""},
			"prompt_eval_count": 7.0, "eval_count": 3.0, "total_duration": 5e6, "load_duration": 1e6,
			"prompt_eval_duration": 1e6, "eval_duration": 3e6,
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("chunks (-want +got):\n%s", diff)
	}
}

func TestOllamaNonStream(t *testing.T) {
	srv := New(t)
	srv.Script("m", Reply{Parts: []Part{Think("plan"), Content("Answer here"), Reasoning("r")}})
	resp := post(t, srv.OllamaURL()+"/api/chat", `{"model":"m","stream":false,"messages":[{"role":"user","content":"q"}]}`)
	var got struct {
		Done    bool `json:"done"`
		Message struct {
			Content, Thinking string
		} `json:"message"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if !got.Done || got.Message.Content != "<think>plan</think>Answer here" || got.Message.Thinking != "r" {
		t.Errorf("got %+v", got)
	}
}

func TestOllamaMetadataEndpoints(t *testing.T) {
	srv := New(t)
	srv.SetModels("llama3:8b", "qwen3")
	code, body := get(t, srv.URL())
	if code != 200 || body != "Ollama is running" {
		t.Errorf("GET / = %d %q", code, body)
	}
	resp, err := http.Head(srv.URL())
	if err != nil || resp.StatusCode != 200 {
		t.Errorf("HEAD / = %v %v", resp, err)
	}
	_, body = get(t, srv.URL()+"/api/version")
	if !strings.Contains(body, `"version"`) {
		t.Errorf("version body %q", body)
	}
	_, body = get(t, srv.URL()+"/api/tags")
	var tags struct {
		Models []struct {
			Name, Model, Digest string
			Size                int64
			Details             struct {
				Family            string `json:"family"`
				ParameterSize     string `json:"parameter_size"`
				QuantizationLevel string `json:"quantization_level"`
			}
		}
	}
	if err := json.Unmarshal([]byte(body), &tags); err != nil {
		t.Fatal(err)
	}
	if len(tags.Models) != 2 || tags.Models[0].Name != "llama3:8b" || tags.Models[0].Details.Family != "fake" || len(tags.Models[1].Digest) != 64 {
		t.Errorf("tags = %+v", tags)
	}
}

func TestUnknownModelErrors(t *testing.T) {
	srv := New(t)
	srv.SetModels("known")
	resp := post(t, srv.OllamaURL()+"/api/chat", `{"model":"ghost","messages":[]}`)
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 404 || string(b) != `{"error":"model \"ghost\" not found, try pulling it first"}` {
		t.Errorf("ollama: %d %s", resp.StatusCode, b)
	}
	resp = post(t, srv.OpenAIURL()+"/chat/completions", `{"model":"ghost","messages":[]}`)
	var e struct {
		Error struct{ Message, Type, Code string }
	}
	json.NewDecoder(resp.Body).Decode(&e)
	if resp.StatusCode != 404 || e.Error.Code != "model_not_found" || !strings.Contains(e.Error.Message, "ghost") {
		t.Errorf("openai: %d %+v", resp.StatusCode, e)
	}
}

func TestOpenAIStreamWire(t *testing.T) {
	srv := New(t)
	srv.Script("gpt", Reply{
		Parts: []Part{Reasoning("why"), Content("A b"), Tool("lookup", map[string]string{"article": "12"})},
		Usage: llm.Usage{PromptTokens: 5, CompletionTokens: 9},
	})
	resp := post(t, srv.OpenAIURL()+"/chat/completions",
		`{"model":"gpt","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":"x"}]}`)
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("content type %q", ct)
	}
	var deltas []string
	ls := lines(t, resp.Body)
	for _, l := range ls[:len(ls)-1] {
		data, ok := strings.CutPrefix(l, "data: ")
		if !ok {
			t.Fatalf("line without data prefix: %q", l)
		}
		var c struct {
			Object  string
			Choices []struct {
				Delta        json.RawMessage
				FinishReason *string `json:"finish_reason"`
			}
			Usage *struct {
				PromptTokens     int `json:"prompt_tokens"`
				CompletionTokens int `json:"completion_tokens"`
				TotalTokens      int `json:"total_tokens"`
			}
		}
		if err := json.Unmarshal([]byte(data), &c); err != nil {
			t.Fatalf("chunk %q: %v", data, err)
		}
		if c.Object != "chat.completion.chunk" {
			t.Errorf("object %q", c.Object)
		}
		switch {
		case c.Usage != nil:
			deltas = append(deltas, "usage", string(mustJSON(c.Usage)))
		case c.Choices[0].FinishReason != nil:
			deltas = append(deltas, "finish:"+*c.Choices[0].FinishReason)
		default:
			deltas = append(deltas, string(c.Choices[0].Delta))
		}
	}
	want := []string{
		`{"role":"assistant","content":""}`,
		`{"reasoning_content":"why"}`,
		`{"content":"A "}`,
		`{"content":"b"}`,
		`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"lookup","arguments":""}}]}`,
		`{"tool_calls":[{"index":0,"function":{"arguments":"{\"arti"}}]}`,
		`{"tool_calls":[{"index":0,"function":{"arguments":"cle\":\""}}]}`,
		`{"tool_calls":[{"index":0,"function":{"arguments":"12\"}"}}]}`,
		"finish:tool_calls",
		"usage", `{"prompt_tokens":5,"completion_tokens":9,"total_tokens":14}`,
	}
	if diff := cmp.Diff(want, deltas); diff != "" {
		t.Errorf("deltas (-want +got):\n%s", diff)
	}
	if ls[len(ls)-1] != "data: [DONE]" {
		t.Errorf("last line %q", ls[len(ls)-1])
	}
}

func TestOpenAINonStreamAndModels(t *testing.T) {
	srv := New(t)
	srv.SetModels("a", "b")
	srv.Script("a", Reply{Parts: []Part{Reasoning("r"), Content("hello"), Tool("t", nil)}})
	resp := post(t, srv.OpenAIURL()+"/chat/completions", `{"model":"a","messages":[{"role":"user","content":"x"}]}`)
	var got struct {
		Object  string
		Choices []struct {
			Message struct {
				Content          string
				ReasoningContent string `json:"reasoning_content"`
				ToolCalls        []struct {
					ID       string
					Function struct{ Name, Arguments string }
				} `json:"tool_calls"`
			}
			FinishReason string `json:"finish_reason"`
		}
		Usage struct {
			TotalTokens int `json:"total_tokens"`
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	m := got.Choices[0].Message
	if got.Object != "chat.completion" || m.Content != "hello" || m.ReasoningContent != "r" || m.ToolCalls[0].Function.Arguments != "{}" ||
		got.Choices[0].FinishReason != "tool_calls" || got.Usage.TotalTokens == 0 {
		t.Errorf("got %+v", got)
	}
	_, body := get(t, srv.OpenAIURL()+"/models")
	want := `{"data":[{"created":1735787045,"id":"a","object":"model","owned_by":"llmtest"},{"created":1735787045,"id":"b","object":"model","owned_by":"llmtest"}],"object":"list"}`
	if body != want {
		t.Errorf("models = %s", body)
	}
}

func TestOpenAIAPIKey(t *testing.T) {
	srv := New(t)
	srv.SetAPIKey("sk-test")
	for _, tc := range []struct {
		header string
		status int
	}{{"", 401}, {"Bearer wrong", 401}, {"Bearer sk-test", 200}} {
		resp := post(t, srv.OpenAIURL()+"/chat/completions", `{"model":"m","messages":[]}`, "Authorization", tc.header)
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != tc.status {
			t.Errorf("auth %q: status %d", tc.header, resp.StatusCode)
		}
		if tc.status == 401 && !strings.Contains(string(b), `"code":"invalid_api_key"`) {
			t.Errorf("401 body %s", b)
		}
	}
	// the Ollama side has no key
	if resp := post(t, srv.OllamaURL()+"/api/chat", `{"model":"m","messages":[]}`); resp.StatusCode != 200 {
		t.Errorf("ollama with key set: %d", resp.StatusCode)
	}
}

func TestScriptOrderAndRecording(t *testing.T) {
	srv := New(t)
	srv.Script("m", Text("first"), Text("second"))
	srv.Script("", Text("shared"))
	srv.Respond("r", func(req Request) Reply { return Text("responder saw " + req.LastUser()) })
	ask := func(model, proto string) string {
		if proto == "ollama" {
			resp := post(t, srv.OllamaURL()+"/api/chat", `{"model":"`+model+`","stream":false,"format":"json","messages":[{"role":"system","content":"s"},{"role":"user","content":"q1"}]}`)
			var r struct{ Message struct{ Content string } }
			json.NewDecoder(resp.Body).Decode(&r)
			return r.Message.Content
		}
		resp := post(t, srv.OpenAIURL()+"/chat/completions", `{"model":"`+model+`","messages":[{"role":"user","content":[{"type":"text","text":"q2"}]}],"tools":[{"type":"function","function":{"name":"search"}}]}`)
		var r struct {
			Choices []struct{ Message struct{ Content string } }
		}
		json.NewDecoder(resp.Body).Decode(&r)
		return r.Choices[0].Message.Content
	}
	got := []string{ask("m", "ollama"), ask("m", "openai"), ask("m", "ollama"), ask("r", "openai"), ask("m", "ollama")}
	want := []string{"first", "second", "shared", "responder saw q2", `{"answer":"You said: q1","citations":[]}`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("replies (-want +got):\n%s", diff)
	}
	reqs := srv.Requests()
	if len(reqs) != 5 || len(srv.RequestsFor(ProtocolOpenAI)) != 2 || len(srv.RequestsFor(ProtocolOllama)) != 3 {
		t.Fatalf("recorded %d requests", len(reqs))
	}
	o, a := reqs[0], reqs[1]
	if o.Path != "/api/chat" || o.Stream || !o.JSON || o.LastUser() != "q1" || o.Body["format"] != "json" || o.Messages[0].Role != "system" {
		t.Errorf("ollama request %+v", o)
	}
	if a.Path != "/v1/chat/completions" || a.Stream || a.JSON || a.LastUser() != "q2" || !cmp.Equal(a.Tools, []string{"search"}) {
		t.Errorf("openai request %+v", a)
	}
	srv.ClearRequests()
	if len(srv.Requests()) != 0 {
		t.Error("ClearRequests kept requests")
	}
}

func TestDemoModels(t *testing.T) {
	srv := New(t)
	srv.InstallDemo(0)
	chat := func(model, messages string) []byte {
		resp := post(t, srv.OllamaURL()+"/api/chat", `{"model":"`+model+`","stream":false,"messages":`+messages+`,"tools":[{"type":"function","function":{"name":"find_article"}}]}`)
		b, _ := io.ReadAll(resp.Body)
		return b
	}
	user := `[{"role":"user","content":"Article 12?"}]`
	if b := chat(DemoChat, user); !bytes.Contains(b, []byte(`"content":"You said: Article 12?"`)) {
		t.Errorf("fake-chat: %s", b)
	}
	if b := chat(DemoReasoner, user); !bytes.Contains(b, []byte(`"thinking":"The user wrote: Article 12?`)) {
		t.Errorf("fake-reasoner: %s", b)
	}
	if b := chat(DemoTools, user); !bytes.Contains(b, []byte(`"name":"find_article","arguments":{"query":"Article 12?"}`)) {
		t.Errorf("fake-tools call: %s", b)
	}
	after := `[{"role":"user","content":"q"},{"role":"tool","content":"Article 12 says X"}]`
	if b := chat(DemoTools, after); !bytes.Contains(b, []byte(`The tool returned: Article 12 says X`)) {
		t.Errorf("fake-tools answer: %s", b)
	}
	if b := chat("other", user); !bytes.Contains(b, []byte("not found")) {
		t.Errorf("unknown demo model: %s", b)
	}
}
