package jinja

import (
	"strconv"
)

// Call arguments and primary values: literals, names, groups, lists, dicts.

func (p *parser) parseCallArgs() (callArgs, error) {
	p.next() // (
	var a callArgs
	for !p.isOp(")") {
		if len(a.pos)+len(a.kw) > 0 {
			if err := p.expectOp(","); err != nil {
				return a, err
			}
		}
		if err := p.parseArg(&a); err != nil {
			return a, err
		}
	}
	p.next()
	return a, nil
}

func (p *parser) parseArg(a *callArgs) error {
	t := p.peek()
	if t.kind == tName && p.toks[p.pos+1].kind == tOp && p.toks[p.pos+1].val == "=" {
		p.pos += 2
		x, err := p.parseExpr()
		if a.kw == nil {
			a.kw = map[string]expr{}
		}
		a.kw[t.val] = x
		return err
	}
	x, err := p.parseExpr()
	a.pos = append(a.pos, x)
	return err
}

func (p *parser) parsePrimary() (expr, error) {
	t := p.next()
	switch t.kind {
	case tNumber:
		f, err := strconv.ParseFloat(t.val, 64)
		if err != nil {
			return nil, syntaxErr(t.line, "bad number %q", t.val)
		}
		return literal{v: f}, nil
	case tString:
		s := t.val
		for p.peek().kind == tString {
			s += p.next().val
		}
		return literal{v: s}, nil
	case tName:
		return nameLiteral(t), nil
	case tOp:
		return p.parseGroup(t)
	}
	return nil, syntaxErr(t.line, "expected a value, found %s", t)
}

func nameLiteral(t token) expr {
	switch t.val {
	case "true", "True":
		return literal{v: true}
	case "false", "False":
		return literal{v: false}
	case "none", "None":
		return literal{v: nil}
	}
	return nameRef{name: t.val, line: t.line}
}

func (p *parser) parseGroup(t token) (expr, error) {
	switch t.val {
	case "(":
		x, err := p.parseExpr()
		if err != nil {
			return nil, err
		}
		return x, p.expectOp(")")
	case "[":
		items, err := p.parseList("]")
		return listExpr{items: items}, err
	case "{":
		return p.parseDict()
	}
	return nil, syntaxErr(t.line, "expected a value, found %s", t)
}

func (p *parser) parseList(end string) ([]expr, error) {
	var items []expr
	for !p.isOp(end) {
		if len(items) > 0 {
			if err := p.expectOp(","); err != nil {
				return nil, err
			}
			if p.isOp(end) {
				break // trailing comma
			}
		}
		x, err := p.parseExpr()
		if err != nil {
			return nil, err
		}
		items = append(items, x)
	}
	p.next()
	return items, nil
}

func (p *parser) parseDict() (expr, error) {
	var d dictExpr
	for !p.isOp("}") {
		if len(d.keys) > 0 {
			if err := p.expectOp(","); err != nil {
				return nil, err
			}
		}
		k, err := p.parseExpr()
		if err != nil {
			return nil, err
		}
		if err := p.expectOp(":"); err != nil {
			return nil, err
		}
		v, err := p.parseExpr()
		if err != nil {
			return nil, err
		}
		d.keys, d.vals = append(d.keys, k), append(d.vals, v)
	}
	p.next()
	return d, nil
}
