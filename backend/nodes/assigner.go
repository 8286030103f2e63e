package nodes

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"lexflow/backend/engine"
)

// assigner writes conversation variables, in either of Dify's two forms:
//
//	version 1 (or none): assigned_variable_selector, write_mode
//	                     (over-write | append | clear), input_variable_selector
//	version "2":         items [{variable_selector, input_type (variable |
//	                     constant), operation, value}]
//
// Version 2's operations: over-write (a variable's value), set (a constant),
// clear, append (one item), extend (a list), remove-first, remove-last, and
// +=, -=, *=, /= on numbers. Items apply in order, each seeing the ones
// before it. The new values enter the run's conversation variables at once
// (later steps read them) and are kept for the conversation's next turn. It
// has no outputs; process data lists the updated variables.
type assignerData struct {
	Version string         `json:"version"`
	Items   []assignerItem `json:"items"`
	// Version 1.
	Assigned  engine.Selector `json:"assigned_variable_selector"`
	WriteMode string          `json:"write_mode"`
	Input     engine.Selector `json:"input_variable_selector"`
}

type assignerItem struct {
	Variable  engine.Selector `json:"variable_selector"`
	InputType string          `json:"input_type"` // variable | constant
	Operation string          `json:"operation"`
	Value     json.RawMessage `json:"value"`
}

// assignOp is one compiled write: target, operation and where its operand
// comes from (a selector, a constant, or nothing).
type assignOp struct {
	target   engine.Selector
	op       string
	from     engine.Selector
	constant any
}

// Assigner operations; v1's write modes are the first three.
const (
	opOverWrite   = "over-write"
	opClear       = "clear"
	opAppend      = "append"
	opExtend      = "extend"
	opSet         = "set"
	opAdd         = "+="
	opSubtract    = "-="
	opMultiply    = "*="
	opDivide      = "/="
	opRemoveFirst = "remove-first"
	opRemoveLast  = "remove-last"
)

func newAssigner(def engine.NodeDef) (engine.Node, error) {
	var data assignerData
	if err := decode(def, &data); err != nil {
		return nil, err
	}
	ops, err := assignerOps(data)
	if err != nil {
		return nil, err
	}
	var spec engine.Spec
	for i, op := range ops {
		field := fmt.Sprintf("items[%d]", i)
		if data.Version != "2" {
			field = ""
		}
		if err := checkSelector(cmpField(field, "variable_selector", "assigned_variable_selector"), op.target); err != nil {
			return nil, err
		}
		target := engine.Input{Selector: op.target, Type: engine.TypeAny, Field: cmpField(field, "variable_selector", "assigned_variable_selector")}
		spec.Inputs = addInput(spec.Inputs, target)
		spec.Writes = append(spec.Writes, target)
		if len(op.from) > 0 {
			spec.Inputs = addInput(spec.Inputs, engine.Input{Selector: op.from, Type: engine.TypeAny, Field: cmpField(field, "value", "input_variable_selector")})
		}
	}
	return node{spec: spec, run: func(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
		return runAssigner(ops, in)
	}}, nil
}

// cmpField names a setting in the form the node uses.
func cmpField(item, v2, v1 string) string {
	if item == "" {
		return v1
	}
	return item + "." + v2
}

func assignerOps(data assignerData) ([]assignOp, error) {
	if data.Version != "2" {
		if !oneOf(data.WriteMode, opOverWrite, opAppend, opClear) {
			return nil, fieldError("write_mode", "Choose how to write: over-write, append or clear.", "write mode %q", data.WriteMode)
		}
		op := assignOp{target: data.Assigned, op: data.WriteMode}
		if data.WriteMode != opClear {
			if err := checkSelector("input_variable_selector", data.Input); err != nil {
				return nil, err
			}
			op.from = data.Input
		}
		return []assignOp{op}, nil
	}
	if len(data.Items) == 0 {
		return nil, fieldError("items", "Add a variable to assign.", "no items")
	}
	ops := make([]assignOp, len(data.Items))
	for i, it := range data.Items {
		op, err := assignerItemOp(fmt.Sprintf("items[%d]", i), it)
		if err != nil {
			return nil, err
		}
		ops[i] = op
	}
	return ops, nil
}

func assignerItemOp(field string, it assignerItem) (assignOp, error) {
	op := assignOp{target: it.Variable, op: it.Operation}
	switch it.Operation {
	case opClear, opRemoveFirst, opRemoveLast:
		return op, nil
	case opOverWrite, opSet, opAppend, opExtend, opAdd, opSubtract, opMultiply, opDivide:
	default:
		return op, fieldError(field+".operation", "Choose an operation.", "unknown operation %q", it.Operation)
	}
	if it.InputType == "constant" || it.Operation == opSet {
		if len(it.Value) == 0 || json.Unmarshal(it.Value, &op.constant) != nil {
			return op, fieldError(field+".value", "Enter the value to write.", "no constant value")
		}
		return op, nil
	}
	var sel engine.Selector
	if json.Unmarshal(it.Value, &sel) != nil {
		return op, fieldError(field+".value", "Choose the variable to write from.", "value is not a variable reference")
	}
	if err := checkSelector(field+".value", sel); err != nil {
		return op, err
	}
	op.from = sel
	return op, nil
}

func runAssigner(ops []assignOp, in engine.NodeInput) (engine.NodeResult, error) {
	writes := map[string]engine.Value{}
	current := func(sel engine.Selector) engine.Value {
		if v, ok := writes[sel.Var()]; ok {
			return v
		}
		v, _ := in.Vars.Get(sel)
		return v
	}
	for _, op := range ops {
		operand := engine.ValueOf(op.constant)
		if len(op.from) > 0 {
			operand, _ = in.Vars.Get(op.from)
		}
		next, err := assign(op.op, current(op.target), operand)
		if err != nil {
			return engine.NodeResult{}, fail(ErrorTypeInvalidInput, "assign %s: %w", op.target, err)
		}
		writes[op.target.Var()] = next
	}
	updated := map[string]any{}
	for name, v := range writes {
		updated[name] = v.Any()
	}
	return engine.NodeResult{Writes: writes, ProcessData: map[string]any{"updated_variables": updated}}, nil
}

// assign applies one operation to a variable's current value.
func assign(op string, cur, operand engine.Value) (engine.Value, error) {
	switch op {
	case opOverWrite, opSet:
		return operand, nil
	case opClear:
		return engine.Zero(cur.Type()), nil
	case opAppend, opExtend, opRemoveFirst, opRemoveLast:
		return assignList(op, cur, operand)
	}
	return assignNumber(op, cur, operand)
}

func assignList(op string, cur, operand engine.Value) (engine.Value, error) {
	items, ok := cur.Any().([]any)
	if !ok && cur.Any() != nil {
		return cur, fmt.Errorf("%s needs a list, the variable is %s", op, cur.Type())
	}
	items = append([]any(nil), items...)
	switch op {
	case opAppend:
		items = append(items, operand.Any())
	case opExtend:
		more, ok := operand.Any().([]any)
		if !ok {
			return cur, fmt.Errorf("extend needs a list to add, got %s", operand.Type())
		}
		items = append(items, more...)
	case opRemoveFirst:
		if len(items) > 0 {
			items = items[1:]
		}
	case opRemoveLast:
		if len(items) > 0 {
			items = items[:len(items)-1]
		}
	}
	return engine.Array(cur.Type().Elem(), items), nil
}

func assignNumber(op string, cur, operand engine.Value) (engine.Value, error) {
	a, errA := parseNumber(cur.Any())
	b, errB := parseNumber(operand.Any())
	if errA != nil || errB != nil {
		return cur, fmt.Errorf("%s needs numbers, got %s and %s", op, cur.Type(), operand.Type())
	}
	switch op {
	case opAdd:
		a += b
	case opSubtract:
		a -= b
	case opMultiply:
		a *= b
	case opDivide:
		if b == 0 {
			return cur, fmt.Errorf("divide by zero")
		}
		a /= b
	}
	if math.IsInf(a, 0) || math.IsNaN(a) {
		return cur, fmt.Errorf("%s overflows", op)
	}
	return engine.Number(a), nil
}
