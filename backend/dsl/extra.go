package dsl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// Extra holds the keys of a DSL object that the engine does not interpret
// (editor state, Dify's extra fields, keys from a newer version), as compact
// JSON, so that export writes them back unchanged.
type Extra map[string]json.RawMessage

// Each DSL struct decodes its known fields with the standard decoder (through
// a method-less copy of itself) and keeps the rest in Extra.

func (a *App) UnmarshalJSON(b []byte) error {
	type plain App
	return decodeWithExtra(b, (*plain)(a), &a.Extra)
}

func (a App) MarshalJSON() ([]byte, error) {
	type plain App
	return encodeWithExtra(plain(a), a.Extra)
}

func (a *AppInfo) UnmarshalJSON(b []byte) error {
	type plain AppInfo
	return decodeWithExtra(b, (*plain)(a), &a.Extra)
}

func (a AppInfo) MarshalJSON() ([]byte, error) {
	type plain AppInfo
	return encodeWithExtra(plain(a), a.Extra)
}

func (w *Workflow) UnmarshalJSON(b []byte) error {
	type plain Workflow
	return decodeWithExtra(b, (*plain)(w), &w.Extra)
}

func (w Workflow) MarshalJSON() ([]byte, error) {
	type plain Workflow
	return encodeWithExtra(plain(w), w.Extra)
}

func (v *Variable) UnmarshalJSON(b []byte) error {
	type plain Variable
	if err := decodeWithExtra(b, (*plain)(v), &v.Extra); err != nil {
		return err
	}
	return compactRaw(&v.Value)
}

func (v Variable) MarshalJSON() ([]byte, error) {
	type plain Variable
	return encodeWithExtra(plain(v), v.Extra)
}

func (g *Graph) UnmarshalJSON(b []byte) error {
	type plain Graph
	return decodeWithExtra(b, (*plain)(g), &g.Extra)
}

func (g Graph) MarshalJSON() ([]byte, error) {
	type plain Graph
	return encodeWithExtra(plain(g), g.Extra)
}

func (n *GraphNode) UnmarshalJSON(b []byte) error {
	type plain GraphNode
	if err := decodeWithExtra(b, (*plain)(n), &n.Extra); err != nil {
		return err
	}
	return compactRaw(&n.Data)
}

func (n GraphNode) MarshalJSON() ([]byte, error) {
	type plain GraphNode
	return encodeWithExtra(plain(n), n.Extra)
}

func (e *Edge) UnmarshalJSON(b []byte) error {
	type plain Edge
	return decodeWithExtra(b, (*plain)(e), &e.Extra)
}

func (e Edge) MarshalJSON() ([]byte, error) {
	type plain Edge
	return encodeWithExtra(plain(e), e.Extra)
}

// decodeWithExtra fills dst's known fields and puts every other key in extra.
func decodeWithExtra(b []byte, dst any, extra *Extra) error {
	if err := json.Unmarshal(b, dst); err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return err
	}
	// encoding/json matches keys case-insensitively; so must we, or a key
	// would be both decoded and kept.
	known := jsonKeys(reflect.TypeOf(dst).Elem())
	for k := range all {
		if slices.Contains(known, strings.ToLower(k)) {
			delete(all, k)
		}
	}
	*extra = nil
	if len(all) == 0 {
		return nil
	}
	for k, v := range all {
		if err := compactRaw(&v); err != nil {
			return err
		}
		all[k] = v
	}
	*extra = all
	return nil
}

// encodeWithExtra writes src's fields, then the extra keys sorted.
func encodeWithExtra(src any, extra Extra) ([]byte, error) {
	b, err := json.Marshal(src)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	buf := bytes.NewBuffer(b[:len(b)-1]) // drop the closing brace
	for _, k := range keys {
		if buf.Len() > 1 {
			buf.WriteByte(',')
		}
		name, _ := json.Marshal(k)
		buf.Write(name)
		buf.WriteByte(':')
		if len(extra[k]) == 0 {
			buf.WriteString("null")
		} else {
			buf.Write(extra[k])
		}
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// jsonKeys lists the lower-cased JSON names of a struct's fields.
func jsonKeys(t reflect.Type) []string {
	var keys []string
	for i := 0; i < t.NumField(); i++ {
		tag := t.Field(i).Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name != "-" && name != "" {
			keys = append(keys, strings.ToLower(name))
		}
	}
	return keys
}

// compactRaw removes insignificant whitespace so that equal documents compare
// equal byte for byte, whatever their source format.
func compactRaw(raw *json.RawMessage) error {
	if len(*raw) == 0 {
		return nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, *raw); err != nil {
		return fmt.Errorf("compact json: %w", err)
	}
	*raw = buf.Bytes()
	return nil
}
