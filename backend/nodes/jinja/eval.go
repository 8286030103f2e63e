package jinja

import (
	"fmt"
	"math"
)

// run executes statement nodes.
func (s *state) run(body []node, depth int) error {
	if depth > s.lim.MaxDepth {
		return fmt.Errorf("render template: nested deeper than %d: %w", s.lim.MaxDepth, ErrLimit)
	}
	for _, n := range body {
		if err := s.exec(n, depth); err != nil {
			return err
		}
	}
	return nil
}

func (s *state) exec(n node, depth int) error {
	switch n := n.(type) {
	case textNode:
		return s.write(n.text)
	case outputNode:
		v, err := s.eval(n.x)
		if err != nil {
			return err
		}
		return s.write(toString(v))
	case ifNode:
		return s.execIf(n, depth)
	case forNode:
		return s.execFor(n, depth)
	case setNode:
		v, err := s.eval(n.x)
		if err != nil {
			return err
		}
		s.scopes[len(s.scopes)-1][n.name] = v
	}
	return nil
}

func (s *state) execIf(n ifNode, depth int) error {
	for i, c := range n.conds {
		v, err := s.eval(c)
		if err != nil {
			return err
		}
		if truthy(v) {
			return s.run(n.bodies[i], depth+1)
		}
	}
	return s.run(n.els, depth+1)
}

func (s *state) execFor(n forNode, depth int) error {
	v, err := s.eval(n.iter)
	if err != nil {
		return err
	}
	items, err := iterate(v, n.line)
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return s.run(n.els, depth+1)
	}
	scope := map[string]any{}
	s.push(scope)
	defer s.pop()
	for i, item := range items {
		if s.iters++; s.iters > s.lim.MaxIterations {
			return fmt.Errorf("render template: line %d: more than %d loop iterations: %w", n.line, s.lim.MaxIterations, ErrLimit)
		}
		if err := bindLoopVars(scope, n, item); err != nil {
			return err
		}
		scope["loop"] = loopInfo(i, len(items))
		if err := s.run(n.body, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func bindLoopVars(scope map[string]any, n forNode, item any) error {
	if len(n.vars) == 1 {
		scope[n.vars[0]] = item
		return nil
	}
	parts, ok := item.([]any)
	if !ok || len(parts) != len(n.vars) {
		return renderErr(n.line, "cannot unpack %s into %d loop variables", typeName(item), len(n.vars))
	}
	for i, name := range n.vars {
		scope[name] = parts[i]
	}
	return nil
}

func loopInfo(i, n int) map[string]any {
	return map[string]any{
		"index": float64(i + 1), "index0": float64(i), "revindex": float64(n - i), "revindex0": float64(n - i - 1),
		"first": i == 0, "last": i == n-1, "length": float64(n),
	}
}

// eval computes an expression.
func (s *state) eval(x expr) (any, error) {
	switch x := x.(type) {
	case literal:
		return x.v, nil
	case nameRef:
		if v, ok := s.lookup(x.name); ok {
			return v, nil
		}
		return undefined{name: x.name}, nil
	case attrExpr:
		obj, err := s.eval(x.obj)
		if err != nil {
			return nil, err
		}
		return getItem(obj, x.name), nil
	case indexExpr:
		return s.evalIndex(x)
	case callExpr:
		return s.evalCall(x)
	case filterExpr:
		return s.evalFilter(x)
	case testExpr:
		return s.evalTest(x)
	case binExpr:
		return s.evalBinary(x)
	}
	return s.evalOther(x)
}

func (s *state) evalOther(x expr) (any, error) {
	switch x := x.(type) {
	case notExpr:
		v, err := s.eval(x.x)
		return !truthy(v), err
	case negExpr:
		v, err := s.eval(x.x)
		if err != nil {
			return nil, err
		}
		f, ok := toNumber(v)
		if !ok {
			return nil, renderErr(x.line, "cannot negate %s", typeName(v))
		}
		return -f, nil
	case condExpr:
		c, err := s.eval(x.cond)
		if err != nil {
			return nil, err
		}
		if truthy(c) {
			return s.eval(x.a)
		}
		return s.eval(x.b)
	case listExpr:
		return s.evalList(x.items)
	case dictExpr:
		return s.evalDict(x)
	}
	return nil, fmt.Errorf("render template: unknown expression %T: %w", x, ErrRender)
}

func (s *state) evalList(items []expr) ([]any, error) {
	out := make([]any, len(items))
	for i, it := range items {
		v, err := s.eval(it)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func (s *state) evalDict(d dictExpr) (any, error) {
	out := make(map[string]any, len(d.keys))
	for i := range d.keys {
		k, err := s.eval(d.keys[i])
		if err != nil {
			return nil, err
		}
		v, err := s.eval(d.vals[i])
		if err != nil {
			return nil, err
		}
		out[toString(k)] = v
	}
	return out, nil
}

func (s *state) evalIndex(x indexExpr) (any, error) {
	obj, err := s.eval(x.obj)
	if err != nil {
		return nil, err
	}
	idx, err := s.eval(x.idx)
	if err != nil {
		return nil, err
	}
	list, isList := obj.([]any)
	str, isStr := obj.(string)
	f, isNum := idx.(float64)
	switch {
	case isList && isNum:
		return elemAt(list, f), nil
	case isStr && isNum:
		r := []rune(str)
		if i, ok := position(len(r), f); ok {
			return string(r[i]), nil
		}
		return undefined{}, nil
	}
	return getItem(obj, toString(idx)), nil
}

func elemAt(list []any, f float64) any {
	if i, ok := position(len(list), f); ok {
		return list[i]
	}
	return undefined{}
}

// position turns a Python index (negative from the end) into a slice index.
func position(n int, f float64) (int, bool) {
	if f != math.Trunc(f) {
		return 0, false
	}
	i := int(f)
	if i < 0 {
		i += n
	}
	return i, i >= 0 && i < n
}

func (s *state) evalBinary(x binExpr) (any, error) {
	l, err := s.eval(x.l)
	if err != nil {
		return nil, err
	}
	switch x.op {
	case "and":
		if !truthy(l) {
			return l, nil
		}
		return s.eval(x.r)
	case "or":
		if truthy(l) {
			return l, nil
		}
		return s.eval(x.r)
	}
	r, err := s.eval(x.r)
	if err != nil {
		return nil, err
	}
	return binary(x.op, l, r, x.line)
}

func (s *state) evalArgs(a callArgs) ([]any, map[string]any, error) {
	pos, err := s.evalList(a.pos)
	if err != nil {
		return nil, nil, err
	}
	kw := make(map[string]any, len(a.kw))
	for k, x := range a.kw {
		v, err := s.eval(x)
		if err != nil {
			return nil, nil, err
		}
		kw[k] = v
	}
	return pos, kw, nil
}

func (s *state) evalFilter(x filterExpr) (any, error) {
	v, err := s.eval(x.x)
	if err != nil {
		return nil, err
	}
	pos, kw, err := s.evalArgs(x.args)
	if err != nil {
		return nil, err
	}
	f, ok := filterByName(x.name)
	if !ok {
		return nil, renderErr(x.line, "unknown filter %q", x.name)
	}
	out, err := f(v, args{pos: pos, kw: kw})
	if err != nil {
		return nil, renderErr(x.line, "filter %s: %v", x.name, err)
	}
	return out, nil
}

func (s *state) evalCall(x callExpr) (any, error) {
	obj, err := s.eval(x.obj)
	if err != nil {
		return nil, err
	}
	pos, _, err := s.evalArgs(x.args)
	if err != nil {
		return nil, err
	}
	out, err := callMethod(obj, x.name, pos)
	if err != nil {
		return nil, renderErr(x.line, "%v", err)
	}
	return out, nil
}

func (s *state) evalTest(x testExpr) (any, error) {
	v, err := s.eval(x.x)
	if err != nil {
		return nil, err
	}
	as, err := s.evalList(x.args)
	if err != nil {
		return nil, err
	}
	ok, err := runTest(x.name, v, as)
	if err != nil {
		return nil, renderErr(x.line, "%v", err)
	}
	return ok != x.negate, nil
}
