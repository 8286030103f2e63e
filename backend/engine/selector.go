package engine

import (
	"fmt"
	"strings"
)

// Namespaces that are not node ids. A node may not use one of them as its id.
const (
	NamespaceSys          = "sys"
	NamespaceEnv          = "env"
	NamespaceConversation = "conversation"
)

// Selector addresses a variable: [node_id, var, ...path], or
// [sys|env|conversation, name]. It is what the DSL stores (Dify's
// value_selector) and what templates compile to.
type Selector []string

// ParseSelector splits "node.var.sub" into a selector and validates it.
func ParseSelector(s string) (Selector, error) {
	sel := Selector(strings.Split(s, "."))
	if err := sel.Validate(); err != nil {
		return nil, err
	}
	return sel, nil
}

// Validate checks the shape: a node id (or namespace) then 1..10 names.
func (s Selector) Validate() error {
	if len(s) < 2 {
		return fmt.Errorf("validate selector %q: need [node_id, variable]", s.String())
	}
	if len(s) > 1+maxPathNames {
		return fmt.Errorf("validate selector %q: more than %d names", s.String(), maxPathNames)
	}
	if !validNodeID(s[0]) {
		return fmt.Errorf("validate selector %q: bad node id %q", s.String(), s[0])
	}
	for _, name := range s[1:] {
		if !validName(name) {
			return fmt.Errorf("validate selector %q: bad variable name %q", s.String(), name)
		}
	}
	return nil
}

// String joins with dots: "llm1.text".
func (s Selector) String() string { return strings.Join(s, ".") }

// Node is the first element: a node id or a namespace.
func (s Selector) Node() string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

// Var is the second element: the output (or sys/env/conversation) name.
func (s Selector) Var() string {
	if len(s) < 2 {
		return ""
	}
	return s[1]
}

// Path is what follows the variable name: object keys or file attributes.
func (s Selector) Path() []string {
	if len(s) < 3 {
		return nil
	}
	return s[2:]
}

// IsNamespace reports whether the selector reads sys, env or conversation.
func (s Selector) IsNamespace() bool { return isNamespace(s.Node()) }

// Equal compares element-wise.
func (s Selector) Equal(o Selector) bool {
	if len(s) != len(o) {
		return false
	}
	for i := range s {
		if s[i] != o[i] {
			return false
		}
	}
	return true
}

func isNamespace(id string) bool {
	return id == NamespaceSys || id == NamespaceEnv || id == NamespaceConversation
}

const (
	maxIDLen     = 64
	maxNameLen   = 64
	maxPathNames = 10
)

// validNodeID accepts Dify's ids (timestamps, "llm", "1711_start") and ours
// (letters, digits, '_' and '-').
func validNodeID(id string) bool {
	if id == "" || len(id) > maxIDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		if !isIDByte(id[i]) {
			return false
		}
	}
	return true
}

// ValidName reports whether a variable name is one Lexflow accepts (a
// letter or '_' then letters, digits and '_'), for node types that name
// their own outputs.
func ValidName(name string) bool { return validName(name) }

// validName accepts a variable name: a letter or '_' then letters, digits, '_'.
func validName(name string) bool {
	if name == "" || len(name) > maxNameLen || isDigit(name[0]) {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !isNameByte(name[i]) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool    { return c >= '0' && c <= '9' }
func isNameByte(c byte) bool { return c == '_' || isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'z') }
func isIDByte(c byte) bool   { return c == '-' || isNameByte(c) }
