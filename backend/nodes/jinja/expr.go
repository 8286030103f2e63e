package jinja

// Expression nodes; eval is in eval.go.
type expr interface{ isExpr() }

type (
	literal struct{ v any }
	nameRef struct {
		name string
		line int
	}
	attrExpr struct {
		obj  expr
		name string
		line int
	}
	indexExpr struct {
		obj, idx expr
		line     int
	}
	callExpr struct { // a method call: obj.name(args)
		obj  expr
		name string
		args callArgs
		line int
	}
	filterExpr struct {
		x    expr
		name string
		args callArgs
		line int
	}
	testExpr struct {
		x      expr
		name   string
		args   []expr
		negate bool
		line   int
	}
	binExpr struct {
		op   string
		l, r expr
		line int
	}
	notExpr struct{ x expr }
	negExpr struct {
		x    expr
		line int
	}
	condExpr struct{ cond, a, b expr }
	listExpr struct{ items []expr }
	dictExpr struct{ keys, vals []expr }
)

type callArgs struct {
	pos []expr
	kw  map[string]expr
}

func (literal) isExpr()    {}
func (nameRef) isExpr()    {}
func (attrExpr) isExpr()   {}
func (indexExpr) isExpr()  {}
func (callExpr) isExpr()   {}
func (filterExpr) isExpr() {}
func (testExpr) isExpr()   {}
func (binExpr) isExpr()    {}
func (notExpr) isExpr()    {}
func (negExpr) isExpr()    {}
func (condExpr) isExpr()   {}
func (listExpr) isExpr()   {}
func (dictExpr) isExpr()   {}

func (p *parser) isOp(op string) bool {
	t := p.peek()
	return t.kind == tOp && t.val == op
}

func (p *parser) isName(name string) bool {
	t := p.peek()
	return t.kind == tName && t.val == name
}

// parseExpr: a conditional expression, the lowest precedence.
func (p *parser) parseExpr() (expr, error) {
	if err := p.enter(p.peek().line); err != nil {
		return nil, err
	}
	defer p.leave()
	a, err := p.parseOr()
	if err != nil || !p.isName("if") {
		return a, err
	}
	p.next()
	cond, err := p.parseOr()
	if err != nil {
		return nil, err
	}
	var b expr = literal{v: undefined{}}
	if p.isName("else") {
		p.next()
		if b, err = p.parseExpr(); err != nil {
			return nil, err
		}
	}
	return condExpr{cond: cond, a: a, b: b}, nil
}

// binaryLevel parses left-associative operators of one precedence level.
func (p *parser) binaryLevel(ops []string, names bool, next func() (expr, error)) (expr, error) {
	l, err := next()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if !matches(t, ops, names) {
			return l, nil
		}
		p.next()
		r, err := next()
		if err != nil {
			return nil, err
		}
		l = binExpr{op: t.val, l: l, r: r, line: t.line}
	}
}

func matches(t token, ops []string, names bool) bool {
	if (names && t.kind != tName) || (!names && t.kind != tOp) {
		return false
	}
	for _, op := range ops {
		if t.val == op {
			return true
		}
	}
	return false
}

func (p *parser) parseOr() (expr, error) {
	return p.binaryLevel([]string{"or"}, true, p.parseAnd)
}

func (p *parser) parseAnd() (expr, error) {
	return p.binaryLevel([]string{"and"}, true, p.parseNot)
}

func (p *parser) parseNot() (expr, error) {
	if !p.isName("not") {
		return p.parseCompare()
	}
	t := p.next()
	if err := p.enter(t.line); err != nil {
		return nil, err
	}
	defer p.leave()
	x, err := p.parseNot()
	return notExpr{x: x}, err
}

func (p *parser) parseCompare() (expr, error) {
	l, err := p.parseConcat()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		op := ""
		switch {
		case matches(t, []string{"==", "!=", "<", ">", "<=", ">="}, false), t.kind == tName && t.val == "in":
			op = t.val
			p.next()
		case t.kind == tName && t.val == "not" && p.toks[p.pos+1].kind == tName && p.toks[p.pos+1].val == "in":
			op = "not in"
			p.pos += 2
		default:
			return l, nil
		}
		r, err := p.parseConcat()
		if err != nil {
			return nil, err
		}
		l = binExpr{op: op, l: l, r: r, line: t.line}
	}
}

func (p *parser) parseConcat() (expr, error) {
	return p.binaryLevel([]string{"~"}, false, p.parseAdd)
}

func (p *parser) parseAdd() (expr, error) {
	return p.binaryLevel([]string{"+", "-"}, false, p.parseMul)
}

func (p *parser) parseMul() (expr, error) {
	return p.binaryLevel([]string{"*", "/", "//", "%"}, false, p.parseUnary)
}

func (p *parser) parseUnary() (expr, error) {
	if !p.isOp("-") && !p.isOp("+") {
		x, err := p.parsePrimary()
		if err != nil {
			return nil, err
		}
		if x, err = p.parsePostfix(x); err != nil {
			return nil, err
		}
		return p.parseFilters(x)
	}
	t := p.next()
	if err := p.enter(t.line); err != nil {
		return nil, err
	}
	defer p.leave()
	x, err := p.parseUnary()
	if t.val == "+" {
		return x, err
	}
	return negExpr{x: x, line: t.line}, err
}

func (p *parser) parsePostfix(x expr) (expr, error) {
	for {
		t := p.peek()
		switch {
		case t.kind == tOp && t.val == ".":
			p.next()
			name := p.next()
			if name.kind != tName && name.kind != tNumber {
				return nil, syntaxErr(name.line, "expected an attribute name after '.', found %s", name)
			}
			if !p.isOp("(") {
				x = attrExpr{obj: x, name: name.val, line: name.line}
				continue
			}
			args, err := p.parseCallArgs()
			if err != nil {
				return nil, err
			}
			x = callExpr{obj: x, name: name.val, args: args, line: name.line}
		case t.kind == tOp && t.val == "[":
			p.next()
			idx, err := p.parseExpr()
			if err != nil {
				return nil, err
			}
			if err := p.expectOp("]"); err != nil {
				return nil, err
			}
			x = indexExpr{obj: x, idx: idx, line: t.line}
		default:
			return x, nil
		}
	}
}

// parseFilters reads "| name(args)" and "is [not] test" suffixes.
func (p *parser) parseFilters(x expr) (expr, error) {
	for {
		switch {
		case p.isOp("|"):
			p.next()
			name := p.next()
			if name.kind != tName {
				return nil, syntaxErr(name.line, "expected a filter name after '|', found %s", name)
			}
			var args callArgs
			if p.isOp("(") {
				var err error
				if args, err = p.parseCallArgs(); err != nil {
					return nil, err
				}
			}
			x = filterExpr{x: x, name: name.val, args: args, line: name.line}
		case p.isName("is"):
			t, err := p.parseTest(x)
			if err != nil {
				return nil, err
			}
			x = t
		default:
			return x, nil
		}
	}
}

func (p *parser) parseTest(x expr) (expr, error) {
	p.next()
	t := testExpr{x: x}
	if p.isName("not") {
		p.next()
		t.negate = true
	}
	name := p.next()
	if name.kind != tName {
		return nil, syntaxErr(name.line, "expected a test name after 'is', found %s", name)
	}
	t.name, t.line = name.val, name.line
	if p.isOp("(") {
		args, err := p.parseCallArgs()
		if err != nil {
			return nil, err
		}
		t.args = args.pos
	}
	return t, nil
}
