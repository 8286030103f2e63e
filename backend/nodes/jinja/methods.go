package jinja

import (
	"fmt"
	"math"
	"strings"
)

// callMethod runs one of the read-only methods templates may call on
// mappings and strings; nothing else is callable.
func callMethod(obj any, name string, pos []any) (any, error) {
	switch x := obj.(type) {
	case map[string]any:
		return mapMethod(x, name, pos)
	case string:
		return stringMethod(x, name, pos)
	}
	return nil, fmt.Errorf("%s has no method %q", typeName(obj), name)
}

func mapMethod(m map[string]any, name string, pos []any) (any, error) {
	keys := sortedKeys(m)
	out := make([]any, len(keys))
	switch name {
	case "items":
		for i, k := range keys {
			out[i] = []any{k, m[k]}
		}
		return out, nil
	case "keys":
		for i, k := range keys {
			out[i] = k
		}
		return out, nil
	case "values":
		for i, k := range keys {
			out[i] = m[k]
		}
		return out, nil
	case "get":
		if len(pos) == 0 {
			return nil, fmt.Errorf("get needs a key")
		}
		if v, ok := m[toString(pos[0])]; ok {
			return v, nil
		}
		return argOr(pos, 1, nil), nil
	}
	return nil, fmt.Errorf("mapping has no method %q", name)
}

func argOr(pos []any, i int, def any) any {
	if i < len(pos) {
		return pos[i]
	}
	return def
}

func stringMethod(s, name string, pos []any) (any, error) {
	arg := toString(argOr(pos, 0, ""))
	switch name {
	case "upper":
		return strings.ToUpper(s), nil
	case "lower":
		return strings.ToLower(s), nil
	case "strip":
		return strip(s, pos), nil
	case "startswith":
		return strings.HasPrefix(s, arg), nil
	case "endswith":
		return strings.HasSuffix(s, arg), nil
	case "replace":
		return strings.ReplaceAll(s, arg, toString(argOr(pos, 1, ""))), nil
	case "split":
		return split(s, pos), nil
	case "title":
		return titleCase(s), nil
	case "capitalize":
		return capitalize(s), nil
	}
	return nil, fmt.Errorf("string has no method %q", name)
}

func strip(s string, pos []any) string {
	if len(pos) == 0 {
		return strings.TrimSpace(s)
	}
	return strings.Trim(s, toString(pos[0]))
}

func split(s string, pos []any) []any {
	var parts []string
	if len(pos) == 0 || pos[0] == nil {
		parts = strings.Fields(s)
	} else {
		parts = strings.Split(s, toString(pos[0]))
	}
	out := make([]any, len(parts))
	for i, p := range parts {
		out[i] = p
	}
	return out
}

// runTest evaluates "x is name(args)".
func runTest(name string, v any, as []any) (bool, error) {
	_, isUndef := v.(undefined)
	switch name {
	case "defined":
		return !isUndef, nil
	case "undefined":
		return isUndef, nil
	case "none":
		return v == nil, nil
	case "string":
		_, ok := v.(string)
		return ok, nil
	case "number":
		_, ok := v.(float64)
		return ok, nil
	case "mapping":
		_, ok := v.(map[string]any)
		return ok, nil
	case "sequence", "iterable":
		_, list := v.([]any)
		_, str := v.(string)
		return list || str, nil
	case "boolean":
		_, ok := v.(bool)
		return ok, nil
	}
	return numberTest(name, v, as)
}

func numberTest(name string, v any, as []any) (bool, error) {
	f, ok := v.(float64)
	switch name {
	case "odd":
		return ok && math.Mod(math.Abs(f), 2) == 1, nil
	case "even":
		return ok && math.Mod(math.Abs(f), 2) == 0, nil
	case "divisibleby":
		d, okD := toNumber(argOr(as, 0, nil))
		return ok && okD && d != 0 && math.Mod(f, d) == 0, nil
	case "eq", "equalto", "sameas":
		return equal(v, argOr(as, 0, nil)), nil
	}
	return false, fmt.Errorf("unknown test %q", name)
}

// nameCollector lists the free names a template reads.
type nameCollector struct {
	bound map[string]int
	seen  map[string]bool
	names []string
}

func (c *nameCollector) nodes(body []node) {
	for _, n := range body {
		c.node(n)
	}
}

func (c *nameCollector) node(n node) {
	switch n := n.(type) {
	case outputNode:
		c.expr(n.x)
	case ifNode:
		for i, cond := range n.conds {
			c.expr(cond)
			c.nodes(n.bodies[i])
		}
		c.nodes(n.els)
	case forNode:
		c.expr(n.iter)
		c.bind(append([]string{"loop"}, n.vars...), 1)
		c.nodes(n.body)
		c.bind(append([]string{"loop"}, n.vars...), -1)
		c.nodes(n.els)
	case setNode:
		c.expr(n.x)
		c.bind([]string{n.name}, 1)
	}
}

func (c *nameCollector) bind(names []string, d int) {
	for _, n := range names {
		c.bound[n] += d
	}
}

func (c *nameCollector) use(name string) {
	if c.bound[name] > 0 || c.seen[name] {
		return
	}
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	c.seen[name] = true
	c.names = append(c.names, name)
}

func (c *nameCollector) expr(x expr) {
	switch x := x.(type) {
	case nameRef:
		c.use(x.name)
	case attrExpr:
		c.expr(x.obj)
	case indexExpr:
		c.expr(x.obj)
		c.expr(x.idx)
	case callExpr:
		c.expr(x.obj)
		c.exprs(x.args.pos)
	case filterExpr:
		c.expr(x.x)
		c.exprs(x.args.pos)
	case testExpr:
		c.expr(x.x)
		c.exprs(x.args)
	case binExpr:
		c.expr(x.l)
		c.expr(x.r)
	default:
		c.other(x)
	}
}

func (c *nameCollector) other(x expr) {
	switch x := x.(type) {
	case notExpr:
		c.expr(x.x)
	case negExpr:
		c.expr(x.x)
	case condExpr:
		c.exprs([]expr{x.cond, x.a, x.b})
	case listExpr:
		c.exprs(x.items)
	case dictExpr:
		c.exprs(x.keys)
		c.exprs(x.vals)
	}
}

func (c *nameCollector) exprs(xs []expr) {
	for _, x := range xs {
		c.expr(x)
	}
}
