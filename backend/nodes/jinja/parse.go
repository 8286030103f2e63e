package jinja

import (
	"fmt"
	"slices"
)

// Statement nodes.
type node interface{ isNode() }

type textNode struct{ text string }

type outputNode struct {
	x    expr
	line int
}

type ifNode struct {
	conds  []expr
	bodies [][]node
	els    []node
}

type forNode struct {
	vars []string
	iter expr
	body []node
	els  []node
	line int
}

type setNode struct {
	name string
	x    expr
}

func (textNode) isNode()   {}
func (outputNode) isNode() {}
func (ifNode) isNode()     {}
func (forNode) isNode()    {}
func (setNode) isNode()    {}

type parser struct {
	toks     []token
	pos      int
	src      string
	depth    int
	maxDepth int
}

func (p *parser) peek() token { return p.toks[p.pos] }

func (p *parser) next() token {
	t := p.toks[p.pos]
	if t.kind != tEOF {
		p.pos++
	}
	return t
}

// keywordAhead returns the statement keyword after a {% at the cursor.
func (p *parser) keywordAhead() string {
	if p.peek().kind != tStmtOpen || p.toks[p.pos+1].kind != tName {
		return ""
	}
	return p.toks[p.pos+1].val
}

func (p *parser) enter(line int) error {
	p.depth++
	if p.depth > p.maxDepth {
		return fmt.Errorf("parse template: line %d: nested deeper than %d: %w", line, p.maxDepth, ErrLimit)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// parseBody reads nodes until a statement whose keyword is in ends (left
// unread) or the end of the template (an error when ends is set).
func (p *parser) parseBody(ends []string) ([]node, error) {
	var body []node
	for {
		t := p.peek()
		switch t.kind {
		case tEOF:
			if ends != nil {
				return nil, syntaxErr(t.line, "missing {%% %s %%}", ends[len(ends)-1])
			}
			return body, nil
		case tText:
			p.next()
			body = append(body, textNode{text: t.val})
		case tExprOpen:
			n, err := p.parseOutput()
			if err != nil {
				return nil, err
			}
			body = append(body, n)
		case tStmtOpen:
			if slices.Contains(ends, p.keywordAhead()) {
				return body, nil
			}
			n, err := p.parseStatement()
			if err != nil {
				return nil, err
			}
			body = append(body, n)
		default:
			return nil, syntaxErr(t.line, "unexpected %s", t)
		}
	}
}

func (p *parser) parseOutput() (node, error) {
	open := p.next()
	x, err := p.parseExpr()
	if err != nil {
		return nil, err
	}
	if err := p.expectKind(tExprEnd); err != nil {
		return nil, err
	}
	return outputNode{x: x, line: open.line}, nil
}

func (p *parser) expectKind(k tokKind) error {
	if t := p.next(); t.kind != k {
		want := map[tokKind]string{tExprEnd: "}}", tStmtEnd: "%}", tName: "a name"}[k]
		return syntaxErr(t.line, "expected %s, found %s", want, t)
	}
	return nil
}

func (p *parser) expectName(name string) error {
	if t := p.next(); t.kind != tName || t.val != name {
		return syntaxErr(t.line, "expected %q, found %s", name, t)
	}
	return nil
}

func (p *parser) expectOp(op string) error {
	if t := p.next(); t.kind != tOp || t.val != op {
		return syntaxErr(t.line, "expected %q, found %s", op, t)
	}
	return nil
}

// endTag consumes "{% name %}".
func (p *parser) endTag(name string) error {
	if err := p.expectKind(tStmtOpen); err != nil {
		return err
	}
	if err := p.expectName(name); err != nil {
		return err
	}
	return p.expectKind(tStmtEnd)
}

func (p *parser) parseStatement() (node, error) {
	open := p.next()
	kw := p.next()
	if kw.kind != tName {
		return nil, syntaxErr(kw.line, "expected a statement after {%%, found %s", kw)
	}
	if err := p.enter(open.line); err != nil {
		return nil, err
	}
	defer p.leave()
	switch kw.val {
	case "if":
		return p.parseIf()
	case "for":
		return p.parseFor(open.line)
	case "set":
		return p.parseSet()
	case "elif", "else", "endif", "endfor":
		return nil, syntaxErr(kw.line, "{%% %s %%} without a matching block", kw.val)
	}
	return nil, syntaxErr(kw.line, "statement %q is not supported (supported: if, for, set)", kw.val)
}

func (p *parser) parseIf() (node, error) {
	var n ifNode
	for {
		cond, err := p.parseExpr()
		if err != nil {
			return nil, err
		}
		if err := p.expectKind(tStmtEnd); err != nil {
			return nil, err
		}
		body, err := p.parseBody([]string{"elif", "else", "endif"})
		if err != nil {
			return nil, err
		}
		n.conds, n.bodies = append(n.conds, cond), append(n.bodies, body)
		p.next() // {%
		switch p.next().val {
		case "elif":
			continue
		case "else":
			return p.finishIfElse(n)
		}
		return n, p.expectKind(tStmtEnd)
	}
}

func (p *parser) finishIfElse(n ifNode) (node, error) {
	if err := p.expectKind(tStmtEnd); err != nil {
		return nil, err
	}
	els, err := p.parseBody([]string{"endif"})
	if err != nil {
		return nil, err
	}
	n.els = els
	return n, p.endTag("endif")
}

func (p *parser) parseFor(line int) (node, error) {
	n := forNode{line: line}
	for {
		t := p.next()
		if t.kind != tName {
			return nil, syntaxErr(t.line, "expected a loop variable, found %s", t)
		}
		n.vars = append(n.vars, t.val)
		if p.peek().kind != tOp || p.peek().val != "," {
			break
		}
		p.next()
	}
	if err := p.expectName("in"); err != nil {
		return nil, err
	}
	iter, err := p.parseExpr()
	if err != nil {
		return nil, err
	}
	n.iter = iter
	if err := p.expectKind(tStmtEnd); err != nil {
		return nil, err
	}
	if n.body, err = p.parseBody([]string{"else", "endfor"}); err != nil {
		return nil, err
	}
	if p.keywordAhead() == "else" {
		p.next()
		p.next()
		if err := p.expectKind(tStmtEnd); err != nil {
			return nil, err
		}
		if n.els, err = p.parseBody([]string{"endfor"}); err != nil {
			return nil, err
		}
	}
	return n, p.endTag("endfor")
}

func (p *parser) parseSet() (node, error) {
	t := p.next()
	if t.kind != tName {
		return nil, syntaxErr(t.line, "expected a name after set, found %s", t)
	}
	if err := p.expectOp("="); err != nil {
		return nil, err
	}
	x, err := p.parseExpr()
	if err != nil {
		return nil, err
	}
	return setNode{name: t.val, x: x}, p.expectKind(tStmtEnd)
}
