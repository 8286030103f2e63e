package dsl

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// A node names its model as data.model {provider, name}; Dify's agent node
// as data.agent_parameters.model.value {provider, model}. An import lists
// every pair (ImportReport.Models, To empty); the caller decides where each
// goes and MapModels rewrites the nodes.

// ModelKey is how a report and the user name a model the document names:
// "provider/model", with a plugin provider ("langgenius/openai/openai")
// shortened to its last element ("openai/gpt-4o").
func ModelKey(provider, name string) string {
	return path.Base(provider) + "/" + name
}

type nodeModel struct {
	Model *struct {
		Provider string `json:"provider"`
		Name     string `json:"name"`
	} `json:"model"`
	Agent *struct {
		Model *struct {
			Value *struct {
				Provider string `json:"provider"`
				Model    string `json:"model"`
			} `json:"value"`
		} `json:"model"`
	} `json:"agent_parameters"`
}

// key is the pair the node names, or "" when it names none.
func (d nodeModel) key() string {
	switch {
	case d.Model != nil && d.Model.Name != "":
		return ModelKey(d.Model.Provider, d.Model.Name)
	case d.Agent != nil && d.Agent.Model != nil && d.Agent.Model.Value != nil && d.Agent.Model.Value.Model != "":
		return ModelKey(d.Agent.Model.Value.Provider, d.Agent.Model.Value.Model)
	}
	return ""
}

// ModelUses lists the pairs the app's nodes name, in order of first use.
func ModelUses(app *App) []ModelMapping {
	uses := []ModelMapping{}
	for _, n := range app.Workflow.Graph.Nodes {
		var d nodeModel
		if json.Unmarshal(n.Data, &d) != nil || d.key() == "" {
			continue
		}
		key := d.key()
		i := indexOfModel(uses, key)
		if i < 0 {
			uses = append(uses, ModelMapping{From: key, NodeIDs: []string{}})
			i = len(uses) - 1
		}
		uses[i].NodeIDs = append(uses[i].NodeIDs, n.ID)
	}
	return uses
}

func indexOfModel(uses []ModelMapping, key string) int {
	for i, u := range uses {
		if u.From == key {
			return i
		}
	}
	return -1
}

// MapModels points the nodes of each of the report's model pairs with a
// To ("provider/model") at that model, and notes the change on their lines.
func MapModels(app *App, rep *ImportReport) error {
	for _, m := range rep.Models {
		if m.To == "" || m.To == m.From {
			continue
		}
		provider, name, ok := strings.Cut(m.To, "/")
		if !ok || provider == "" || name == "" {
			return fmt.Errorf("map model %s: %q is not PROVIDER/MODEL", m.From, m.To)
		}
		for _, id := range m.NodeIDs {
			if err := setNodeModel(app, id, provider, name); err != nil {
				return fmt.Errorf("map model %s: %w", m.From, err)
			}
			rep.Node(id).Note(OutcomeChanged, fmt.Sprintf("model %s replaced by %s (%s)", m.From, m.To, m.Why))
		}
	}
	return nil
}

// setNodeModel rewrites data.model's provider and name (a Dify agent's
// agent_parameters.model.value provider and model), keeping every other key
// and their order.
func setNodeModel(app *App, id, provider, name string) error {
	return editNodeData(app, id, func(root *yaml.Node) error {
		if model := MappingValue(root, "model"); model != nil {
			setMappingString(model, "provider", provider)
			setMappingString(model, "name", name)
		} else if agent := MappingValue(MappingValue(MappingValue(root, "agent_parameters"), "model"), "value"); agent != nil {
			setMappingString(agent, "provider", provider)
			setMappingString(agent, "model", name)
		} else {
			return fmt.Errorf("node %q names no model", id)
		}
		return nil
	})
}

// editNodeData lets edit change a node's data as a YAML tree, which keeps
// the keys it does not touch and their order.
func editNodeData(app *App, id string, edit func(root *yaml.Node) error) error {
	i := slices.IndexFunc(app.Workflow.Graph.Nodes, func(n GraphNode) bool { return n.ID == id })
	if i < 0 {
		return fmt.Errorf("no node %q", id)
	}
	root, err := JSONTree(app.Workflow.Graph.Nodes[i].Data)
	if err != nil {
		return err
	}
	if err := edit(root); err != nil {
		return err
	}
	data, err := TreeJSON(root)
	if err != nil {
		return err
	}
	app.Workflow.Graph.Nodes[i].Data = data
	return nil
}

// MappingValue is the value of key in the mapping m; nil when m is nil or
// has no such key.
func MappingValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func setMappingString(m *yaml.Node, key, value string) {
	if v := MappingValue(m, key); v != nil {
		*v = *YAMLString(value)
		return
	}
	m.Content = append(m.Content, YAMLString(key), YAMLString(value))
}
