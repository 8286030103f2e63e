package llmtest

import (
	"cmp"
	"fmt"
	"net/http"
	"strconv"
)

// OpenAI wire shapes, as the Chat Completions API writes them.
type oaChunk struct {
	ID                string     `json:"id"`
	Object            string     `json:"object"`
	Created           int64      `json:"created"`
	Model             string     `json:"model"`
	SystemFingerprint string     `json:"system_fingerprint"`
	Choices           []oaChoice `json:"choices"`
	Usage             *oaUsage   `json:"usage,omitempty"`
}

type oaChoice struct {
	Index        int        `json:"index"`
	Delta        *oaMessage `json:"delta,omitempty"`
	Message      *oaMessage `json:"message,omitempty"`
	Logprobs     *struct{}  `json:"logprobs"`
	FinishReason *string    `json:"finish_reason"`
}

type oaMessage struct {
	Role             string       `json:"role,omitempty"`
	Content          *string      `json:"content,omitempty"`
	ReasoningContent string       `json:"reasoning_content,omitempty"`
	ToolCalls        []oaToolCall `json:"tool_calls,omitempty"`
}

type oaToolCall struct {
	Index    *int       `json:"index,omitempty"`
	ID       string     `json:"id,omitempty"`
	Type     string     `json:"type,omitempty"`
	Function oaFunction `json:"function"`
}

type oaFunction struct {
	Name      string `json:"name,omitempty"`
	Arguments string `json:"arguments"`
}

type oaUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

// fakeCreated is the fixed creation time of every fake response and model.
const fakeCreated = 1735787045

func (s *Server) openaiChat(w http.ResponseWriter, r *http.Request) {
	req := decodeRequest(r, mustBody(r))
	if req.Model == "" {
		writeOpenAIError(w, http.StatusBadRequest, "you must provide a model parameter", "")
		return
	}
	if msg, refused := s.refusal(req); refused {
		writeOpenAIError(w, http.StatusBadRequest, msg, "")
		return
	}
	reply, ok := s.next(req)
	if !ok {
		msg := fmt.Sprintf("The model `%s` does not exist or you do not have access to it.", req.Model)
		writeOpenAIError(w, http.StatusNotFound, msg, "model_not_found")
		return
	}
	if reply.Fault.Kind == FaultStatus {
		writeOpenAIError(w, reply.Fault.Status, faultMessage(reply.Fault), cmp.Or(reply.Fault.Code, openAICode(reply.Fault.Status)))
		return
	}
	if !s.conform(w, req, reply) {
		return
	}
	s.play(w, r, openaiFrames(req, reply), reply)
}

// openaiFrames renders a reply as SSE chunks ending in [DONE], or as one
// chat.completion object when the client did not ask for a stream.
func openaiFrames(req Request, reply Reply) frames {
	pieces := reply.pieces()
	bad := []byte(`data: {"id":"chatcmpl-fake","choices":[{"delta":{"content":"unterminated` + "\n\n")
	if !req.Stream {
		return frames{contentType: "application/json", end: [][]byte{mustJSON(openaiCompletion(req, reply, pieces))}, bad: bad}
	}
	f := frames{contentType: "text/event-stream", bad: bad}
	role := oaChunkOf(req.Model, oaMessage{Role: "assistant", Content: ptr("")})
	f.body = append(f.body, sse(role))
	calls := 0
	for _, p := range pieces {
		for _, m := range oaDeltas(p, calls) {
			f.body = append(f.body, sse(oaChunkOf(req.Model, m)))
		}
		if p.kind == PartToolCall {
			calls++
		}
	}
	f.end = openaiEnd(req, reply, pieces)
	return f
}

// oaDeltas renders one piece; a tool call becomes id and name first, then its
// arguments in three pieces, the way OpenAI streams them.
func oaDeltas(p piece, index int) []oaMessage {
	switch p.kind {
	case PartReasoning:
		return []oaMessage{{ReasoningContent: p.text}}
	case PartToolCall:
		first := oaToolCall{Index: ptr(index), ID: cmp.Or(p.tool.ID, "call_"+strconv.Itoa(index+1)), Type: "function", Function: oaFunction{Name: p.tool.Name}}
		out := []oaMessage{{ToolCalls: []oaToolCall{first}}}
		for _, arg := range splitText(string(p.tool.Args), max(1, (len([]rune(string(p.tool.Args)))+2)/3)) {
			out = append(out, oaMessage{ToolCalls: []oaToolCall{{Index: ptr(index), Function: oaFunction{Arguments: arg}}}})
		}
		return out
	default:
		return []oaMessage{{Content: ptr(p.text)}}
	}
}

// openaiEnd is the finish chunk, the usage chunk when asked for, and [DONE].
func openaiEnd(req Request, reply Reply, pieces []piece) [][]byte {
	finish := oaChunk{ID: "chatcmpl-fake", Object: "chat.completion.chunk", Created: fakeCreated, Model: req.Model, SystemFingerprint: "fp_fake",
		Choices: []oaChoice{{Delta: &oaMessage{}, FinishReason: ptr(finishReason(reply, pieces))}}}
	end := [][]byte{sse(finish)}
	if includeUsage(req) {
		u := reply.usage(req, pieces)
		final := oaChunk{ID: "chatcmpl-fake", Object: "chat.completion.chunk", Created: fakeCreated, Model: req.Model, SystemFingerprint: "fp_fake",
			Choices: []oaChoice{}, Usage: &oaUsage{u.PromptTokens, u.CompletionTokens, u.Total()}}
		end = append(end, sse(final))
	}
	return append(end, []byte("data: [DONE]\n\n"))
}

func openaiCompletion(req Request, reply Reply, pieces []piece) oaChunk {
	msg := oaMessage{Role: "assistant", ReasoningContent: joinText(pieces, PartReasoning)}
	if text := joinText(pieces, PartContent); text != "" || len(toolCalls(pieces)) == 0 {
		msg.Content = ptr(text)
	}
	for i, c := range toolCalls(pieces) {
		msg.ToolCalls = append(msg.ToolCalls, oaToolCall{ID: cmp.Or(c.ID, "call_"+strconv.Itoa(i+1)), Type: "function", Function: oaFunction{Name: c.Name, Arguments: string(c.Args)}})
	}
	u := reply.usage(req, pieces)
	return oaChunk{ID: "chatcmpl-fake", Object: "chat.completion", Created: fakeCreated, Model: req.Model, SystemFingerprint: "fp_fake",
		Choices: []oaChoice{{Message: &msg, FinishReason: ptr(finishReason(reply, pieces))}},
		Usage:   &oaUsage{u.PromptTokens, u.CompletionTokens, u.Total()}}
}

func oaChunkOf(model string, delta oaMessage) oaChunk {
	return oaChunk{ID: "chatcmpl-fake", Object: "chat.completion.chunk", Created: fakeCreated, Model: model, SystemFingerprint: "fp_fake",
		Choices: []oaChoice{{Delta: &delta}}}
}

func finishReason(reply Reply, pieces []piece) string {
	if reply.Finish != "" {
		return reply.Finish
	}
	if len(toolCalls(pieces)) > 0 {
		return "tool_calls"
	}
	return "stop"
}

func includeUsage(req Request) bool {
	opts, _ := req.Body["stream_options"].(map[string]any)
	include, _ := opts["include_usage"].(bool)
	return include
}

func (s *Server) openaiModels(w http.ResponseWriter, r *http.Request) {
	data := []map[string]any{}
	for _, name := range s.modelNames() {
		data = append(data, map[string]any{"id": name, "object": "model", "created": fakeCreated, "owned_by": "llmtest"})
	}
	writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": data})
}

// writeOpenAIError writes OpenAI's error shape.
func writeOpenAIError(w http.ResponseWriter, status int, msg, code string) {
	body := map[string]any{"message": msg, "type": openAIErrorType(status), "param": nil, "code": nil}
	if code != "" {
		body["code"] = code
	}
	writeJSON(w, status, map[string]any{"error": body})
}

func openAIErrorType(status int) string {
	switch {
	case status == http.StatusTooManyRequests:
		return "requests"
	case status >= 500:
		return "server_error"
	default:
		return "invalid_request_error"
	}
}

func openAICode(status int) string {
	switch status {
	case http.StatusUnauthorized:
		return "invalid_api_key"
	case http.StatusTooManyRequests:
		return "rate_limit_exceeded"
	case http.StatusNotFound:
		return "model_not_found"
	}
	return ""
}

func sse(v any) []byte {
	return append(append([]byte("data: "), mustJSON(v)...), '\n', '\n')
}

func ptr[T any](v T) *T { return &v }
