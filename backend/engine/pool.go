package engine

import (
	"encoding/json"
	"maps"
	"strings"

	"lexflow/backend/dsl"
)

// System variable names (sys.*). Which exist depends on the mode: query,
// conversation_id and dialogue_count only in chatflows.
const (
	SysQuery          = "query"
	SysFiles          = "files"
	SysConversationID = "conversation_id"
	SysUserID         = "user_id"
	SysAppID          = "app_id"
	SysWorkflowID     = "workflow_id"
	SysWorkflowRunID  = "workflow_run_id"
	SysDialogueCount  = "dialogue_count"
	// Set when the user answers a clarifying question (an ask-user node ended
	// the previous turn): the intent the flow was pursuing, the question that
	// started it, and how many times the flow has asked so far.
	SysPendingIntent = "pending_intent"
	SysOriginalQuery = "original_query"
	SysAskUserCount  = "ask_user_count"
)

// sysTypes declares the sys variables of each mode.
func sysTypes(mode dsl.Mode) map[string]Type {
	m := map[string]Type{
		SysFiles: TypeArrayFile, SysUserID: TypeString, SysAppID: TypeString,
		SysWorkflowID: TypeString, SysWorkflowRunID: TypeString,
	}
	if mode == dsl.ModeChatflow {
		m[SysQuery], m[SysConversationID], m[SysDialogueCount] = TypeString, TypeString, TypeNumber
		m[SysPendingIntent], m[SysOriginalQuery], m[SysAskUserCount] = TypeString, TypeString, TypeNumber
	}
	return m
}

// Sys are the system variables a caller supplies for a run; the run id comes
// from RunInput.RunID.
type Sys struct {
	Query          string
	Files          []File
	ConversationID string
	UserID         string
	AppID          string
	WorkflowID     string
	DialogueCount  int
	PendingIntent  string
	OriginalQuery  string
	AskUserCount   int
}

func (s Sys) values(mode dsl.Mode, runID string) map[string]Value {
	m := map[string]Value{
		SysFiles: Files(s.Files), SysUserID: String(s.UserID), SysAppID: String(s.AppID),
		SysWorkflowID: String(s.WorkflowID), SysWorkflowRunID: String(runID),
	}
	if mode == dsl.ModeChatflow {
		m[SysQuery], m[SysConversationID] = String(s.Query), String(s.ConversationID)
		m[SysDialogueCount] = Number(float64(s.DialogueCount))
		m[SysPendingIntent], m[SysOriginalQuery] = String(s.PendingIntent), String(s.OriginalQuery)
		m[SysAskUserCount] = Number(float64(s.AskUserCount))
	}
	return m
}

// pool is a run's variable pool. Only the dispatcher goroutine touches it, so
// it has no lock; nodes see copies of what they declared (Vars).
type pool struct {
	nodes []map[string]Value // outputs by plan node index (virtual nodes included)
	ns    map[string]map[string]Value
}

func newPool(nodes int, sys, env, conv map[string]Value) *pool {
	return &pool{
		nodes: make([]map[string]Value, nodes),
		ns:    map[string]map[string]Value{NamespaceSys: sys, NamespaceEnv: env, NamespaceConversation: conv},
	}
}

// get resolves a compiled reference.
func (p *pool) get(r ref) (Value, bool) {
	var vars map[string]Value
	if r.node >= 0 {
		vars = p.nodes[r.node]
	} else {
		vars = p.ns[r.sel.Node()]
	}
	v, ok := vars[r.sel.Var()]
	if !ok {
		return Value{}, false
	}
	return v.Get(r.sel.Path()...)
}

// view copies the declared inputs into a node's read-only snapshot.
func (p *pool) view(refs []ref) Vars {
	if len(refs) == 0 {
		return Vars{}
	}
	m := make(map[string]Value, len(refs))
	for _, r := range refs {
		if v, ok := p.get(r); ok {
			m[r.key] = v
		}
	}
	return Vars{m: m}
}

// Vars is a node's read-only view of the variables it declared as inputs,
// taken when the node was dispatched.
type Vars struct {
	m map[string]Value
}

// VarsOf builds a view from "node.var" keys (a loop checks its break
// conditions on its variables with one; unit tests build inputs).
func VarsOf(values map[string]Value) Vars { return Vars{m: values} }

// Get returns a declared variable. A selector that extends a declared one
// ([llm, obj, key] when [llm, obj] was declared) walks into its value.
func (v Vars) Get(sel Selector) (Value, bool) {
	if val, ok := v.m[sel.String()]; ok {
		return val, true
	}
	for n := len(sel) - 1; n >= 2; n-- {
		if val, ok := v.m[strings.Join(sel[:n], ".")]; ok {
			return val.Get(sel[n:]...)
		}
	}
	return Value{}, false
}

// Render fills a template from the view.
func (v Vars) Render(t Template) string { return t.Render(v.Get) }

// MarshalJSON writes the view as {"node.var": value}.
func (v Vars) MarshalJSON() ([]byte, error) {
	if v.m == nil {
		return []byte("{}"), nil
	}
	return json.Marshal(v.m)
}

// UnmarshalJSON reads a view written by MarshalJSON, each value's type
// inferred from its JSON form.
func (v *Vars) UnmarshalJSON(b []byte) error {
	var m map[string]Value
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*v = Vars{m: m}
	return nil
}

// merged is v with other's variables added, v itself when other is empty.
func (v Vars) merged(other Vars) Vars {
	if len(other.m) == 0 {
		return v
	}
	m := maps.Clone(other.m)
	if m == nil {
		m = map[string]Value{}
	}
	maps.Copy(m, v.m)
	return Vars{m: m}
}

// Keys lists the variables present ("node.var"), unordered.
func (v Vars) Keys() []string {
	out := make([]string, 0, len(v.m))
	for k := range v.m {
		out = append(out, k)
	}
	return out
}

// Len is the number of variables present.
func (v Vars) Len() int { return len(v.m) }

// with returns a copy of v plus another node's outputs (a virtual node's
// results seen by the parent's later virtual nodes).
func (v Vars) with(nodeID string, outputs map[string]Value) Vars {
	m := make(map[string]Value, len(v.m)+len(outputs))
	for k, val := range v.m {
		m[k] = val
	}
	for name, val := range outputs {
		m[nodeID+"."+name] = val
	}
	return Vars{m: m}
}
