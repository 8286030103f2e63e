package python

import (
	"github.com/go-python/gpython/py"
)

// The logging module, so that code which logs runs: the level constants,
// getLogger, basicConfig and the logging calls, on the module and on
// loggers. Messages go nowhere (as print's do): a code node's trace shows
// its inputs and outputs, and no file, stream or handler is ever opened.
var loggerType = py.NewType("logging.Logger", "a logger whose messages go nowhere")

type logger struct{}

func (*logger) Type() *py.Type { return loggerType }

var loggingLevels = py.StringDict{
	"NOTSET": py.Int(0), "DEBUG": py.Int(10), "INFO": py.Int(20), "WARNING": py.Int(30), "WARN": py.Int(30),
	"ERROR": py.Int(40), "CRITICAL": py.Int(50), "FATAL": py.Int(50),
}

// loggingCalls do nothing and return None.
var loggingCalls = []string{"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log",
	"setLevel", "addHandler", "removeHandler", "basicConfig", "disable"}

func registerLogging() {
	nothing := func(py.Object, py.Tuple, py.StringDict) (py.Object, error) { return py.None, nil }
	var methods []*py.Method
	for _, name := range loggingCalls {
		loggerType.Dict[name] = py.MustNewMethod(name, nothing, 0, name+"(...): the message goes nowhere")
		methods = append(methods, py.MustNewMethod(name, nothing, 0, name+"(...): the message goes nowhere"))
	}
	methods = append(methods, py.MustNewMethod("getLogger", func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
		return &logger{}, nil // its name would change nothing: its messages go nowhere
	}, 0, "getLogger(name=None) -> Logger"))
	py.RegisterModule(&py.ModuleImpl{Info: py.ModuleInfo{Name: "logging", Doc: "logging that goes nowhere"}, Methods: methods, Globals: loggingLevels})
}
