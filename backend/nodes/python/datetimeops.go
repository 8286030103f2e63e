package python

import (
	"cmp"
	"math"
	"strings"
	"time"

	"github.com/go-python/gpython/py"
)

// addDatetimeMethods fills the types' methods. A method the type itself
// is called with (datetime.now()) is reached through the type's dict,
// unbound; one called on a value (d.strftime(…)) is bound to it.
func addDatetimeMethods() {
	method := func(t *py.Type, name string, fn func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
		t.Dict[name] = py.MustNewMethod(name, fn, 0, "")
	}
	for _, t := range []*py.Type{datetimeType, dateType} {
		dateOnly := t == dateType
		method(t, "today", func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
			return &dateTime{t: truncate(wall(time.Now()), dateOnly), dateOnly: dateOnly}, nil
		})
		method(t, "fromtimestamp", fromTimestamp(dateOnly, time.Local))
		method(t, "fromisoformat", fromISOFormat(dateOnly))
		method(t, "strftime", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			layout, err := stringArgument(args, kwargs, 0, "format")
			if err != nil {
				return nil, err
			}
			return py.String(strftime(self.(*dateTime).t, layout)), nil
		})
		method(t, "isoformat", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			sep := "T"
			if _, ok := argument(args, kwargs, 0, "sep"); ok {
				s, err := stringArgument(args, kwargs, 0, "sep")
				if err != nil {
					return nil, err
				}
				sep = s
			}
			return py.String(self.(*dateTime).isoformat(sep)), nil
		})
		method(t, "weekday", func(self py.Object, _ py.Tuple, _ py.StringDict) (py.Object, error) {
			return py.Int((self.(*dateTime).t.Weekday() + 6) % 7), nil
		})
		method(t, "isoweekday", func(self py.Object, _ py.Tuple, _ py.StringDict) (py.Object, error) {
			return py.Int((self.(*dateTime).t.Weekday()+6)%7 + 1), nil
		})
		method(t, "replace", replaceFields)
	}
	method(datetimeType, "now", func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
		return &dateTime{t: wall(time.Now())}, nil
	})
	method(datetimeType, "utcnow", func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
		return &dateTime{t: wall(time.Now().UTC())}, nil
	})
	method(datetimeType, "utcfromtimestamp", fromTimestamp(false, time.UTC))
	method(datetimeType, "strptime", strptimeMethod)
	method(datetimeType, "date", func(self py.Object, _ py.Tuple, _ py.StringDict) (py.Object, error) {
		return &dateTime{t: truncate(self.(*dateTime).t, true), dateOnly: true}, nil
	})
	method(datetimeType, "timestamp", func(self py.Object, _ py.Tuple, _ py.StringDict) (py.Object, error) {
		t := self.(*dateTime).t // naive: read as local time, as Python does
		local := time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.Local)
		return py.Float(float64(local.UnixMicro()) / 1e6), nil
	})
	method(timedeltaType, "total_seconds", func(self py.Object, _ py.Tuple, _ py.StringDict) (py.Object, error) {
		return py.Float(self.(*timeDelta).d.Seconds()), nil
	})
}

// truncate drops the time of day from a date's value.
func truncate(t time.Time, dateOnly bool) time.Time {
	if !dateOnly {
		return t
	}
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

func fromTimestamp(dateOnly bool, loc *time.Location) func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
	return func(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		o, ok := argument(args, kwargs, 0, "timestamp")
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "fromtimestamp() missing required argument 'timestamp'")
		}
		ts, err := py.FloatAsFloat64(o)
		if err != nil || math.IsNaN(ts) || math.IsInf(ts, 0) {
			return nil, py.ExceptionNewf(py.TypeError, "a number is required (got type %s)", o.Type().Name)
		}
		t := time.UnixMicro(int64(math.Round(ts * 1e6))).In(loc)
		return &dateTime{t: truncate(wall(t), dateOnly), dateOnly: dateOnly}, nil
	}
}

func fromISOFormat(dateOnly bool) func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
	layouts := []string{"2006-01-02T15:04:05.999999", "2006-01-02 15:04:05.999999", "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02"}
	if dateOnly {
		layouts = []string{"2006-01-02"}
	}
	return func(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		s, err := stringArgument(args, kwargs, 0, "date_string")
		if err != nil {
			return nil, err
		}
		for _, l := range layouts {
			if t, err := time.Parse(l, s); err == nil {
				return &dateTime{t: t, dateOnly: dateOnly}, nil
			}
		}
		return nil, py.ExceptionNewf(py.ValueError, "Invalid isoformat string: '%s'", s)
	}
}

func strptimeMethod(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	s, err := stringArgument(args, kwargs, 0, "date_string")
	if err != nil {
		return nil, err
	}
	layout, err := stringArgument(args, kwargs, 1, "format")
	if err != nil {
		return nil, err
	}
	t, err := strptime(s, layout)
	if err != nil {
		return nil, py.ExceptionNewf(py.ValueError, "%v", err)
	}
	return &dateTime{t: t}, nil
}

// replaceFields is d.replace(year=…, …): a copy with those fields changed.
func replaceFields(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	d := self.(*dateTime)
	t := d.t
	f := []int{t.Year(), int(t.Month()), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond() / 1000}
	names := datetimeFields
	if d.dateOnly {
		names = names[:3]
	}
	if err := intArgs("replace", args, kwargs, names, 0, f); err != nil {
		return nil, err
	}
	return makeDatetime(f, d.dateOnly)
}

// Arithmetic and comparisons, as Python's: a datetime ± a timedelta, a
// date ± a timedelta's whole days, the difference of two of a kind, a
// timedelta ± a timedelta or × a number.

func (d *dateTime) shifted(by time.Duration) *dateTime {
	if d.dateOnly {
		by = by.Truncate(24 * time.Hour)
	}
	return &dateTime{t: d.t.Add(by), dateOnly: d.dateOnly}
}

func (d *dateTime) M__add__(other py.Object) (py.Object, error) {
	if td, ok := other.(*timeDelta); ok {
		return d.shifted(td.d), nil
	}
	return py.NotImplemented, nil
}

func (d *dateTime) M__radd__(other py.Object) (py.Object, error) { return d.M__add__(other) }

func (d *dateTime) M__sub__(other py.Object) (py.Object, error) {
	switch o := other.(type) {
	case *timeDelta:
		return d.shifted(-o.d), nil
	case *dateTime:
		if o.dateOnly == d.dateOnly {
			return &timeDelta{d: d.t.Sub(o.t)}, nil
		}
	}
	return py.NotImplemented, nil
}

func (td *timeDelta) M__add__(other py.Object) (py.Object, error) {
	if o, ok := other.(*timeDelta); ok {
		return &timeDelta{d: td.d + o.d}, nil
	}
	return py.NotImplemented, nil
}

func (td *timeDelta) M__sub__(other py.Object) (py.Object, error) {
	if o, ok := other.(*timeDelta); ok {
		return &timeDelta{d: td.d - o.d}, nil
	}
	return py.NotImplemented, nil
}

func (td *timeDelta) M__neg__() (py.Object, error) { return &timeDelta{d: -td.d}, nil }

func (td *timeDelta) M__bool__() (py.Object, error) { return py.NewBool(td.d != 0), nil }

func (td *timeDelta) M__mul__(other py.Object) (py.Object, error) {
	switch other.(type) {
	case py.Int, py.Float:
		x, _ := py.FloatAsFloat64(other)
		return &timeDelta{d: time.Duration(float64(td.d) * x).Round(time.Microsecond)}, nil
	}
	return py.NotImplemented, nil
}

func (td *timeDelta) M__rmul__(other py.Object) (py.Object, error) { return td.M__mul__(other) }

// compare orders two values of one kind: -1, 0 or 1, ok false for others.
func compare(a, b py.Object) (int, bool) {
	switch x := a.(type) {
	case *dateTime:
		y, ok := b.(*dateTime)
		if !ok || x.dateOnly != y.dateOnly {
			return 0, false
		}
		return x.t.Compare(y.t), true
	case *timeDelta:
		y, ok := b.(*timeDelta)
		if !ok {
			return 0, false
		}
		return cmp.Compare(x.d, y.d), true
	}
	return 0, false
}

// ordered answers a comparison; values of other kinds are equal to none
// and cannot be ordered against.
func ordered(a, b py.Object, op string, test func(int) bool) (py.Object, error) {
	c, ok := compare(a, b)
	switch {
	case ok:
		return py.NewBool(test(c)), nil
	case op == "==":
		return py.False, nil
	case op == "!=":
		return py.True, nil
	}
	return nil, py.ExceptionNewf(py.TypeError, "'%s' not supported between instances of '%s' and '%s'", op,
		strings.TrimPrefix(a.Type().Name, "datetime."), strings.TrimPrefix(b.Type().Name, "datetime."))
}

func (d *dateTime) M__eq__(o py.Object) (py.Object, error) {
	return ordered(d, o, "==", func(c int) bool { return c == 0 })
}
func (d *dateTime) M__ne__(o py.Object) (py.Object, error) {
	return ordered(d, o, "!=", func(c int) bool { return c != 0 })
}
func (d *dateTime) M__lt__(o py.Object) (py.Object, error) {
	return ordered(d, o, "<", func(c int) bool { return c < 0 })
}
func (d *dateTime) M__le__(o py.Object) (py.Object, error) {
	return ordered(d, o, "<=", func(c int) bool { return c <= 0 })
}
func (d *dateTime) M__gt__(o py.Object) (py.Object, error) {
	return ordered(d, o, ">", func(c int) bool { return c > 0 })
}
func (d *dateTime) M__ge__(o py.Object) (py.Object, error) {
	return ordered(d, o, ">=", func(c int) bool { return c >= 0 })
}
func (td *timeDelta) M__eq__(o py.Object) (py.Object, error) {
	return ordered(td, o, "==", func(c int) bool { return c == 0 })
}
func (td *timeDelta) M__ne__(o py.Object) (py.Object, error) {
	return ordered(td, o, "!=", func(c int) bool { return c != 0 })
}
func (td *timeDelta) M__lt__(o py.Object) (py.Object, error) {
	return ordered(td, o, "<", func(c int) bool { return c < 0 })
}
func (td *timeDelta) M__le__(o py.Object) (py.Object, error) {
	return ordered(td, o, "<=", func(c int) bool { return c <= 0 })
}
func (td *timeDelta) M__gt__(o py.Object) (py.Object, error) {
	return ordered(td, o, ">", func(c int) bool { return c > 0 })
}
func (td *timeDelta) M__ge__(o py.Object) (py.Object, error) {
	return ordered(td, o, ">=", func(c int) bool { return c >= 0 })
}
