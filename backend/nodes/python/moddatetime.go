package python

import (
	"fmt"
	"time"

	"github.com/go-python/gpython/py"
)

// The datetime module, the parts Dify's code nodes use: naive datetime
// (now, utcnow, today, fromtimestamp, utcfromtimestamp, strptime,
// fromisoformat; strftime, isoformat, date, timestamp, weekday, replace;
// its fields; ± timedelta, datetime − datetime, comparisons), date (today,
// the fields, strftime, isoformat, weekday) and timedelta (days, seconds,
// microseconds, total_seconds, ±, × a number). Time zones are not
// modelled: every value is naive, as Python's are unless given a tzinfo.
// A value is a Go time.Time holding the wall clock in UTC.
var (
	datetimeType  = newType(py.ObjectType, "datetime.datetime", "a date and a time of day, without a time zone")
	dateType      = newType(py.ObjectType, "datetime.date", "a date")
	timedeltaType = newType(py.ObjectType, "datetime.timedelta", "a duration")
)

// dateTime is a datetime (or, with dateOnly, a date).
type dateTime struct {
	t        time.Time
	dateOnly bool
}

// timeDelta is a timedelta.
type timeDelta struct{ d time.Duration }

func (d *dateTime) Type() *py.Type {
	if d.dateOnly {
		return dateType
	}
	return datetimeType
}

func (*timeDelta) Type() *py.Type { return timedeltaType }

// wall is t's wall clock, kept as UTC so that arithmetic ignores zones.
func wall(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
}

func registerDatetime() {
	datetimeType.New, dateType.New, timedeltaType.New = newDatetime, newDate, newTimedelta
	addDatetimeMethods()
	py.RegisterModule(&py.ModuleImpl{
		Info: py.ModuleInfo{Name: "datetime", Doc: "dates and times (naive)"},
		Globals: py.StringDict{"datetime": datetimeType, "date": dateType, "timedelta": timedeltaType,
			"MINYEAR": py.Int(1), "MAXYEAR": py.Int(9999)},
	})
}

// intArgs reads up to len(names) int arguments, positional then by
// keyword, into out; required is how many must be given.
func intArgs(fn string, args py.Tuple, kwargs py.StringDict, names []string, required int, out []int) error {
	if len(args) > len(names) {
		return py.ExceptionNewf(py.TypeError, "%s() takes at most %d arguments (%d given)", fn, len(names), len(args))
	}
	for i, name := range names {
		o, ok := argument(args, kwargs, i, name)
		if !ok {
			if i < required {
				return py.ExceptionNewf(py.TypeError, "%s() missing required argument '%s' (pos %d)", fn, name, i+1)
			}
			continue
		}
		n, err := py.GetInt(o)
		if err != nil {
			return py.ExceptionNewf(py.TypeError, "%s() argument %s must be int, not %s", fn, name, o.Type().Name)
		}
		out[i] = int(n)
	}
	return nil
}

var datetimeFields = []string{"year", "month", "day", "hour", "minute", "second", "microsecond"}

func newDatetime(_ *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	f := make([]int, 7)
	if err := intArgs("datetime", args, kwargs, datetimeFields, 3, f); err != nil {
		return nil, err
	}
	return makeDatetime(f, false)
}

func newDate(_ *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	f := make([]int, 7)
	if err := intArgs("date", args, kwargs, datetimeFields[:3], 3, f); err != nil {
		return nil, err
	}
	return makeDatetime(f, true)
}

// makeDatetime checks fields as Python does ("month must be in 1..12").
func makeDatetime(f []int, dateOnly bool) (py.Object, error) {
	limits := []struct {
		name   string
		lo, hi int
	}{{"year", 1, 9999}, {"month", 1, 12}, {"day", 1, 31}, {"hour", 0, 23}, {"minute", 0, 59}, {"second", 0, 59}, {"microsecond", 0, 999999}}
	for i, l := range limits {
		if f[i] < l.lo || f[i] > l.hi {
			return nil, py.ExceptionNewf(py.ValueError, "%s must be in %d..%d", l.name, l.lo, l.hi)
		}
	}
	t := time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], f[6]*1000, time.UTC)
	if t.Day() != f[2] {
		return nil, py.ExceptionNewf(py.ValueError, "day is out of range for month")
	}
	return &dateTime{t: t, dateOnly: dateOnly}, nil
}

var timedeltaUnits = []struct {
	name string
	unit time.Duration
}{{"days", 24 * time.Hour}, {"seconds", time.Second}, {"microseconds", time.Microsecond}, {"milliseconds", time.Millisecond},
	{"minutes", time.Minute}, {"hours", time.Hour}, {"weeks", 7 * 24 * time.Hour}}

func newTimedelta(_ *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	var d time.Duration
	for i, u := range timedeltaUnits {
		o, ok := argument(args, kwargs, i, u.name)
		if !ok {
			continue
		}
		x, err := py.FloatAsFloat64(o)
		if err != nil {
			return nil, py.ExceptionNewf(py.TypeError, "unsupported type for timedelta %s component: %s", u.name, o.Type().Name)
		}
		d += time.Duration(x * float64(u.unit)).Round(time.Microsecond)
	}
	return &timeDelta{d: d}, nil
}

func (d *dateTime) M__getattr__(name string) (py.Object, error) {
	t := d.t
	values := map[string]int{"year": t.Year(), "month": int(t.Month()), "day": t.Day()}
	if !d.dateOnly {
		values["hour"], values["minute"], values["second"], values["microsecond"] = t.Hour(), t.Minute(), t.Second(), t.Nanosecond()/1000
	}
	if v, ok := values[name]; ok {
		return py.Int(v), nil
	}
	if name == "tzinfo" && !d.dateOnly {
		return py.None, nil
	}
	return nil, py.ExceptionNewf(py.AttributeError, "'%s' object has no attribute '%s'", d.Type().Name, name)
}

func (td *timeDelta) M__getattr__(name string) (py.Object, error) {
	days, rest := td.parts()
	switch name {
	case "days":
		return py.Int(days), nil
	case "seconds":
		return py.Int(rest / time.Second), nil
	case "microseconds":
		return py.Int(rest % time.Second / time.Microsecond), nil
	}
	return nil, py.ExceptionNewf(py.AttributeError, "'timedelta' object has no attribute '%s'", name)
}

// parts splits a duration as Python does: whole days (negative for a
// negative duration) and a non-negative rest under a day.
func (td *timeDelta) parts() (int, time.Duration) {
	day := 24 * time.Hour
	days := td.d / day
	rest := td.d % day
	if rest < 0 {
		days--
		rest += day
	}
	return int(days), rest
}

func (d *dateTime) M__str__() (py.Object, error) { return py.String(d.isoformat(" ")), nil }

func (d *dateTime) M__repr__() (py.Object, error) {
	t := d.t
	if d.dateOnly {
		return py.String(fmt.Sprintf("datetime.date(%d, %d, %d)", t.Year(), t.Month(), t.Day())), nil
	}
	s := fmt.Sprintf("datetime.datetime(%d, %d, %d, %d, %d", t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute())
	if us := t.Nanosecond() / 1000; us != 0 {
		s += fmt.Sprintf(", %d, %d", t.Second(), us)
	} else if t.Second() != 0 {
		s += fmt.Sprintf(", %d", t.Second())
	}
	return py.String(s + ")"), nil
}

// isoformat is "YYYY-MM-DD" for a date, else with sep and the time,
// microseconds only when there are any.
func (d *dateTime) isoformat(sep string) string {
	if d.dateOnly {
		return d.t.Format("2006-01-02")
	}
	if d.t.Nanosecond()/1000 != 0 {
		return d.t.Format("2006-01-02" + sep + "15:04:05.000000")
	}
	return d.t.Format("2006-01-02" + sep + "15:04:05")
}

func (td *timeDelta) M__str__() (py.Object, error) {
	days, rest := td.parts()
	h, m, s, us := rest/time.Hour, rest%time.Hour/time.Minute, rest%time.Minute/time.Second, rest%time.Second/time.Microsecond
	clock := fmt.Sprintf("%d:%02d:%02d", h, m, s)
	if us != 0 {
		clock += fmt.Sprintf(".%06d", us)
	}
	switch {
	case days == 1 || days == -1:
		return py.String(fmt.Sprintf("%d day, %s", days, clock)), nil
	case days != 0:
		return py.String(fmt.Sprintf("%d days, %s", days, clock)), nil
	}
	return py.String(clock), nil
}

func (td *timeDelta) M__repr__() (py.Object, error) {
	days, rest := td.parts()
	return py.String(fmt.Sprintf("datetime.timedelta(days=%d, seconds=%d, microseconds=%d)", days, rest/time.Second, rest%time.Second/time.Microsecond)), nil
}
