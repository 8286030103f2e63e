package api

// AppTemplate is a sample app a new app can start from.
type AppTemplate struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Mode        string `json:"mode" ts:"'chatflow' | 'workflow'"`
	Description string `json:"description"`
}

// AppCreate makes a new app: blank in the given mode, or a copy of a template
// (whose mode wins). An empty name takes the template's, or "Untitled ...".
type AppCreate struct {
	Mode        string `json:"mode" ts:"'chatflow' | 'workflow'"`
	Template    string `json:"template"`
	Name        string `json:"name"`
	Description string `json:"description"`
}

// AppRename changes an app's name and description (in its DSL too).
type AppRename struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// AppDocument is an app with its DSL, as the editor loads and saves it.
type AppDocument struct {
	App App `json:"app"`
	// DSL is the app's DSL as JSON text, exactly as GET /api/apps/{id}/export?format=json.
	DSL string `json:"dsl"`
	// Problems are what Compile found; the DSL is saved (as a draft) either way.
	Problems []CompileProblem `json:"problems"`
	// Outputs are the variables each node declares, for the editor's variable
	// picker; a draft that does not compile still has them for the nodes that build.
	Outputs []NodeOutputs `json:"outputs"`
	// Sys are the sys.* variables of the app's mode.
	Sys []VariableDecl `json:"sys"`
}

// NodeOutputs are the variables one node produces.
type NodeOutputs struct {
	NodeID  string         `json:"nodeId"`
	Outputs []VariableDecl `json:"outputs"`
}

// VariableDecl is a variable's name and value type ("string", "array[object]"...).
type VariableDecl struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// AppSave saves a new version of an app's DSL (ours, YAML or JSON).
// BaseVersion is the version the edit started from; 0 saves over any.
type AppSave struct {
	DSL         string `json:"dsl"`
	BaseVersion int    `json:"baseVersion"`
}

// DSLCheck asks for a DSL's compile problems without saving it.
type DSLCheck struct {
	DSL string `json:"dsl"`
}

// Validation is the outcome of compiling a DSL.
type Validation struct {
	Valid    bool             `json:"valid"`
	Problems []CompileProblem `json:"problems"`
}

// CompileProblem is one thing wrong with a graph, located for the canvas:
// a node (and the setting at fault), an edge (by id, or by index for edges
// without one), or the app. Message is for people; Detail is the technical
// account, for a tooltip.
type CompileProblem struct {
	Kind string `json:"kind"` // "cycle", "unknown node type", ...
	// Code is the kind as a stable identifier ("cycle", "missing_node", ...).
	Code    string `json:"code"`
	Message string `json:"message"`
	Detail  string `json:"detail"`
	// Field is the node's setting at fault, a path into its data with dots
	// ("cases.0.conditions.1.variable_selector"), or "".
	Field     string   `json:"field"`
	NodeID    string   `json:"nodeId"`
	NodeIDs   []string `json:"nodeIds"`
	EdgeID    string   `json:"edgeId"`
	EdgeIndex int      `json:"edgeIndex"` // -1 when the problem is not about an edge
}
