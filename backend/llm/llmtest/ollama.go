package llmtest

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Ollama wire shapes, as Ollama's server writes them.
type ollamaChunk struct {
	Model              string        `json:"model"`
	CreatedAt          string        `json:"created_at"`
	Message            ollamaMessage `json:"message"`
	Done               bool          `json:"done"`
	DoneReason         string        `json:"done_reason,omitempty"`
	TotalDuration      int64         `json:"total_duration,omitempty"`
	LoadDuration       int64         `json:"load_duration,omitempty"`
	PromptEvalCount    int           `json:"prompt_eval_count,omitempty"`
	PromptEvalDuration int64         `json:"prompt_eval_duration,omitempty"`
	EvalCount          int           `json:"eval_count,omitempty"`
	EvalDuration       int64         `json:"eval_duration,omitempty"`
}

type ollamaMessage struct {
	Role      string           `json:"role"`
	Content   string           `json:"content"`
	Thinking  string           `json:"thinking,omitempty"`
	ToolCalls []ollamaToolCall `json:"tool_calls,omitempty"`
}

type ollamaToolCall struct {
	ID       string `json:"id,omitempty"`
	Function struct {
		Index     int             `json:"index"`
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"function"`
}

type ollamaModel struct {
	Name       string    `json:"name"`
	Model      string    `json:"model"`
	ModifiedAt time.Time `json:"modified_at"`
	Size       int64     `json:"size"`
	Digest     string    `json:"digest"`
	Details    struct {
		Format            string   `json:"format"`
		Family            string   `json:"family"`
		Families          []string `json:"families"`
		ParameterSize     string   `json:"parameter_size"`
		QuantizationLevel string   `json:"quantization_level"`
	} `json:"details"`
}

// fakeModifiedAt is the fixed modification time of every fake model, so
// model lists are deterministic.
func fakeModifiedAt() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) }

func (s *Server) ollamaChat(w http.ResponseWriter, r *http.Request) {
	req := decodeRequest(r, mustBody(r))
	if req.Model == "" {
		writeOllamaError(w, http.StatusBadRequest, "model is required")
		return
	}
	if msg, refused := s.refusal(req); refused {
		writeOllamaError(w, http.StatusBadRequest, msg)
		return
	}
	reply, ok := s.next(req)
	if !ok {
		writeOllamaError(w, http.StatusNotFound, fmt.Sprintf("model %q not found, try pulling it first", req.Model))
		return
	}
	if reply.Fault.Kind == FaultStatus {
		writeOllamaError(w, reply.Fault.Status, faultMessage(reply.Fault))
		return
	}
	if !s.conform(w, req, reply) {
		return
	}
	s.play(w, r, ollamaFrames(req, reply), reply)
}

// ollamaFrames renders a reply as NDJSON chunks, or as one JSON object when
// the client turned streaming off.
func ollamaFrames(req Request, reply Reply) frames {
	pieces := reply.pieces()
	bad := []byte(`{"model":"` + req.Model + `","message":{"role":"assistant","content":"unterminated` + "\n")
	if !req.Stream {
		final := ollamaFinal(req, reply, pieces)
		final.Message = ollamaMessage{
			Role:      "assistant",
			Content:   joinText(pieces, PartContent),
			Thinking:  joinText(pieces, PartReasoning),
			ToolCalls: ollamaToolCalls(toolCalls(pieces)),
		}
		return frames{contentType: "application/json; charset=utf-8", end: [][]byte{mustJSON(final)}, bad: bad}
	}
	f := frames{contentType: "application/x-ndjson", bad: bad}
	for _, p := range pieces {
		f.body = append(f.body, ndjson(ollamaPiece(req.Model, p)))
	}
	f.end = [][]byte{ndjson(ollamaFinal(req, reply, pieces))}
	return f
}

func ollamaPiece(model string, p piece) ollamaChunk {
	c := ollamaChunk{Model: model, CreatedAt: now(), Message: ollamaMessage{Role: "assistant"}}
	switch p.kind {
	case PartReasoning:
		c.Message.Thinking = p.text
	case PartToolCall:
		c.Message.ToolCalls = ollamaToolCalls([]ToolCall{p.tool})
	default:
		c.Message.Content = p.text
	}
	return c
}

func ollamaFinal(req Request, reply Reply, pieces []piece) ollamaChunk {
	u := reply.usage(req, pieces)
	return ollamaChunk{
		Model:              req.Model,
		CreatedAt:          now(),
		Message:            ollamaMessage{Role: "assistant"},
		Done:               true,
		DoneReason:         cmp.Or(reply.Finish, "stop"),
		TotalDuration:      int64(5 * time.Millisecond),
		LoadDuration:       int64(time.Millisecond),
		PromptEvalCount:    u.PromptTokens,
		PromptEvalDuration: int64(time.Millisecond),
		EvalCount:          u.CompletionTokens,
		EvalDuration:       int64(3 * time.Millisecond),
	}
}

func ollamaToolCalls(calls []ToolCall) []ollamaToolCall {
	var out []ollamaToolCall
	for i, c := range calls {
		var tc ollamaToolCall
		tc.ID = c.ID
		tc.Function.Index = i
		tc.Function.Name = c.Name
		tc.Function.Arguments = c.Args
		out = append(out, tc)
	}
	return out
}

func (s *Server) ollamaTags(w http.ResponseWriter, r *http.Request) {
	models := []ollamaModel{}
	for _, name := range s.modelNames() {
		models = append(models, fakeOllamaModel(name))
	}
	writeJSON(w, http.StatusOK, map[string]any{"models": models})
}

// fakeOllamaModel describes a model with deterministic, plausible details.
func fakeOllamaModel(name string) ollamaModel {
	sum := sha256.Sum256([]byte(name))
	m := ollamaModel{Name: name, Model: name, ModifiedAt: fakeModifiedAt(), Size: int64(1000000 * (len(name) + 1)), Digest: hex.EncodeToString(sum[:])}
	m.Details.Format = "gguf"
	m.Details.Family = "fake"
	m.Details.Families = []string{"fake"}
	m.Details.ParameterSize = "1B"
	m.Details.QuantizationLevel = "Q4_0"
	return m
}

func (s *Server) ollamaVersion(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"version": "0.30.0"})
}

func (s *Server) ollamaRoot(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, "Ollama is running")
}

func writeOllamaError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func faultMessage(f Fault) string {
	if f.Message != "" {
		return f.Message
	}
	if f.Status == http.StatusUnauthorized {
		return "unauthorized"
	}
	return http.StatusText(f.Status)
}

func ndjson(v any) []byte { return append(mustJSON(v), '\n') }

func mustJSON(v any) []byte {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("llmtest: marshal %T: %v", v, err))
	}
	return raw
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(mustJSON(v))
}

func mustBody(r *http.Request) []byte {
	raw, _ := io.ReadAll(r.Body)
	return raw
}

func now() string { return time.Now().UTC().Format(time.RFC3339Nano) }
