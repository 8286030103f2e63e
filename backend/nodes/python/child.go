package python

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/go-python/gpython/py"
	_ "github.com/go-python/gpython/stdlib" // the interpreter's builtins and modules
)

// childEnv marks the process as a sandbox child. An init function rather
// than a subcommand, so that every binary linking this package — lexflow
// (desktop or not), its tests, the eval commands — can serve as the child
// without each main knowing about it. It runs before main and before the
// init functions of packages importing this one; this package's modules
// are registered here rather than in init functions of their own, which could
// run after this one.
const childEnv = "LEXFLOW_PYTHON_CHILD"

func init() {
	if os.Getenv(childEnv) == "1" {
		registerJSON()
		registerRe()
		registerBase64()
		registerHashes()
		registerUnicodedata()
		registerLogging()
		registerDatetime()
		addBytesMethods()
		allowGenericAnnotations()
		allowBoolCalls()
		addStringMethods()
		os.Exit(serveChild(os.Stdin, os.Stdout))
	}
}

// serveChild runs one request and writes its response.
func serveChild(in io.Reader, out io.Writer) int {
	var req request
	if err := json.NewDecoder(io.LimitReader(in, 64<<20)).Decode(&req); err != nil {
		return reply(out, response{Error: "read request: " + err.Error()})
	}
	boundResources(req.MaxMemory, req.TimeoutS)
	go watchHeap(req.MaxMemory, out)
	result, err := runMain(req.Code, req.Args)
	if err != nil {
		return reply(out, failure(err))
	}
	return reply(out, response{Result: result})
}

var replyOnce sync.Once

// reply writes the one response; the heap watchdog and the run race for it.
func reply(out io.Writer, resp response) int {
	code := 1
	replyOnce.Do(func() {
		if json.NewEncoder(out).Encode(resp) == nil {
			code = 0
		}
	})
	return code
}

// boundResources caps the child's heap softly (the collector works harder
// near it) and, where the OS allows, hard (setrlimit, limits_*.go).
func boundResources(maxMemory int64, timeoutS int) {
	if maxMemory > 0 {
		debug.SetMemoryLimit(maxMemory)
	}
	hardLimits(maxMemory, timeoutS)
}

// watchHeap stops the child once its live heap passes maxMemory: the
// portable bound, also where setrlimit does not exist (Windows) or is not
// enforced (RLIMIT_AS on macOS).
func watchHeap(maxMemory int64, out io.Writer) {
	if maxMemory <= 0 {
		return
	}
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	for range time.Tick(5 * time.Millisecond) {
		metrics.Read(sample)
		if int64(sample[0].Value.Uint64()) > maxMemory {
			reply(out, response{Kind: "memory", Error: ErrMemory.Error()})
			os.Exit(3)
		}
	}
}

func failure(err error) response {
	var kind string
	switch {
	case errors.Is(err, errNoMain):
		kind = "no_main"
	case errors.Is(err, errBadResult):
		kind = "bad_result"
	}
	return response{Kind: kind, Error: err.Error()}
}

var (
	errNoMain    = errors.New("the code defines no function main")
	errBadResult = errors.New("main must return a dict")
)

// runMain runs source as a module in a sandboxed context and calls its
// main with args as keyword arguments.
func runMain(source string, args map[string]any) (map[string]any, error) {
	ctx := py.NewContext(py.ContextOpts{})
	defer ctx.Close()
	sandbox(ctx)
	code, err := py.Compile(source, "main.py", py.ExecMode, 0, true)
	if err != nil {
		return nil, err
	}
	globals := py.StringDict{"__name__": py.String("__main__")}
	if _, err := ctx.RunCode(code, globals, globals, nil); err != nil {
		return nil, withLine(err)
	}
	main, ok := globals["main"]
	if !ok {
		return nil, errNoMain
	}
	kwargs, err := toPyDict(args)
	if err != nil {
		return nil, err
	}
	res, err := py.Call(main, nil, kwargs)
	if err != nil {
		return nil, withLine(err)
	}
	dict, ok := res.(py.StringDict)
	if !ok {
		return nil, fmt.Errorf("%w, not %s", errBadResult, res.Type().Name)
	}
	return fromPyDict(dict)
}

// sandbox takes from ctx's builtins what reaches outside the process:
// files (open), the terminal (input, print's stream) and the importer,
// which would read modules from disk; __import__ loads Modules only.
func sandbox(ctx py.Context) {
	b := ctx.Store().Builtins.Globals
	for _, name := range []string{"open", "input"} {
		delete(b, name)
	}
	b["print"] = py.MustNewMethod("print", func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
		return py.None, nil
	}, 0, "print(...) is discarded in a code node")
	b["__import__"] = py.MustNewMethod("__import__", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return sandboxedImport(ctx, self, args, kwargs)
	}, 0, "__import__(name, ...) loads one of the code node's modules")
}

func sandboxedImport(ctx py.Context, self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	if len(args) == 0 {
		return nil, py.ExceptionNewf(py.TypeError, "__import__() missing required argument 'name'")
	}
	name, _ := args[0].(py.String)
	top, _, _ := strings.Cut(string(name), ".")
	if !slices.Contains(Modules, top) || (len(args) > 4 && args[4] != py.Int(0)) {
		return nil, py.ExceptionNewf(py.ImportError, "No module named '%s' in a code node", string(name))
	}
	return py.BuiltinImport(ctx, self, args, kwargs, py.NewStringDict())
}

// allowGenericAnnotations lets a type be subscripted — list[str] is list —
// so that Dify's annotations (def main(items: list[str]) -> dict[str,
// str]), which Python 3.4 evaluates when main is defined, do not fail.
// gpython looks __getitem__ up on object for types and for instances
// without one, so any other subscript still fails as before.
func allowGenericAnnotations() {
	// gpython calls it unbound: args are (self, key).
	py.ObjectType.Dict["__getitem__"] = py.MustNewMethod("__getitem__", func(_ py.Object, args py.Tuple) (py.Object, error) {
		if t, ok := args[0].(*py.Type); ok && len(args) == 2 {
			return t, nil
		}
		return nil, py.ExceptionNewf(py.TypeError, "'%s' object is not subscriptable", args[0].Type().Name)
	}, 0, "")
}

// withLine adds to a Python exception the line of main.py it was raised
// on, the innermost frame of its traceback.
func withLine(err error) error {
	var info py.ExceptionInfo
	switch e := err.(type) {
	case py.ExceptionInfo:
		info = e
	case *py.ExceptionInfo:
		info = *e
	default:
		return err
	}
	tb := info.Traceback
	for tb != nil && tb.Next != nil {
		tb = tb.Next
	}
	if tb == nil {
		return err
	}
	return fmt.Errorf("line %d: %w", tb.Lineno, err)
}

// allowBoolCalls makes bool(x) x's truth value, as in Python; gpython's
// bool type has no constructor ("cannot create 'bool' instances").
func allowBoolCalls() {
	py.BoolType.New = func(_ *py.Type, args py.Tuple, _ py.StringDict) (py.Object, error) {
		if len(args) == 0 {
			return py.False, nil
		}
		return py.MakeBool(args[0])
	}
}
