// Package script runs the user code of a code node in a sandbox: Dify's
// `function main({arg1, ...})` in JavaScript, on goja (a pure-Go ECMAScript
// 5.1+ interpreter). The sandbox has no file system, network, process,
// timers or module loader — goja offers none unless the host adds them, and
// this package adds nothing but the arguments.
//
// What is bounded: source size (MaxSource), run time (Limits.Timeout and the
// caller's context, through goja's Interrupt, which stops loops too), call
// depth (goja's SetMaxCallStackSize), and the result's size (Limits.MaxResult
// bytes of JSON). What is not: the memory a script allocates while it runs —
// goja has no allocation limit, so a script may use memory until its time is
// up; the time bound is what stops it.
package script

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/dop251/goja"
)

// Limits bound one run.
type Limits struct {
	Timeout   time.Duration
	MaxResult int   // bytes of the result's JSON
	MaxDepth  int   // call stack
	MaxMemory int64 // bytes of heap; Python only, goja cannot bound it
}

// DefaultLimits are Dify's defaults where it has them (a 15 s worker
// timeout) and generous ones elsewhere.
var DefaultLimits = Limits{Timeout: 15 * time.Second, MaxResult: 4 << 20, MaxDepth: 1000, MaxMemory: 256 << 20}

// MaxSource is the largest program accepted, in bytes.
const MaxSource = 1 << 20

// Errors a caller may branch on.
var (
	ErrTimeout   = errors.New("the code ran out of time")
	ErrNoMain    = errors.New("the code defines no function main")
	ErrTooLarge  = errors.New("the result is too large")
	ErrBadResult = errors.New("main must return an object")
)

// CompileJS checks a JavaScript program once, so that a syntax error is a
// compile problem rather than a run failure.
func CompileJS(source string) (*goja.Program, error) {
	if len(source) > MaxSource {
		return nil, fmt.Errorf("compile javascript: %d bytes, the limit is %d", len(source), MaxSource)
	}
	p, err := goja.Compile("main.js", source, true)
	if err != nil {
		return nil, fmt.Errorf("compile javascript: %w", err)
	}
	return p, nil
}

// RunJS runs a compiled program in a fresh runtime and calls main with one
// object holding args; it returns main's result as plain JSON data (maps,
// lists, strings, float64s, bools, nil).
func RunJS(ctx context.Context, p *goja.Program, args map[string]any, lim Limits) (map[string]any, error) {
	vm := goja.New()
	vm.SetMaxCallStackSize(lim.MaxDepth)
	ctx, cancel := context.WithTimeout(ctx, lim.Timeout)
	defer cancel()
	stop := context.AfterFunc(ctx, func() { vm.Interrupt(ctx.Err()) })
	defer stop()
	out, err := callMain(vm, p, args)
	if err != nil {
		return nil, runError(err, ctx, lim)
	}
	return plainResult(out, lim.MaxResult)
}

// runError says why a script stopped: its time ran out, its run was
// cancelled, its stack overflowed, or it threw.
func runError(err error, ctx context.Context, lim Limits) error {
	var ie *goja.InterruptedError
	var so *goja.StackOverflowError
	switch {
	case errors.As(err, &ie) && errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("run javascript: %w after %s", ErrTimeout, lim.Timeout)
	case errors.As(err, &ie):
		return fmt.Errorf("run javascript: %w", ctx.Err())
	case errors.As(err, &so):
		return fmt.Errorf("run javascript: calls nested deeper than %d: %w", lim.MaxDepth, err)
	}
	return fmt.Errorf("run javascript: %w", err)
}

func callMain(vm *goja.Runtime, p *goja.Program, args map[string]any) (goja.Value, error) {
	if _, err := vm.RunProgram(p); err != nil {
		return nil, err
	}
	main, ok := goja.AssertFunction(vm.Get("main"))
	if !ok {
		return nil, ErrNoMain
	}
	return main(goja.Undefined(), vm.ToValue(args))
}

// plainResult turns main's result into plain data through JSON, which also
// measures it and drops what JSON cannot carry (functions, symbols).
func plainResult(v goja.Value, max int) (map[string]any, error) {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return nil, ErrBadResult
	}
	b, err := json.Marshal(v.Export())
	if err != nil {
		return nil, fmt.Errorf("read result: %w", err)
	}
	if len(b) > max {
		return nil, fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, len(b), max)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, ErrBadResult
	}
	return out, nil
}
