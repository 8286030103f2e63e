package engine

import (
	"strings"
)

// Segment is one piece of a template: literal text, or a reference to a
// variable (Ref non-nil).
type Segment struct {
	Text string   `json:"text,omitempty"`
	Ref  Selector `json:"ref,omitempty"`
}

// IsRef reports whether the segment is a variable reference.
func (s Segment) IsRef() bool { return s.Ref != nil }

// Template is a parsed Dify-style template: "Hello {{#start.name#}}" becomes
// [literal "Hello ", ref start.name]. The Answer node streams it segment by
// segment; prompts render it whole.
type Template []Segment

const (
	refOpen  = "{{#"
	refClose = "#}}"
	// maxRefLen bounds the search for "#}}" so that a long text full of "{{#"
	// parses in linear time.
	maxRefLen = maxIDLen + maxPathNames*(maxNameLen+1) + 1
)

// ParseTemplate splits text into literal and reference segments. It never
// fails: like Dify, anything between "{{#" and "#}}" that is not a valid
// selector stays literal text. Adjacent literals are merged, and
// t.String() == text for every input.
func ParseTemplate(text string) Template {
	var t Template
	lit := 0 // start of the pending literal
	for i := 0; i < len(text); {
		sel, end, ok := refAt(text, i)
		if !ok {
			next := strings.Index(text[i+1:], refOpen)
			if next < 0 {
				break
			}
			i += 1 + next
			continue
		}
		t = t.appendLiteral(text[lit:i])
		t = append(t, Segment{Ref: sel})
		i, lit = end, end
	}
	return t.appendLiteral(text[lit:])
}

// refAt parses a reference starting exactly at i, returning the index after it.
func refAt(text string, i int) (Selector, int, bool) {
	if !strings.HasPrefix(text[i:], refOpen) {
		return nil, 0, false
	}
	body := text[i+len(refOpen):]
	limit := min(len(body), maxRefLen+len(refClose))
	j := strings.Index(body[:limit], refClose)
	if j < 0 {
		return nil, 0, false
	}
	sel := Selector(strings.Split(body[:j], "."))
	if sel.Validate() != nil {
		return nil, 0, false
	}
	return sel, i + len(refOpen) + j + len(refClose), true
}

func (t Template) appendLiteral(s string) Template {
	if s == "" {
		return t
	}
	if n := len(t); n > 0 && !t[n-1].IsRef() {
		t[n-1].Text += s
		return t
	}
	return append(t, Segment{Text: s})
}

// String rebuilds the template's source text.
func (t Template) String() string {
	var b strings.Builder
	for _, s := range t {
		if s.IsRef() {
			b.WriteString(refOpen + s.Ref.String() + refClose)
		} else {
			b.WriteString(s.Text)
		}
	}
	return b.String()
}

// Refs lists the referenced selectors in order, without duplicates.
func (t Template) Refs() []Selector {
	var out []Selector
	for _, s := range t {
		if s.IsRef() && !containsSelector(out, s.Ref) {
			out = append(out, s.Ref)
		}
	}
	return out
}

// Render substitutes each reference with its value's text; a missing value
// renders empty, as in Dify.
func (t Template) Render(lookup func(Selector) (Value, bool)) string {
	var b strings.Builder
	for _, s := range t {
		if !s.IsRef() {
			b.WriteString(s.Text)
			continue
		}
		if v, ok := lookup(s.Ref); ok {
			b.WriteString(v.Text())
		}
	}
	return b.String()
}

// TemplateRefs is a shortcut for nodes that only need to declare what a
// template string reads.
func TemplateRefs(text string) []Selector { return ParseTemplate(text).Refs() }

func containsSelector(list []Selector, s Selector) bool {
	for _, x := range list {
		if x.Equal(s) {
			return true
		}
	}
	return false
}
