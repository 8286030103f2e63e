package engine

import (
	"fmt"
	"slices"
)

// Registry maps node types to their factories. The application builds one
// explicitly (backend/nodes registers every type) and passes it to Compile;
// there is no global registry. Register everything before compiling: a
// Registry is read concurrently by compiles but not guarded against writes.
type Registry struct {
	factories map[string]NodeFactory
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{factories: map[string]NodeFactory{}} }

// Register adds a node type. Registering a type twice is an error, so that
// two packages cannot silently replace each other's node.
func (r *Registry) Register(nodeType string, f NodeFactory) error {
	switch {
	case nodeType == "":
		return fmt.Errorf("register node type: empty name")
	case f == nil:
		return fmt.Errorf("register node type %q: nil factory", nodeType)
	case r.factories[nodeType] != nil:
		return fmt.Errorf("register node type %q: already registered", nodeType)
	}
	r.factories[nodeType] = f
	return nil
}

// Lookup returns the factory for a type.
func (r *Registry) Lookup(nodeType string) (NodeFactory, bool) {
	f, ok := r.factories[nodeType]
	return f, ok
}

// Types lists the registered types, sorted.
func (r *Registry) Types() []string {
	out := make([]string, 0, len(r.factories))
	for t := range r.factories {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}
