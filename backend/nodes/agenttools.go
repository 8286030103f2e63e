package nodes

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"lexflow/backend/engine"
	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/backend/llm"
	"lexflow/backend/nodes/tools"
)

// agentToolDef is one entry of an agent's tools: a tool name, or a Tool
// node's data {tool_name, tool_parameters} whose parameters are fixed.
type agentToolDef struct {
	Name       string
	Parameters map[string]toolParam
}

// UnmarshalJSON reads the name as an LLM node's tool entry does (toolRef),
// then an object's fixed parameters.
func (t *agentToolDef) UnmarshalJSON(b []byte) error {
	var ref toolRef
	if err := ref.UnmarshalJSON(b); err != nil {
		return err
	}
	t.Name = ref.Name
	if strings.HasPrefix(strings.TrimSpace(string(b)), `"`) {
		return nil // a bare name: no parameters
	}
	var obj struct {
		ToolParameters map[string]toolParam `json:"tool_parameters"`
	}
	if err := json.Unmarshal(b, &obj); err != nil {
		return fmt.Errorf("read tool %s: tool_parameters: %w", ref.Name, err)
	}
	t.Parameters = obj.ToolParameters
	return nil
}

// MarshalJSON writes a bare name back as a name, so the DSL round-trips.
func (t agentToolDef) MarshalJSON() ([]byte, error) {
	if len(t.Parameters) == 0 {
		return json.Marshal(t.Name)
	}
	return json.Marshal(map[string]any{"tool_name": t.Name, "tool_parameters": t.Parameters})
}

// agentTool is a compiled agent tool.
type agentTool struct {
	tool    tools.Tool
	def     llm.Tool // as the model sees it: fixed parameters left out
	presets []toolArg
	// evidence: the tool returns passages, which are numbered for citation.
	evidence bool
}

// Tools that return passages of the library (hit or chunk records).
var passageTools = []string{"search_collection", "fetch_article", "neighbour_chunks"}

// agentTools compiles an agent's tool list against a registry whose search
// looks only in collections (all when empty) and documents (all when empty).
func agentTools(deps Deps, defs []agentToolDef, collections, documents []string) ([]agentTool, error) {
	reg, err := scopedTools(deps, collections, documents)
	if err != nil {
		return nil, err
	}
	out := make([]agentTool, 0, len(defs))
	seen := map[string]bool{}
	for i, d := range defs {
		field := fmt.Sprintf("tools[%d]", i)
		t, ok := reg.Lookup(d.Name)
		switch {
		case !ok:
			return nil, fieldError(field, "This tool does not exist in Lexflow: choose another.", "%q is not a Lexflow tool (tools: %s)", d.Name, reg.Known())
		case seen[d.Name]:
			return nil, fieldError(field, "This tool is listed twice: keep one.", "%s is listed twice", d.Name)
		}
		seen[d.Name] = true
		at, err := compileAgentTool(t, d)
		if err != nil {
			return nil, fieldError(field, "This tool's settings are not valid.", "%v", err)
		}
		out = append(out, at)
	}
	return out, nil
}

func compileAgentTool(t tools.Tool, d agentToolDef) (agentTool, error) {
	at := agentTool{tool: t, evidence: slices.Contains(passageTools, t.Name())}
	schema, err := tools.ParseSchema(t.Parameters())
	if err != nil {
		return at, err
	}
	for _, name := range sortedNames(d.Parameters) {
		a, err := compileToolParam(name, d.Parameters[name])
		if err != nil {
			return at, err
		}
		if _, ok := schema.Properties[name]; !ok || a.kind == "extraction" {
			return at, fmt.Errorf("tool_parameters.%s: tool %s has no such parameter to fix (it has %s)", name, t.Name(), quoted(schema.Names()))
		}
		at.presets = append(at.presets, a)
	}
	at.def = llm.Tool{Name: t.Name(), Description: t.Description(), Parameters: withoutParams(t.Parameters(), d.Parameters)}
	return at, nil
}

// withoutParams removes fixed parameters from a JSON Schema object.
func withoutParams(schema json.RawMessage, fixed map[string]toolParam) json.RawMessage {
	if len(fixed) == 0 {
		return schema
	}
	var s map[string]any
	if json.Unmarshal(schema, &s) != nil {
		return schema
	}
	props, _ := s["properties"].(map[string]any)
	for name := range fixed {
		delete(props, name)
	}
	if req, ok := s["required"].([]any); ok {
		s["required"] = slices.DeleteFunc(req, func(r any) bool { _, gone := fixed[fmt.Sprint(r)]; return gone })
	}
	out, _ := json.Marshal(s)
	return out
}

// scopedTools is the tool registry with search limited to collections and,
// when any are named, to documents; a document out of scope has no chunks.
func scopedTools(deps Deps, collections, documents []string) (*tools.Registry, error) {
	if (len(collections) == 0 && len(documents) == 0) || deps.Search == nil {
		return Tools(deps)
	}
	d := deps
	d.Search = func(ctx context.Context, q index.Query) ([]evidence.Hit, error) {
		q.CollectionIDs = scope(q.CollectionIDs, collections)
		q.DocIDs = scope(q.DocIDs, documents)
		return deps.Search(ctx, q)
	}
	if len(documents) > 0 && deps.Chunks != nil {
		d.Chunks = scopedChunks{deps.Chunks, documents}
	}
	return Tools(d)
}

// scopedChunks lists the chunks of in-scope documents only.
type scopedChunks struct {
	ChunkSource
	documents []string
}

func (c scopedChunks) DocumentChunks(ctx context.Context, docID string) ([]evidence.Chunk, error) {
	if !slices.Contains(c.documents, docID) {
		return nil, nil
	}
	return c.ChunkSource.DocumentChunks(ctx, docID)
}

// scope keeps the asked collections that are in scope; none asked (or none
// in scope) means the whole scope.
func scope(asked, allowed []string) []string {
	var out []string
	for _, c := range asked {
		if slices.Contains(allowed, c) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return allowed
	}
	return out
}

// agentBox is one execution's toolbox: it fills fixed parameters, runs the
// tool, and numbers the passages tools return, across all rounds.
type agentBox struct {
	tools  []agentTool
	vars   engine.Vars
	ledger ledger
}

func newAgentBox(ts []agentTool, vars engine.Vars) *agentBox {
	return &agentBox{tools: ts, vars: vars}
}

func (b *agentBox) Tools() []llm.Tool {
	out := make([]llm.Tool, len(b.tools))
	for i, t := range b.tools {
		out[i] = t.def
	}
	return out
}

func (b *agentBox) Call(ctx context.Context, c llm.ToolCall) (string, error) {
	i := slices.IndexFunc(b.tools, func(t agentTool) bool { return t.def.Name == c.Name })
	if i < 0 {
		return "", fmt.Errorf("there is no tool %q; the tools are %s", c.Name, b.names())
	}
	t := b.tools[i]
	args, err := b.arguments(t, c.Arguments)
	if err != nil {
		return "", fmt.Errorf("call tool %s: %w", c.Name, err)
	}
	res, err := tools.Invoke(ctx, t.tool, args)
	if err != nil {
		return "", err
	}
	if t.evidence {
		if text, ok := b.ledger.number(res); ok {
			return text, nil
		}
	}
	return res.Text, nil
}

// arguments merges the model's arguments with the fixed ones (which win).
func (b *agentBox) arguments(t agentTool, raw json.RawMessage) (json.RawMessage, error) {
	if len(t.presets) == 0 {
		return raw, nil
	}
	args := map[string]any{}
	if s := strings.TrimSpace(string(raw)); s != "" && s != "null" {
		if err := json.Unmarshal(raw, &args); err != nil {
			return nil, fmt.Errorf("arguments are not a JSON object: %w", err)
		}
	}
	for _, a := range t.presets {
		if v, ok := a.value(b.vars, nil); ok {
			args[a.name] = v
		}
	}
	return json.Marshal(args)
}

func (b *agentBox) names() string {
	names := make([]string, len(b.tools))
	for i, t := range b.tools {
		names[i] = t.def.Name
	}
	return strings.Join(names, ", ")
}

// ledger numbers passages in the order tools first return them; a passage
// returned again keeps its number. The numbers are the answer's markers.
type ledger struct {
	mu   sync.Mutex
	hits []evidence.Hit
	byID map[string]int
}

// number renders a tool's passages as numbered evidence blocks; ok is false
// when the result holds no passages.
func (l *ledger) number(res tools.Result) (string, bool) {
	hits, _, ok := tools.HitsOf(passages(res.JSON))
	if !ok || len(hits) == 0 {
		return "", false
	}
	var blocks []string
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, h := range hits {
		blocks = append(blocks, l.block(h))
	}
	return strings.Join(blocks, "\n\n"), true
}

// passages are a result's passages: a list of hits (search), or the list
// under "chunks" (fetch_article, neighbour_chunks).
func passages(v any) any {
	if m, ok := v.(map[string]any); ok {
		return m["chunks"]
	}
	return v
}

func (l *ledger) block(h evidence.Hit) string {
	if l.byID == nil {
		l.byID = map[string]int{}
	}
	n, ok := l.byID[h.Chunk.ID]
	if !ok {
		n = len(l.hits) + 1
		h.Rank = n
		l.hits = append(l.hits, h)
		l.byID[h.Chunk.ID] = n
	}
	return fmt.Sprintf("[%d] id=%s | %s\n%s", n, h.Chunk.ID, h.Chunk.Locator.Label(), strings.TrimSpace(h.Chunk.Text))
}

// list is the numbered passages, by number.
func (l *ledger) list() []evidence.Hit {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.hits)
}
