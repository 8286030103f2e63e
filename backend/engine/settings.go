package engine

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// ErrorStrategy is what happens when a node fails after its retries.
type ErrorStrategy string

const (
	// StrategyFail fails the run (the default).
	StrategyFail ErrorStrategy = "fail"
	// StrategyDefaultValue makes the node succeed with its configured default
	// outputs; the error is recorded on the event and in error_message.
	StrategyDefaultValue ErrorStrategy = "default_value"
	// StrategyFailBranch follows the node's "fail-branch" edges and skips its
	// normal ones.
	StrategyFailBranch ErrorStrategy = "fail_branch"
)

// Limits on the common settings, as in Dify's editor.
const (
	MaxRetries       = 10
	MaxRetryInterval = 10 * time.Minute
)

// Settings are the node settings the engine itself applies, read from every
// node's data (Dify's names and spellings are accepted).
type Settings struct {
	Title         string
	MaxRetries    int
	RetryInterval time.Duration
	ErrorStrategy ErrorStrategy
	// Defaults are the outputs used by StrategyDefaultValue.
	Defaults map[string]Value
	// Timeout bounds each attempt; zero means none (the run's bounds apply).
	Timeout time.Duration
}

// rawSettings is the DSL shape.
type rawSettings struct {
	Title       any             `json:"title"`
	RetryConfig *rawRetry       `json:"retry_config"`
	Strategy    any             `json:"error_strategy"`
	Defaults    json.RawMessage `json:"default_value"`
	Timeout     json.RawMessage `json:"timeout"`
}

type rawRetry struct {
	Enabled  *bool   `json:"retry_enabled"`
	Max      float64 `json:"max_retries"`
	Interval float64 `json:"retry_interval"` // milliseconds
}

type rawDefault struct {
	Key   string          `json:"key"`
	Type  string          `json:"type"`
	Value json.RawMessage `json:"value"`
}

// parseSettings reads the common settings; every problem is returned.
func parseSettings(data json.RawMessage) (Settings, []error) {
	s := Settings{ErrorStrategy: StrategyFail}
	if len(data) == 0 {
		return s, nil
	}
	var raw rawSettings
	if err := json.Unmarshal(data, &raw); err != nil {
		return s, []error{fmt.Errorf("read common settings: %w", err)} // Compile words it as unreadable settings
	}
	var errs []error
	if raw.Title != nil {
		s.Title = fmt.Sprint(raw.Title)
	}
	errs = appendErr(errs, s.setRetry(raw.RetryConfig))
	errs = appendErr(errs, s.setStrategy(raw.Strategy))
	errs = appendErr(errs, s.setDefaults(raw.Defaults))
	errs = appendErr(errs, s.setTimeout(raw.Timeout))
	return s, errs
}

func appendErr(errs []error, err error) []error {
	if err != nil {
		return append(errs, err)
	}
	return errs
}

func (s *Settings) setRetry(r *rawRetry) error {
	if r == nil || (r.Enabled != nil && !*r.Enabled) {
		return nil
	}
	if r.Max < 0 || r.Max > MaxRetries || r.Max != float64(int(r.Max)) {
		return &FieldError{Field: "retry_config.max_retries", Message: fmt.Sprintf("Retry a whole number of times, from 0 to %d.", MaxRetries),
			Detail: fmt.Sprintf("%v: want an integer 0..%d", r.Max, MaxRetries)}
	}
	interval := time.Duration(r.Interval * float64(time.Millisecond))
	if r.Interval < 0 || interval > MaxRetryInterval {
		return &FieldError{Field: "retry_config.retry_interval", Message: fmt.Sprintf("Wait between 0 and %d ms between tries.", MaxRetryInterval.Milliseconds()),
			Detail: fmt.Sprintf("%vms: want 0..%d ms", r.Interval, MaxRetryInterval.Milliseconds())}
	}
	s.MaxRetries, s.RetryInterval = int(r.Max), interval
	return nil
}

func (s *Settings) setStrategy(v any) error {
	if v == nil {
		return nil
	}
	name, _ := v.(string)
	switch ErrorStrategy(strings.ReplaceAll(name, "-", "_")) {
	case StrategyFail, "none", "":
		s.ErrorStrategy = StrategyFail
	case StrategyDefaultValue:
		s.ErrorStrategy = StrategyDefaultValue
	case StrategyFailBranch:
		s.ErrorStrategy = StrategyFailBranch
	default:
		return &FieldError{Field: "error_strategy", Message: "Choose what happens when this step fails.",
			Detail: fmt.Sprintf("%v: want fail, default_value or fail_branch", v)}
	}
	return nil
}

func (s *Settings) setDefaults(raw json.RawMessage) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var list []rawDefault
	if err := json.Unmarshal(raw, &list); err != nil {
		return &FieldError{Field: "default_value", Message: "The fallback values could not be read: set them again.",
			Detail: fmt.Sprintf("want a list of {key, type, value}: %v", err)}
	}
	s.Defaults = make(map[string]Value, len(list))
	for _, d := range list {
		v, err := defaultValue(d)
		if err != nil {
			return err
		}
		s.Defaults[d.Key] = v
	}
	return nil
}

func defaultValue(d rawDefault) (Value, error) {
	if !validName(d.Key) {
		return Value{}, &FieldError{Field: "default_value", Message: "A fallback value names no result: remove it.", Detail: fmt.Sprintf("bad key %q", d.Key)}
	}
	t, err := ParseType(d.Type)
	if err != nil {
		return Value{}, &FieldError{Field: "default_value", Message: fmt.Sprintf("The fallback value for “%s” has a type Lexflow does not know.", d.Key), Detail: fmt.Sprintf("%s: %v", d.Key, err)}
	}
	v, err := decodeTyped(d.Value, t)
	if err != nil {
		return Value{}, &FieldError{Field: "default_value", Message: fmt.Sprintf("The fallback value for “%s” must be %s.", d.Key, typeWords(t)), Detail: fmt.Sprintf("%s: %v", d.Key, err)}
	}
	return v, nil
}

func (s *Settings) setTimeout(raw json.RawMessage) error {
	if len(raw) == 0 || string(raw) == "null" || raw[0] == '{' {
		return nil // an object is a node's own timeout config (Dify's HTTP node)
	}
	var secs float64
	if err := json.Unmarshal(raw, &secs); err != nil || secs < 0 {
		return &FieldError{Field: "timeout", Message: "Give the time limit in seconds, 0 or more.", Detail: fmt.Sprintf("%s: want seconds, a number ≥ 0", raw)}
	}
	s.Timeout = time.Duration(secs * float64(time.Second))
	return nil
}

// decodeTyped decodes a JSON value and checks it against a declared type.
// Dify stores numbers and booleans of defaults as strings at times; those are
// accepted when they parse.
func decodeTyped(raw json.RawMessage, t Type) (Value, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return Zero(t), nil
	}
	var x any
	if err := json.Unmarshal(raw, &x); err != nil {
		return Value{}, fmt.Errorf("decode value: %w", err)
	}
	v := coerce(ValueOf(x), t)
	if !conforms(v, t) {
		return Value{}, fmt.Errorf("value %s is %s, declared %s: %w", raw, v.Type(), t, ErrTypeMismatch)
	}
	if t == TypeSecret {
		v = String(v.Text())
	}
	return v, nil
}

// coerce converts a string to the declared scalar type when it parses.
func coerce(v Value, t Type) Value {
	s, ok := v.Any().(string)
	if !ok {
		return v
	}
	var x any
	if (t == TypeNumber || t == TypeBool || t == TypeObject || t.IsArray()) && json.Unmarshal([]byte(s), &x) == nil {
		if c := ValueOf(x); conforms(c, t) {
			return c
		}
	}
	return v
}
