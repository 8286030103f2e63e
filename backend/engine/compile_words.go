package engine

import (
	"errors"
	"fmt"
)

// How Compile words its problems for people: steps by their titles, variables
// as "Step › name", types in plain words. The technical form goes in Detail.

// specMessage is for a node type whose declaration is wrong: a programming
// error in Lexflow, not something the person can fix in the panel.
const specMessage = "This kind of step is declared wrongly in this version of Lexflow: replace the step, and report it."

// titleOf names node idx in a message (see planNode.name).
func (c *compiler) titleOf(idx int) string { return c.plan.nodes[idx].name() }

// titlesOf names nodes by title, in order.
func (c *compiler) titlesOf(idxs []int) []string {
	out := make([]string, len(idxs))
	for i, idx := range idxs {
		out[i] = c.titleOf(idx)
	}
	return out
}

// settingsProblem reports what a node's settings or factory refused: on the
// field the node named when it named one, in general words otherwise.
func (c *compiler) settingsProblem(id, prefix string, err error) {
	var fe *FieldError
	if errors.As(err, &fe) {
		c.ps.field(id, fe.Field, ErrInvalidNode, fe.Message, prefix+err.Error())
		return
	}
	c.ps.node(id, ErrInvalidNode, "The settings of this step could not be read: check them, or replace the step.", prefix+fmt.Sprint(err))
}

// variableWords names what a selector reads as a person sees it in the
// variable picker: "Retrieval › hits", "sys.query".
func (c *compiler) variableWords(sel Selector) string {
	if sel.IsNamespace() {
		return sel.String()
	}
	name := sel.Node()
	if idx, ok := c.plan.byID[name]; ok {
		name = c.titleOf(idx)
	}
	words := name
	for _, part := range sel[1:] {
		words += " › " + part
	}
	return words
}

var typeNames = map[Type]string{
	TypeAny:         "any value",
	TypeString:      "text",
	TypeSecret:      "text",
	TypeNumber:      "a number",
	TypeBool:        "yes or no",
	TypeObject:      "a structured value",
	TypeFile:        "a file",
	TypeArrayAny:    "a list",
	TypeArrayString: "a list of texts",
	TypeArrayNumber: "a list of numbers",
	TypeArrayBool:   "a list of yes-or-no values",
	TypeArrayObject: "a list of structured values",
	TypeArrayFile:   "a list of files",
}

// typeWords says a value type in plain words: "a list of texts".
func typeWords(t Type) string {
	if w, ok := typeNames[t]; ok {
		return w
	}
	return "a value of another kind"
}
