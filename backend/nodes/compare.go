package nodes

import (
	"strings"

	"lexflow/backend/engine"
)

// operator is one of Dify's comparison operators.
type operator string

const (
	opContains    operator = "contains"
	opNotContains operator = "not contains"
	opStartWith   operator = "start with"
	opEndWith     operator = "end with"
	opIs          operator = "is"
	opIsNot       operator = "is not"
	opEmpty       operator = "empty"
	opNotEmpty    operator = "not empty"
	opIn          operator = "in"
	opNotIn       operator = "not in"
	opAllOf       operator = "all of"
	opEq          operator = "="
	opNe          operator = "≠"
	opGt          operator = ">"
	opLt          operator = "<"
	opGe          operator = "≥"
	opLe          operator = "≤"
	opNull        operator = "null"
	opNotNull     operator = "not null"
)

// operatorOf reads an operator in Dify's spelling (its unicode ≠ ≥ ≤
// included) or a common ASCII alias.
func operatorOf(s string) (operator, bool) {
	switch op := operator(strings.TrimSpace(s)); op {
	case opContains, opNotContains, opStartWith, opEndWith, opIs, opIsNot, opEmpty, opNotEmpty,
		opIn, opNotIn, opAllOf, opEq, opNe, opGt, opLt, opGe, opLe, opNull, opNotNull:
		return op, true
	case "==":
		return opEq, true
	case "!=":
		return opNe, true
	case ">=":
		return opGe, true
	case "<=":
		return opLe, true
	case "exists":
		return opNotNull, true
	case "not exists":
		return opNull, true
	}
	return "", false
}

// holds applies the operator as Dify does, including its answers for an
// absent variable (most comparisons are false; the negative ones true).
func (op operator) holds(actual engine.Value, present bool, expected any) bool {
	present = present && actual.Any() != nil
	switch op {
	case opEmpty, opNotEmpty:
		return isEmpty(actual, present) == (op == opEmpty)
	case opNull, opNotNull:
		return !present == (op == opNull)
	case opNotContains, opNotIn:
		return !present || !op.positive().holds(actual, present, expected)
	}
	if !present {
		return false
	}
	switch op {
	case opEq, opNe, opGt, opLt, opGe, opLe:
		return numeric(op, actual, expected)
	case opIsNot:
		return !valueIs(actual, expected)
	}
	return op.holdsText(actual, expected)
}

func (op operator) positive() operator {
	if op == opNotIn {
		return opIn
	}
	return opContains
}

func (op operator) holdsText(actual engine.Value, expected any) bool {
	want := scalarText(expected)
	switch op {
	case opContains:
		if items, ok := actual.Any().([]any); ok {
			return containsItem(items, want)
		}
		return strings.Contains(actual.Text(), want)
	case opStartWith:
		return strings.HasPrefix(actual.Text(), want)
	case opEndWith:
		return strings.HasSuffix(actual.Text(), want)
	case opIs:
		return valueIs(actual, expected)
	case opIn:
		return containsItem(expectedList(expected), actual.Text())
	case opAllOf:
		items, _ := actual.Any().([]any)
		for _, w := range expectedList(expected) {
			if !containsItem(items, scalarText(w)) {
				return false
			}
		}
		return true
	}
	return false
}

// valueIs compares as text, or as booleans when the variable is one.
func valueIs(actual engine.Value, expected any) bool {
	if b, ok := actual.Any().(bool); ok {
		want, ok := boolOf(engine.ValueOf(expected))
		return ok && b == want
	}
	return actual.Text() == scalarText(expected)
}

func isEmpty(v engine.Value, present bool) bool {
	if !present {
		return true
	}
	switch x := v.Any().(type) {
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

func containsItem(items []any, want string) bool {
	for _, it := range items {
		if engine.ValueOf(it).Text() == want {
			return true
		}
	}
	return false
}

// expectedList reads an "in" value: a list, or one value.
func expectedList(v any) []any {
	if items, ok := v.([]any); ok {
		return items
	}
	if v == nil {
		return nil
	}
	return []any{v}
}

func numeric(op operator, actual engine.Value, expected any) bool {
	a, err1 := parseNumber(actual.Any())
	e, err2 := parseNumber(expected)
	if err1 != nil || err2 != nil {
		return false
	}
	switch op {
	case opEq:
		return a == e
	case opNe:
		return a != e
	case opGt:
		return a > e
	case opLt:
		return a < e
	case opGe:
		return a >= e
	}
	return a <= e
}
