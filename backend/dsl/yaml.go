package dsl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"

	"gopkg.in/yaml.v3"
)

// YAML is converted to JSON by walking yaml.v3's node tree, not by decoding
// into maps, so that key order survives (prompts and conditions read in the
// order the author wrote them) and duplicate keys are caught.

// Bounds on what aliases may expand to, against "billion laughs": the
// expanded tree is sized before it is walked, and the output is capped.
const (
	maxYAMLNodes     = 2_000_000
	maxYAMLExpansion = 4 * MaxDSLSize
)

func yamlToJSON(data []byte) ([]byte, error) {
	var root yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&root); err != nil {
		return nil, fmt.Errorf("parse yaml: %w: %w", err, ErrMalformed)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err != io.EOF {
		return nil, fmt.Errorf("parse yaml: more than one document: %w", ErrMalformed)
	}
	if _, err := expandedSize(&root, map[*yaml.Node]int{}, 0); err != nil {
		return nil, fmt.Errorf("parse yaml: %w: %w", err, ErrMalformed)
	}
	w := &yamlWriter{plainYAML11: true}
	if err := w.node(&root); err != nil {
		return nil, fmt.Errorf("parse yaml: %w: %w", err, ErrMalformed)
	}
	return w.buf.Bytes(), nil
}

// expandedSize counts the nodes a walk following aliases would visit,
// memoized per node so that the count itself stays linear.
func expandedSize(n *yaml.Node, memo map[*yaml.Node]int, depth int) (int, error) {
	if size, ok := memo[n]; ok {
		if size < 0 {
			return 0, fmt.Errorf("line %d: an alias contains itself", n.Line)
		}
		return size, nil
	}
	if depth > 10_000 {
		return 0, fmt.Errorf("line %d: nested too deeply", n.Line)
	}
	memo[n] = -1
	size := 1
	children := n.Content
	if n.Kind == yaml.AliasNode {
		children = []*yaml.Node{n.Alias}
	}
	for _, c := range children {
		s, err := expandedSize(c, memo, depth+1)
		if err != nil {
			return 0, err
		}
		if size += s; size > maxYAMLNodes {
			return 0, fmt.Errorf("aliases expand to more than %d values", maxYAMLNodes)
		}
	}
	memo[n] = size
	return size, nil
}

type yamlWriter struct {
	buf bytes.Buffer
	// plainYAML11 resolves plain scalars by YAML 1.1's rules (yaml11.go):
	// set for parsed text, not for trees built from JSON, whose tags are known.
	plainYAML11 bool
}

func (w *yamlWriter) node(n *yaml.Node) error {
	if w.buf.Len() > maxYAMLExpansion {
		return fmt.Errorf("aliases expand to more than %d bytes", maxYAMLExpansion)
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return fmt.Errorf("empty document")
		}
		return w.node(n.Content[0])
	case yaml.MappingNode:
		return w.mapping(n)
	case yaml.SequenceNode:
		return w.sequence(n)
	case yaml.ScalarNode:
		return w.scalar(n)
	case yaml.AliasNode:
		return w.node(n.Alias)
	}
	return fmt.Errorf("line %d: unexpected node kind %d", n.Line, n.Kind)
}

func (w *yamlWriter) sequence(n *yaml.Node) error {
	w.buf.WriteByte('[')
	for i, c := range n.Content {
		if i > 0 {
			w.buf.WriteByte(',')
		}
		if err := w.node(c); err != nil {
			return err
		}
	}
	w.buf.WriteByte(']')
	return nil
}

func (w *yamlWriter) mapping(n *yaml.Node) error {
	pairs, err := mappingPairs(n, 0)
	if err != nil {
		return err
	}
	seen := make(map[string]bool, len(pairs))
	w.buf.WriteByte('{')
	for i, p := range pairs {
		if seen[p.key] {
			return fmt.Errorf("line %d: duplicate key %q", p.line, p.key)
		}
		seen[p.key] = true
		if i > 0 {
			w.buf.WriteByte(',')
		}
		k, _ := json.Marshal(p.key)
		w.buf.Write(k)
		w.buf.WriteByte(':')
		if err := w.node(p.value); err != nil {
			return err
		}
	}
	w.buf.WriteByte('}')
	return nil
}

type yamlPair struct {
	key   string
	line  int
	value *yaml.Node
}

// mappingPairs lists a mapping's pairs in order, expanding "<<" merge keys:
// merged keys come first and explicit keys override them.
func mappingPairs(n *yaml.Node, depth int) ([]yamlPair, error) {
	if depth > 32 {
		return nil, fmt.Errorf("line %d: merge keys nested too deeply", n.Line)
	}
	var merged, own []yamlPair
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, fmt.Errorf("line %d: a mapping key must be a plain value", k.Line)
		}
		if k.Tag == "!!merge" || (k.Value == "<<" && k.Style == 0) {
			m, err := mergePairs(v, depth)
			if err != nil {
				return nil, err
			}
			merged = append(merged, m...)
			continue
		}
		own = append(own, yamlPair{key: k.Value, line: k.Line, value: v})
	}
	return overridePairs(merged, own), nil
}

func mergePairs(v *yaml.Node, depth int) ([]yamlPair, error) {
	for v.Kind == yaml.AliasNode {
		v = v.Alias
	}
	switch v.Kind {
	case yaml.MappingNode:
		return mappingPairs(v, depth+1)
	case yaml.SequenceNode:
		var out []yamlPair
		for _, c := range v.Content {
			m, err := mergePairs(c, depth+1)
			if err != nil {
				return nil, err
			}
			out = overridePairs(out, m)
		}
		return out, nil
	}
	return nil, fmt.Errorf("line %d: a merge key needs a mapping", v.Line)
}

// overridePairs appends own to base, replacing base pairs with the same key.
func overridePairs(base, own []yamlPair) []yamlPair {
	if len(base) == 0 {
		return own
	}
	keys := make(map[string]bool, len(own))
	for _, p := range own {
		keys[p.key] = true
	}
	out := make([]yamlPair, 0, len(base)+len(own))
	for _, p := range base {
		if !keys[p.key] {
			out = append(out, p)
		}
	}
	return append(out, own...)
}

func (w *yamlWriter) scalar(n *yaml.Node) error {
	if w.plainYAML11 && n.Style == 0 {
		if v, ok := yaml11Scalar(n.Value); ok {
			w.buf.WriteString(v)
			return nil
		}
		if yaml11Tag(n.Value) == "!!str" || n.Value == "=" {
			b, _ := json.Marshal(n.Value)
			w.buf.Write(b)
			return nil
		}
	}
	switch n.ShortTag() {
	case "!!null":
		w.buf.WriteString("null")
		return nil
	case "!!bool", "!!int", "!!float":
		return w.resolved(n)
	}
	b, _ := json.Marshal(n.Value) // strings, timestamps and binary stay text
	w.buf.Write(b)
	return nil
}

// resolved writes booleans and numbers as YAML resolved them (0x1F, 1_000,
// ...). A number already spelled as JSON is copied verbatim, so that its
// text survives JSON → YAML → JSON.
func (w *yamlWriter) resolved(n *yaml.Node) error {
	if n.ShortTag() != "!!bool" && isJSONNumber(n.Value) {
		w.buf.WriteString(n.Value)
		return nil
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return fmt.Errorf("line %d: %w", n.Line, err)
	}
	if f, ok := v.(float64); ok && (math.IsInf(f, 0) || math.IsNaN(f)) {
		return fmt.Errorf("line %d: %s is not a finite number", n.Line, n.Value)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("line %d: %w", n.Line, err)
	}
	w.buf.Write(b)
	return nil
}

func isJSONNumber(s string) bool {
	return s != "" && (s[0] == '-' || (s[0] >= '0' && s[0] <= '9')) && json.Valid([]byte(s))
}

// jsonToYAML converts compact JSON into YAML, keeping key order. Multi-line
// strings use the literal block style so prompts stay readable.
func jsonToYAML(doc []byte) ([]byte, error) {
	root, err := JSONTree(doc)
	if err != nil {
		return nil, fmt.Errorf("export yaml: %w", err)
	}
	quoteForYAML11(root)
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, fmt.Errorf("export yaml: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("export yaml: %w", err)
	}
	return buf.Bytes(), nil
}

// JSONTree builds an ordered tree from JSON; TreeJSON writes one back.
// Together they edit JSON without losing key order.
func JSONTree(doc []byte) (*yaml.Node, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	return yamlValue(dec)
}

func TreeJSON(n *yaml.Node) ([]byte, error) {
	w := &yamlWriter{}
	if err := w.node(n); err != nil {
		return nil, err
	}
	return w.buf.Bytes(), nil
}

func yamlValue(dec *json.Decoder) (*yaml.Node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return yamlMapping(dec)
		}
		return yamlSequence(dec)
	case string:
		return YAMLString(t), nil
	case json.Number:
		return yamlNumber(t), nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(t)}, nil
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
}

func yamlMapping(dec *json.Decoder) (*yaml.Node, error) {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		val, err := yamlValue(dec)
		if err != nil {
			return nil, err
		}
		n.Content = append(n.Content, YAMLString(key), val)
	}
	_, err := dec.Token() // '}'
	return n, err
}

func yamlSequence(dec *json.Decoder) (*yaml.Node, error) {
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for dec.More() {
		val, err := yamlValue(dec)
		if err != nil {
			return nil, err
		}
		n.Content = append(n.Content, val)
	}
	if shortScalars(n.Content) {
		n.Style = yaml.FlowStyle // selectors read best as [node, var]
	}
	_, err := dec.Token() // ']'
	return n, err
}

// shortScalars reports whether a sequence is a few short plain values.
func shortScalars(items []*yaml.Node) bool {
	total := 0
	for _, it := range items {
		if it.Kind != yaml.ScalarNode || it.Style == yaml.LiteralStyle {
			return false
		}
		total += len(it.Value) + 2
	}
	return len(items) > 0 && total <= 60
}

func YAMLString(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	if bytes.ContainsRune([]byte(s), '\n') {
		n.Style = yaml.LiteralStyle
	}
	return n
}

func yamlNumber(num json.Number) *yaml.Node {
	tag := "!!float"
	if _, err := strconv.ParseInt(num.String(), 10, 64); err == nil {
		tag = "!!int"
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: num.String()}
}
