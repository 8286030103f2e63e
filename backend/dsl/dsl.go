package dsl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The DSL this package reads and writes.
const (
	DSLKind    = "lexflow-app"
	DSLVersion = "0.1.0"
	// DifyKind is the kind of Dify's exports, which Parse refuses (import them).
	DifyKind = "app"
	// MaxDSLSize bounds what Parse and Decode accept: a real app is a few
	// hundred kilobytes; anything near this is a mistake or an attack.
	MaxDSLSize = 10 << 20
)

// Mode is the kind of app: a chatflow answers messages, a workflow maps inputs to outputs.
type Mode string

const (
	ModeChatflow Mode = "chatflow"
	ModeWorkflow Mode = "workflow"
)

// App is one DSL document. Fields the engine does not interpret (node data,
// positions, UI state, unknown keys at every level) are kept verbatim so that
// import → export loses nothing.
type App struct {
	Version  string   `json:"version"`
	Kind     string   `json:"kind"`
	App      AppInfo  `json:"app"`
	Workflow Workflow `json:"workflow"`
	// Import is the report of the import that made this app, if any.
	Import *ImportReport `json:"import,omitempty"`
	Extra  Extra         `json:"-"`
}

// AppInfo is the app's metadata.
type AppInfo struct {
	Name        string `json:"name"`
	Mode        Mode   `json:"mode"`
	Description string `json:"description,omitempty"`
	Icon        string `json:"icon,omitempty"`
	Extra       Extra  `json:"-"`
}

// Workflow holds the graph and the app-level variables.
type Workflow struct {
	EnvironmentVariables  []Variable `json:"environment_variables"`
	ConversationVariables []Variable `json:"conversation_variables"`
	Graph                 Graph      `json:"graph"`
	Extra                 Extra      `json:"-"`
}

// Variable declares an environment or conversation variable with its default.
type Variable struct {
	ID          string          `json:"id,omitempty"`
	Name        string          `json:"name"`
	ValueType   string          `json:"value_type"` // a value type name (engine.ParseType reads it)
	Value       json.RawMessage `json:"value,omitempty"`
	Description string          `json:"description,omitempty"`
	Extra       Extra           `json:"-"`
}

// Graph is nodes and edges.
type Graph struct {
	Nodes []GraphNode `json:"nodes"`
	Edges []Edge      `json:"edges"`
	// Notes are the canvas's sticky notes: shown and kept, never run.
	Notes []GraphNode `json:"notes,omitempty"`
	Extra Extra       `json:"-"`
}

// GraphNode is a node as written in the DSL. Data stays raw JSON: the node
// type's package decodes it (see NodeDef).
type GraphNode struct {
	ID       string          `json:"id"`
	Type     string          `json:"type"`
	Data     json.RawMessage `json:"data,omitempty"`
	Position *Position       `json:"position,omitempty"`
	// ParentID names the container node (an iteration, a loop) this node is
	// drawn in and runs inside, as one step of its body; "" for the app's
	// own steps. React Flow's and Dify's name for it.
	ParentID string `json:"parentId,omitempty"`
	Extra    Extra  `json:"-"`
}

// Position is where the editor draws a node.
type Position struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Edge connects a source handle of one node to another node.
type Edge struct {
	ID           string `json:"id,omitempty"`
	Source       string `json:"source"`
	Target       string `json:"target"`
	SourceHandle string `json:"sourceHandle,omitempty"`
	TargetHandle string `json:"targetHandle,omitempty"`
	Extra        Extra  `json:"-"`
}

// Name is how problems name the edge at index i: its id, or for an edge
// without one, its position and ends.
func (e Edge) Name(i int) string {
	if e.ID != "" {
		return e.ID
	}
	return fmt.Sprintf("#%d (%s → %s)", i+1, e.Source, e.Target)
}

// EdgeIndex returns the index of the edge a problem names (see Edge.Name), or -1.
func (g Graph) EdgeIndex(ref string) int {
	for i, e := range g.Edges {
		if e.Name(i) == ref {
			return i
		}
	}
	return -1
}

// Format is a DSL serialization.
type Format string

const (
	FormatYAML Format = "yaml"
	FormatJSON Format = "json"
)

// Parse reads a Lexflow DSL document in YAML or JSON. Dify documents are
// refused with ErrDifyDSL; use Import for those.
func Parse(data []byte) (*App, error) {
	doc, err := ParseDocument(data)
	if err != nil {
		return nil, err
	}
	return DecodeJSON(doc)
}

// Decode reads a DSL document from r without ever holding more than
// MaxDSLSize+1 bytes of it.
func Decode(r io.Reader) (*App, error) {
	data, err := readLimited(r)
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

func readLimited(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxDSLSize+1))
	if err != nil {
		return nil, fmt.Errorf("read dsl: %w", err)
	}
	if len(data) > MaxDSLSize {
		return nil, fmt.Errorf("read dsl: more than %d bytes: %w", MaxDSLSize, ErrTooLarge)
	}
	return data, nil
}

// ParseDocument checks the size, detects the format and returns compact JSON.
func ParseDocument(data []byte) ([]byte, error) {
	if len(data) > MaxDSLSize {
		return nil, fmt.Errorf("parse dsl: %d bytes is more than %d: %w", len(data), MaxDSLSize, ErrTooLarge)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("parse dsl: empty document: %w", ErrMalformed)
	}
	if looksLikeJSON(data) {
		return compactJSON(data)
	}
	return yamlToJSON(data)
}

func looksLikeJSON(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	return len(t) > 0 && t[0] == '{'
}

func compactJSON(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	if err := json.Compact(&buf, data); err != nil {
		return nil, fmt.Errorf("parse json: %w: %w", err, ErrMalformed)
	}
	return buf.Bytes(), nil
}

// PeekKind reads only the kind and version of a document.
func PeekKind(doc []byte) (kind, version string, err error) {
	var head struct {
		Kind    any `json:"kind"`
		Version any `json:"version"`
	}
	if err := json.Unmarshal(doc, &head); err != nil {
		return "", "", fmt.Errorf("parse dsl: the document is not a mapping: %w", ErrMalformed)
	}
	return fmt.Sprint(nilEmpty(head.Kind)), fmt.Sprint(nilEmpty(head.Version)), nil
}

func nilEmpty(x any) any {
	if x == nil {
		return ""
	}
	return x
}

func DecodeJSON(doc []byte) (*App, error) {
	kind, version, err := PeekKind(doc)
	if err != nil {
		return nil, err
	}
	switch kind {
	case DSLKind:
	case DifyKind:
		return nil, fmt.Errorf("parse dsl: kind %q is a Dify export; import it instead: %w", kind, ErrDifyDSL)
	default:
		return nil, fmt.Errorf("parse dsl: kind %q, want %q: %w", kind, DSLKind, ErrMalformed)
	}
	if err := checkVersion(version); err != nil {
		return nil, err
	}
	var app App
	if err := json.Unmarshal(doc, &app); err != nil {
		return nil, fmt.Errorf("parse dsl: %w: %w", err, ErrMalformed)
	}
	if err := app.CheckShape(); err != nil {
		return nil, err
	}
	return &app, nil
}

// checkVersion refuses another major version; a newer minor version is read,
// and Compile names any node type it brought (ErrNewerVersion).
func checkVersion(v string) error {
	major, _, err := ParseVersion(v)
	if err != nil {
		return fmt.Errorf("parse dsl: %w: %w", err, ErrMalformed)
	}
	ours, _, _ := ParseVersion(DSLVersion)
	if major != ours {
		return fmt.Errorf("parse dsl: version %s, this Lexflow reads %d.x: %w", v, ours, ErrUnsupportedVersion)
	}
	return nil
}

// ParseVersion reads "MAJOR.MINOR[.PATCH]".
func ParseVersion(v string) (major, minor int, err error) {
	parts := strings.Split(strings.TrimPrefix(v, "v"), ".")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, 0, fmt.Errorf("version %q is not MAJOR.MINOR.PATCH", v)
	}
	nums := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return 0, 0, fmt.Errorf("version %q is not MAJOR.MINOR.PATCH", v)
		}
		nums[i] = n
	}
	return nums[0], nums[1], nil
}

// NewerThanOurs reports whether a document's version is past DSLVersion.
func NewerThanOurs(v string) bool {
	major, minor, err := ParseVersion(v)
	if err != nil {
		return false
	}
	ourMajor, ourMinor, _ := ParseVersion(DSLVersion)
	return major > ourMajor || (major == ourMajor && minor > ourMinor)
}

// CheckShape verifies what JSON decoding cannot: the mode and that node data
// are mappings. Graph problems are Compile's job.
func (a *App) CheckShape() error {
	if a.App.Mode != ModeChatflow && a.App.Mode != ModeWorkflow {
		return fmt.Errorf("parse dsl: app.mode %q, want chatflow or workflow: %w", a.App.Mode, ErrMalformed)
	}
	for i, n := range a.Workflow.Graph.Nodes {
		if len(n.Data) > 0 && n.Data[0] != '{' && string(n.Data) != "null" {
			return fmt.Errorf("parse dsl: node %d (%q): data must be a mapping: %w", i, n.ID, ErrMalformed)
		}
	}
	return nil
}

// Export writes the app in the given format, stamped with DSLVersion.
func Export(app *App, format Format) ([]byte, error) {
	if app == nil {
		return nil, fmt.Errorf("export dsl: nil app")
	}
	out := *app
	out.Version, out.Kind = DSLVersion, DSLKind
	doc, err := json.Marshal(&out)
	if err != nil {
		return nil, fmt.Errorf("export dsl: %w", err)
	}
	switch format {
	case FormatJSON:
		var buf bytes.Buffer
		if err := json.Indent(&buf, doc, "", "  "); err != nil {
			return nil, fmt.Errorf("export dsl: %w", err)
		}
		return append(buf.Bytes(), '\n'), nil
	case FormatYAML, "":
		return jsonToYAML(doc)
	}
	return nil, fmt.Errorf("export dsl: unknown format %q", format)
}
