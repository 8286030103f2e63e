package generation

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"lexflow/backend/llm"
)

// Output is how the model was asked to shape its reply, as the record keeps it.
type Output struct {
	// Format is what the reply was asked to be: schema (enforced by the
	// server), json (JSON mode) or prose (no format; the prompt alone asked).
	Format llm.Format `json:"format"`
	// Rejected are the stronger formats the server refused on this call,
	// strongest first, with what it said.
	Rejected []Rejection `json:"rejected,omitempty"`
	// Remembered: Format was chosen because an earlier call to the same
	// model had to fall back to it.
	Remembered bool `json:"remembered,omitempty"`
}

// Rejection is a reply format a server refused.
type Rejection struct {
	Format llm.Format `json:"format"`
	Error  string     `json:"error"`
}

// generateShaped calls the model like Generate, asking for the strongest
// reply format its server takes: the answer schema, else JSON mode, else
// prose. A server that rejects a format (llm.RejectsFormat: an HTTP 400
// naming it, before anything streamed) is asked again with the next weaker
// one, and the formats it took are remembered so later calls do not pay for
// the refusals again. raw.Output records what was asked.
func (f *formatMemory) generateShaped(ctx context.Context, m Model, snap Snapshot, p Params, schema json.RawMessage,
	onDelta llm.DeltaFunc) (Raw, error) {
	key := memoryKey(m)
	strongest := llm.SendableFormats(m.Provider)[0].AtMost(p.Format)
	format, remembered := f.recall(key, strongest)
	out := Output{Format: format, Remembered: remembered}
	for {
		streamed := false
		raw, err := generate(ctx, m, p.request(m.Name, snap).Shape(format, schema), func(d llm.Delta) error {
			streamed = true
			if onDelta == nil {
				return nil
			}
			return onDelta(d)
		})
		weaker, ok := format.Weaker()
		if err == nil || streamed || !ok || !llm.RejectsFormat(err) {
			if err == nil && len(out.Rejected) > 0 {
				f.learn(key, format)
			}
			raw.Output = out
			return raw, err
		}
		out.Rejected = append(out.Rejected, Rejection{Format: format, Error: err.Error()})
		format, out.Format, out.Remembered = weaker, weaker, false
	}
}

// formatRecheck is how long a fallback is remembered before the stronger
// format is tried again, so an upgraded server is noticed while Lexflow runs.
const formatRecheck = time.Hour

// formatMemory remembers, per provider and model, the strongest reply format
// its server took after refusing a stronger one. It lives in memory with the
// Pipeline, on purpose: the cost of forgetting is one fast HTTP 400 per
// refused format after a restart (or after formatRecheck), while a stored
// answer would outlive the server it describes (Ollama upgraded, a base URL
// pointed at another server) with nothing to tell it is stale. The zero
// value is ready to use; it must not be copied after first use.
type formatMemory struct {
	mu    sync.Mutex
	known map[string]learnt
	now   func() time.Time // nil means time.Now; tests set it
}

type learnt struct {
	format llm.Format
	at     time.Time
}

// recall is the format to start from: the strongest wanted, or weaker when
// the server refused it within formatRecheck (remembered is then true).
func (f *formatMemory) recall(key string, strongest llm.Format) (format llm.Format, remembered bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	l, ok := f.known[key]
	if !ok {
		return strongest, false
	}
	if f.clock().Sub(l.at) >= formatRecheck {
		delete(f.known, key)
		return strongest, false
	}
	format = strongest.AtMost(l.format)
	return format, format != strongest
}

// learn remembers the format a server took after refusing a stronger one.
func (f *formatMemory) learn(key string, format llm.Format) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.known == nil {
		f.known = map[string]learnt{}
	}
	f.known[key] = learnt{format: format, at: f.clock()}
}

func (f *formatMemory) clock() time.Time {
	if f.now == nil {
		return time.Now()
	}
	return f.now()
}

// memoryKey names a model on a server: the configured provider, its base
// URL where the snapshot has it, and the model.
func memoryKey(m Model) string {
	base, _ := m.Snapshot["base_url"].(string)
	return fmt.Sprintf("%s\x00%s\x00%s", m.ProviderName, base, m.Name)
}
