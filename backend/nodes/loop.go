package nodes

import (
	"context"
	"encoding/json"
	"fmt"

	"lexflow/backend/engine"
)

// loop runs the steps drawn inside it (its body) again and again, as Dify's
// loop node does, each round seeing what the ones before left:
//
//	loop_variables    [{label, var_type, value_type (constant | variable),
//	                  value}]: variables the body reads and writes (an
//	                  assigner inside it) as [loop, label]; their last
//	                  values are the loop's outputs, with loop_round
//	break_conditions  conditions as in if-else, joined by logical_operator:
//	                  checked before the first round and after each, they
//	                  end the loop when they hold
//	loop_count        the most rounds (1 to MaxLoopCount)
//	start_node_id     the body's first step (Dify's loop-start node)
//
// A loop-end step inside the body ends the loop once its round is over.
type loopData struct {
	StartNodeID     string         `json:"start_node_id"`
	LoopCount       int            `json:"loop_count"`
	BreakConditions []condition    `json:"break_conditions"`
	LogicalOperator string         `json:"logical_operator"`
	LoopVariables   []loopVariable `json:"loop_variables"`
}

type loopVariable struct {
	Label     string          `json:"label"`
	VarType   string          `json:"var_type"`
	ValueType string          `json:"value_type"` // constant | variable
	Value     json.RawMessage `json:"value"`
}

// MaxLoopCount bounds loop_count, as Dify's own setting does.
const MaxLoopCount = 1000

// TypeLoopEnd is Dify's loop-end node: reaching it ends the loop.
const TypeLoopEnd = "loop-end"

// loopNode is a compiled loop.
type loopNode struct {
	id     string
	data   loopData
	types  map[string]engine.Type
	consts map[string]engine.Value
	froms  map[string]engine.Selector
	stop   ifCase
}

func newLoop(def engine.NodeDef) (engine.Node, error) {
	var data loopData
	if err := decode(def, &data); err != nil {
		return nil, err
	}
	l, err := checkLoop(def.ID, data)
	if err != nil {
		return nil, err
	}
	return node{spec: l.spec(), run: l.run}, nil
}

func checkLoop(id string, d loopData) (*loopNode, error) {
	if d.StartNodeID == "" {
		return nil, fieldError("start_node_id", "Add a step inside the loop: it runs first in each round.", "no start_node_id")
	}
	if d.LoopCount < 1 || d.LoopCount > MaxLoopCount {
		return nil, fieldError("loop_count", fmt.Sprintf("Allow 1 to %d rounds.", MaxLoopCount), "loop_count %d", d.LoopCount)
	}
	if !oneOf(d.LogicalOperator, "", "and", "or") {
		return nil, fieldError("logical_operator", "Choose “and” or “or”.", "%q: want and or or", d.LogicalOperator)
	}
	if err := checkConditions("break_conditions", d.BreakConditions); err != nil {
		return nil, err
	}
	l := &loopNode{id: id, data: d, types: map[string]engine.Type{}, consts: map[string]engine.Value{}, froms: map[string]engine.Selector{},
		stop: ifCase{LogicalOperator: d.LogicalOperator, Conditions: d.BreakConditions}}
	for i, v := range d.LoopVariables {
		if err := l.addVariable(fmt.Sprintf("loop_variables[%d]", i), v); err != nil {
			return nil, err
		}
	}
	return l, nil
}

func (l *loopNode) addVariable(field string, v loopVariable) error {
	if !engine.ValidName(v.Label) || v.Label == "loop_round" || l.types[v.Label] != "" {
		return fieldError(field+".label", "Name each loop variable once, with letters, digits and _.", "label %q is invalid or used twice", v.Label)
	}
	t, err := engine.ParseType(v.VarType)
	if err != nil || t == engine.TypeFile || t == engine.TypeSecret {
		return fieldError(field+".var_type", "Choose the variable's type.", "var_type %q", v.VarType)
	}
	l.types[v.Label] = t
	if v.ValueType == "variable" {
		var sel engine.Selector
		if json.Unmarshal(v.Value, &sel) != nil {
			return fieldError(field+".value", "Choose the variable it starts from.", "value is not a variable reference")
		}
		if err := checkSelector(field+".value", sel); err != nil {
			return err
		}
		l.froms[v.Label] = sel
		return nil
	}
	c, err := constantOf(t, v.Value)
	if err != nil {
		return fieldError(field+".value", "Its starting value does not fit its type: "+err.Error()+".", "%v", err)
	}
	l.consts[v.Label] = c
	return nil
}

// constantOf reads a loop variable's starting value; Dify's editor writes
// numbers, objects and lists as text too.
func constantOf(t engine.Type, raw json.RawMessage) (engine.Value, error) {
	var x any
	if len(raw) > 0 && json.Unmarshal(raw, &x) != nil {
		return engine.Value{}, fmt.Errorf("it is not JSON")
	}
	s, isText := x.(string)
	switch {
	case x == nil || (isText && s == "" && t != engine.TypeString):
		return engine.Zero(t), nil
	case isText && t == engine.TypeNumber:
		f, err := parseNumber(s)
		return engine.Number(f), err
	case isText && t != engine.TypeString:
		if json.Unmarshal([]byte(s), &x) != nil {
			return engine.Value{}, fmt.Errorf("%q is not %s", s, t)
		}
	}
	v := engine.ValueOf(x)
	if !v.Type().AssignableTo(t) && !(t.IsArray() && v.Type().IsArray()) {
		return engine.Value{}, fmt.Errorf("it is %s, not %s", v.Type(), t)
	}
	return asDeclared(v, t), nil
}

// asDeclared gives a list the element type its variable declares: an empty
// list, or one grown by appends, is otherwise a list of anything.
func asDeclared(v engine.Value, t engine.Type) engine.Value {
	items, ok := v.Any().([]any)
	if !ok || !t.IsArray() {
		return v
	}
	return engine.Array(t.Elem(), items)
}

func (l *loopNode) spec() engine.Spec {
	spec := engine.Spec{Body: &engine.Body{Start: l.data.StartNodeID, StartField: "start_node_id"}}
	for i, v := range l.data.LoopVariables {
		t := l.types[v.Label]
		spec.Outputs = append(spec.Outputs, engine.Output{Name: v.Label, Type: t})
		spec.Body.Locals = append(spec.Body.Locals, engine.Output{Name: v.Label, Type: t})
		spec.Body.Reads = append(spec.Body.Reads, engine.Input{Selector: engine.Selector{l.id, v.Label}, Type: t})
		if sel, ok := l.froms[v.Label]; ok {
			spec.Inputs = addInput(spec.Inputs, engine.Input{Selector: sel, Type: t, Field: fmt.Sprintf("loop_variables[%d].value", i)})
		}
	}
	spec.Outputs = append(spec.Outputs, engine.Output{Name: "loop_round", Type: engine.TypeNumber})
	for j, cond := range l.data.BreakConditions {
		field := fmt.Sprintf("break_conditions[%d].", j)
		spec.Body.Reads = addInput(spec.Body.Reads, engine.Input{Selector: cond.VariableSelector, Type: engine.TypeAny, Field: field + "variable_selector"})
		for _, in := range withField(field+"value", templateInputs(valueTemplates(cond.Value)...)) {
			spec.Body.Reads = addInput(spec.Body.Reads, in)
		}
	}
	return spec
}

func (l *loopNode) run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	vars := l.start(in.Vars)
	rounds, reason := 0, "loop_count"
	if l.holds(engine.VarsOf(keyed(l.id, vars)), true) {
		reason = "break_conditions"
	}
	for ; reason == "loop_count" && rounds < l.data.LoopCount; rounds++ {
		res, err := in.RunBody(ctx, rounds, vars)
		if err != nil {
			return engine.NodeResult{}, fmt.Errorf("loop round %d: %w", rounds, err)
		}
		for name := range vars {
			if v, ok := res.Vars.Get(engine.Selector{l.id, name}); ok {
				vars[name] = v
			}
		}
		switch {
		case res.Broke:
			reason = TypeLoopEnd
		case l.holds(res.Vars, false):
			reason = "break_conditions"
		}
	}
	out := map[string]engine.Value{"loop_round": engine.Number(float64(rounds))}
	for name, v := range vars {
		out[name] = asDeclared(v, l.types[name])
	}
	return engine.NodeResult{Outputs: out, Inputs: map[string]any{"loop_count": l.data.LoopCount},
		ProcessData: map[string]any{"rounds": rounds, "completed_reason": reason}}, nil
}

// start gives the loop variables their first values.
func (l *loopNode) start(vars engine.Vars) map[string]engine.Value {
	out := make(map[string]engine.Value, len(l.types))
	for name, t := range l.types {
		if sel, ok := l.froms[name]; ok {
			v, _ := vars.Get(sel)
			out[name] = v
			if v.IsZero() {
				out[name] = engine.Zero(t)
			}
			continue
		}
		out[name] = l.consts[name]
	}
	return out
}

// holds evaluates the break conditions. Before the first round (first) they
// are checked only when every variable they read is there already: the
// body's results are not.
func (l *loopNode) holds(vars engine.Vars, first bool) bool {
	if len(l.stop.Conditions) == 0 {
		return false
	}
	if first {
		for _, c := range l.stop.Conditions {
			if _, ok := vars.Get(c.VariableSelector); !ok {
				return false
			}
		}
	}
	ok, _ := evalCase(l.stop, vars)
	return ok
}

// keyed names a node's values as a Vars view does ("node.var").
func keyed(id string, values map[string]engine.Value) map[string]engine.Value {
	out := make(map[string]engine.Value, len(values))
	for name, v := range values {
		out[id+"."+name] = v
	}
	return out
}

// newLoopEnd builds loop-end: reaching it ends the loop after this round.
func newLoopEnd(engine.NodeDef) (engine.Node, error) {
	return node{spec: engine.Spec{Role: engine.RoleBreak}, run: func(context.Context, engine.NodeInput) (engine.NodeResult, error) {
		return engine.NodeResult{}, nil
	}}, nil
}
