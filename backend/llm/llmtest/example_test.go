package llmtest_test

import (
	"context"
	"fmt"

	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/llm/ollama"
	"lexflow/backend/llm/openai"
)

// A scripted reply, streamed by the fake Ollama server to the real provider.
func Example() {
	srv, err := llmtest.Start(llmtest.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	srv.Script("llama3", llmtest.Reply{Parts: []llmtest.Part{
		llmtest.Reasoning("Article 12 governs notice."),
		llmtest.Content("Thirty days."),
	}})
	p, _ := ollama.New(llm.Config{BaseURL: srv.OllamaURL()})
	req := llm.Request{Model: "llama3", Messages: []llm.Message{{Role: llm.RoleUser, Content: "Notice period?"}}}
	resp, err := p.Chat(context.Background(), req, nil)
	fmt.Println(resp.Reasoning, "|", resp.Content, "|", err)
	fmt.Println(srv.Requests()[0].Protocol, srv.Requests()[0].Path)
	// Output:
	// Article 12 governs notice. | Thirty days. | <nil>
	// ollama /api/chat
}

// A stream cut after its third frame: the error says so, and the partial
// reply is kept.
func Example_fault() {
	srv, err := llmtest.Start(llmtest.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	srv.Script("gpt", llmtest.Reply{Parts: []llmtest.Part{llmtest.Content("one two three four")}, Fault: llmtest.CutAfter(3)})
	p, _ := openai.New(llm.Config{BaseURL: srv.OpenAIURL()})
	req := llm.Request{Model: "gpt", Messages: []llm.Message{{Role: llm.RoleUser, Content: "count"}}}
	resp, err := p.Chat(context.Background(), req, nil)
	fmt.Printf("%s: %q\n", llm.Code(err), resp.Content)
	// Output:
	// stream_interrupted: "one two "
}
