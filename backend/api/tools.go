package api

import (
	"context"

	"lexflow/backend/nodes"
)

// Tools lists the built-in tools a Tool step can call, sorted by name, with
// the JSON Schema of their parameters. They are the same whatever the
// library holds, so no data directory is needed to list them.
func (s *AppService) Tools(context.Context) ([]Tool, error) {
	reg, err := nodes.Tools(nodes.Deps{})
	if err != nil {
		return nil, err
	}
	names := reg.Names()
	out := make([]Tool, 0, len(names))
	for _, name := range names {
		t, _ := reg.Lookup(name)
		out = append(out, Tool{Name: t.Name(), Description: t.Description(), Parameters: t.Parameters()})
	}
	return out, nil
}
