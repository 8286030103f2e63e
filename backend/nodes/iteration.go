package nodes

import (
	"context"
	"fmt"
	"sync"

	"lexflow/backend/engine"
)

// iteration runs the steps drawn inside it (its body, see engine.Body) once
// per item of an array, as Dify's iteration node does:
//
//	iterator_selector  the array
//	start_node_id      the body's first step (Dify's iteration-start node)
//	output_selector    what each round gives: the output collects it, in
//	                   item order, typed output_type (array[...])
//	is_parallel, parallel_nums   rounds at once (default 10), else one by one
//	error_handle_mode  terminated (a failed round fails the node, the default),
//	                   continue-on-error (null in its place),
//	                   remove-abnormal-output (left out)
//	flatten_output     arrays from the rounds are joined into one array
//
// The body reads the current item and its index (from 0) as [iteration, item]
// and [iteration, index].
type iterationData struct {
	IteratorSelector engine.Selector `json:"iterator_selector"`
	OutputSelector   engine.Selector `json:"output_selector"`
	OutputType       string          `json:"output_type"`
	StartNodeID      string          `json:"start_node_id"`
	IsParallel       bool            `json:"is_parallel"`
	ParallelNums     int             `json:"parallel_nums"`
	ErrorHandleMode  string          `json:"error_handle_mode"`
	FlattenOutput    bool            `json:"flatten_output"`
}

// Iteration error modes (Dify's error_handle_mode).
const (
	ErrorModeTerminated     = "terminated"
	ErrorModeContinue       = "continue-on-error"
	ErrorModeRemoveAbnormal = "remove-abnormal-output"
)

// Iteration limits: Dify's default parallelism, and the most rounds at once.
const (
	DefaultParallelNums = 10
	MaxParallelNums     = 100
)

// The body's start node types: a step that only marks where a body begins.
const (
	TypeIterationStart = "iteration-start"
	TypeLoopStart      = "loop-start"
)

func newIteration(def engine.NodeDef) (engine.Node, error) {
	var data iterationData
	if err := decode(def, &data); err != nil {
		return nil, err
	}
	it, err := checkIteration(data)
	if err != nil {
		return nil, err
	}
	outType := engine.Type(it.OutputType)
	spec := engine.Spec{
		Inputs:  []engine.Input{{Selector: it.IteratorSelector, Type: engine.TypeArrayAny, Field: "iterator_selector"}},
		Outputs: []engine.Output{{Name: "output", Type: outType}},
		Body: &engine.Body{Start: it.StartNodeID, StartField: "start_node_id",
			Locals: []engine.Output{{Name: "item", Type: engine.TypeAny}, {Name: "index", Type: engine.TypeNumber}},
			Reads:  []engine.Input{{Selector: it.OutputSelector, Type: engine.TypeAny, Field: "output_selector"}}},
	}
	return node{spec: spec, run: it.run}, nil
}

func checkIteration(d iterationData) (iterationData, error) {
	if err := checkSelector("iterator_selector", d.IteratorSelector); err != nil {
		return d, err
	}
	if err := checkSelector("output_selector", d.OutputSelector); err != nil {
		return d, err
	}
	if d.StartNodeID == "" {
		return d, fieldError("start_node_id", "Add a step inside the iteration: it runs first for each item.", "no start_node_id")
	}
	d.ErrorHandleMode = firstNonEmpty(d.ErrorHandleMode, ErrorModeTerminated)
	if !oneOf(d.ErrorHandleMode, ErrorModeTerminated, ErrorModeContinue, ErrorModeRemoveAbnormal) {
		return d, fieldError("error_handle_mode", "Choose what a failed item does: stop, continue, or leave it out.", "error_handle_mode %q", d.ErrorHandleMode)
	}
	t, err := engine.ParseType(firstNonEmpty(d.OutputType, string(engine.TypeArrayAny)))
	if err != nil || !t.IsArray() {
		return d, fieldError("output_type", "Choose the type of the list the iteration gives.", "output_type %q is not an array type", d.OutputType)
	}
	d.OutputType = string(t)
	switch {
	case d.ParallelNums == 0:
		d.ParallelNums = DefaultParallelNums
	case d.ParallelNums < 0 || d.ParallelNums > MaxParallelNums:
		return d, fieldError("parallel_nums", fmt.Sprintf("Run 1 to %d items at once.", MaxParallelNums), "parallel_nums %d", d.ParallelNums)
	}
	if !d.IsParallel {
		d.ParallelNums = 1
	}
	return d, nil
}

// roundOutcome is what one item's round gave.
type roundOutcome struct {
	value any
	err   error
}

// failedRound is the round whose failure stopped a "terminated" iteration.
type failedRound struct {
	index int
	err   error
}

func (it iterationData) run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	items, err := iterationItems(in.Vars, it.IteratorSelector)
	if err != nil {
		return engine.NodeResult{}, err
	}
	outcomes, stop := it.rounds(ctx, in, items)
	if stop != nil {
		return engine.NodeResult{}, fmt.Errorf("iteration item %d: %w", stop.index, stop.err)
	}
	var values, failures []any
	for i, o := range outcomes {
		switch {
		case o.err == nil:
			values = append(values, o.value)
			continue
		case it.ErrorHandleMode == ErrorModeContinue:
			values = append(values, nil)
		}
		failures = append(failures, map[string]any{"index": i, "error": o.err.Error()})
	}
	if err := ctx.Err(); err != nil {
		return engine.NodeResult{}, err
	}
	if it.FlattenOutput {
		values = flatten(values)
	}
	out := engine.Array(engine.Type(it.OutputType).Elem(), orEmpty(values))
	pd := map[string]any{"rounds": len(items), "parallel": it.ParallelNums}
	if len(failures) > 0 {
		pd["failed_items"] = failures
	}
	return engine.NodeResult{Outputs: map[string]engine.Value{"output": out},
		Inputs: map[string]any{"iterator_selector": items}, ProcessData: pd}, nil
}

// iterationItems reads the array; a missing or null one has no items.
func iterationItems(vars engine.Vars, sel engine.Selector) ([]any, error) {
	v, ok := lookup(vars, sel)
	if !ok || v.Any() == nil {
		return nil, nil
	}
	items, isList := v.Any().([]any)
	if !isList {
		return nil, fail(ErrorTypeInvalidInput, "iterate over %s: it is %s, not a list", sel, v.Type())
	}
	return items, nil
}

// rounds runs one round per item, ParallelNums at a time. Under
// "terminated" the first failure cancels the rounds still running and is
// returned as the iteration's.
func (it iterationData) rounds(ctx context.Context, in engine.NodeInput, items []any) ([]roundOutcome, *failedRound) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := make([]roundOutcome, len(items))
	slots := make(chan struct{}, it.ParallelNums)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var stop *failedRound
	for i, item := range items {
		if !acquire(ctx, slots) {
			out[i].err = ctx.Err()
			continue
		}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			out[i] = it.round(ctx, in, i, item)
			if out[i].err == nil || it.ErrorHandleMode != ErrorModeTerminated {
				return
			}
			mu.Lock()
			if stop == nil {
				stop = &failedRound{index: i, err: out[i].err}
			}
			mu.Unlock()
			cancel()
		}()
	}
	wg.Wait()
	return out, stop
}

// acquire takes a slot for a round, unless ctx ends first.
func acquire(ctx context.Context, slots chan struct{}) bool {
	select {
	case slots <- struct{}{}:
	case <-ctx.Done():
		return false
	}
	if ctx.Err() != nil {
		<-slots
		return false
	}
	return true
}

func (it iterationData) round(ctx context.Context, in engine.NodeInput, i int, item any) roundOutcome {
	locals := map[string]engine.Value{"item": engine.ValueOf(item), "index": engine.Number(float64(i))}
	res, err := in.RunBody(ctx, i, locals)
	if err != nil {
		return roundOutcome{err: err}
	}
	v, ok := res.Vars.Get(it.OutputSelector)
	if !ok {
		return roundOutcome{}
	}
	return roundOutcome{value: plainValue(v)}
}

// flatten joins the lists among values into one list.
func flatten(values []any) []any {
	var out []any
	for _, v := range values {
		if list, ok := v.([]any); ok {
			out = append(out, list...)
			continue
		}
		out = append(out, v)
	}
	return out
}

func orEmpty(values []any) []any {
	if values == nil {
		return []any{}
	}
	return values
}

// newBodyStart builds iteration-start and loop-start: a body's first step,
// which only marks where the body begins.
func newBodyStart(engine.NodeDef) (engine.Node, error) {
	return node{run: func(context.Context, engine.NodeInput) (engine.NodeResult, error) {
		return engine.NodeResult{}, nil
	}}, nil
}
