package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"lexflow/backend/evidence"
)

// dateArithmetic: date_arithmetic(operation, date, ...) on ISO dates
// (YYYY-MM-DD; "today" is the clock's date):
//   - add / subtract: years, months (clamped to the month's end: 31 Jan + 1
//     month = 28 or 29 Feb) then days;
//   - difference: days from date to end_date (negative when earlier);
//   - business_days: working days after date up to and including end_date;
//   - add_business_days: date moved by days working days.
//
// Working days skip the weekend (Saturday and Sunday unless weekend lists
// others, e.g. ["friday", "saturday"]) and the listed holidays.
type dateArithmetic struct{ d Deps }

func (dateArithmetic) Name() string { return "date_arithmetic" }

func (dateArithmetic) Description() string {
	return "Compute legal deadlines: add or subtract days, months or years to an ISO date, count days or business days between two dates, or add business days."
}

func (dateArithmetic) Parameters() json.RawMessage {
	return ObjectSchema(
		Param{Name: "operation", Type: "string", Required: true, Description: "what to compute",
			Enum: []string{"add", "subtract", "difference", "business_days", "add_business_days"}},
		Param{Name: "date", Type: "string", Required: true, Description: `the start date, YYYY-MM-DD or "today"`},
		Param{Name: "end_date", Type: "string", Description: "the end date for difference and business_days"},
		Param{Name: "days", Type: "integer", Description: "days to add or subtract"},
		Param{Name: "months", Type: "integer", Description: "months to add or subtract"},
		Param{Name: "years", Type: "integer", Description: "years to add or subtract"},
		Param{Name: "weekend", Type: "array", Items: "string", Description: `weekend days (default ["saturday", "sunday"])`},
		Param{Name: "holidays", Type: "array", Items: "string", Description: "holidays to skip, as YYYY-MM-DD"},
	)
}

const isoDate = "2006-01-02"

// maxDaySpan bounds day counts and business-day walks (about 270 years).
const maxDaySpan = 100_000

func (t dateArithmetic) Call(_ context.Context, raw json.RawMessage) (Result, error) {
	a, err := parseArgs(raw)
	if err != nil {
		return Result{}, err
	}
	start, err := t.date(a.str("date"))
	if err != nil {
		return Result{}, fmt.Errorf("date: %w", err)
	}
	op := a.str("operation")
	switch op {
	case "add", "subtract":
		return shifted(start, a, op == "subtract")
	case "add_business_days":
		return t.addBusiness(start, a)
	case "difference", "business_days":
		return t.between(start, a, op == "business_days")
	}
	return Result{}, fmt.Errorf("operation %q: want add, subtract, difference, business_days or add_business_days: %w", op, ErrBadArgument)
}

func (t dateArithmetic) date(s string) (time.Time, error) {
	if s == "" || strings.EqualFold(s, "today") {
		now := t.d.now()
		return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC), nil
	}
	d, err := time.Parse(isoDate, evidence.FoldDigits(s))
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is not a YYYY-MM-DD date: %w", s, ErrBadArgument)
	}
	return d, nil
}

func shifted(start time.Time, a args, subtract bool) (Result, error) {
	sign := 1
	if subtract {
		sign = -1
	}
	years, months, days := int(a.num("years", 0)), int(a.num("months", 0)), int(a.num("days", 0))
	if abs(days) > maxDaySpan || abs(months) > maxDaySpan/30 || abs(years) > maxDaySpan/365 {
		return Result{}, fmt.Errorf("shift is over %d days: %w", maxDaySpan, ErrBadArgument)
	}
	d := addMonths(start, sign*(years*12+months)).AddDate(0, 0, sign*days)
	return dateResult(d), nil
}

// addMonths moves by whole months, clamping to the last day of the month.
func addMonths(d time.Time, n int) time.Time {
	first := time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, n, 0)
	last := first.AddDate(0, 1, -1).Day()
	return first.AddDate(0, 0, min(d.Day(), last)-1)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func dateResult(d time.Time) Result {
	s := d.Format(isoDate)
	return Result{Text: s, JSON: map[string]any{"date": s, "weekday": d.Weekday().String()}}
}

func (t dateArithmetic) between(start time.Time, a args, business bool) (Result, error) {
	end, err := t.date(a.str("end_date"))
	if err != nil || a.str("end_date") == "" {
		return Result{}, fmt.Errorf("end_date is required: %w", ErrBadArgument)
	}
	days := int(end.Sub(start).Hours() / 24)
	if abs(days) > maxDaySpan {
		return Result{}, fmt.Errorf("the dates are over %d days apart: %w", maxDaySpan, ErrBadArgument)
	}
	if business {
		cal, err := calendarOf(a)
		if err != nil {
			return Result{}, err
		}
		days = cal.count(start, end)
	}
	return Result{Text: fmt.Sprint(days), JSON: map[string]any{"days": float64(days), "business": business}}, nil
}

func (t dateArithmetic) addBusiness(start time.Time, a args) (Result, error) {
	n := int(a.num("days", 0))
	if abs(n) > maxDaySpan/2 {
		return Result{}, fmt.Errorf("days is over %d: %w", maxDaySpan/2, ErrBadArgument)
	}
	cal, err := calendarOf(a)
	if err != nil {
		return Result{}, err
	}
	return dateResult(cal.add(start, n)), nil
}

// calendar knows which days are worked.
type calendar struct {
	weekend  []time.Weekday
	holidays []string
}

func calendarOf(a args) (calendar, error) {
	c := calendar{weekend: []time.Weekday{time.Saturday, time.Sunday}}
	if names := a.strs("weekend"); len(names) > 0 {
		c.weekend = nil
		for _, n := range names {
			wd, ok := weekday(n)
			if !ok {
				return c, fmt.Errorf("weekend day %q: %w", n, ErrBadArgument)
			}
			c.weekend = append(c.weekend, wd)
		}
	}
	for _, h := range a.strs("holidays") {
		d, err := time.Parse(isoDate, evidence.FoldDigits(h))
		if err != nil {
			return c, fmt.Errorf("holiday %q is not a YYYY-MM-DD date: %w", h, ErrBadArgument)
		}
		c.holidays = append(c.holidays, d.Format(isoDate))
	}
	return c, nil
}

func weekday(name string) (time.Weekday, bool) {
	for d := time.Sunday; d <= time.Saturday; d++ {
		if strings.EqualFold(name, d.String()) || strings.EqualFold(name, d.String()[:3]) {
			return d, true
		}
	}
	return 0, false
}

func (c calendar) works(d time.Time) bool {
	return !slices.Contains(c.weekend, d.Weekday()) && !slices.Contains(c.holidays, d.Format(isoDate))
}

func (c calendar) allWeekend() bool {
	for d := time.Sunday; d <= time.Saturday; d++ {
		if !slices.Contains(c.weekend, d) {
			return false
		}
	}
	return true
}

// count is the working days in (start, end], negative when end < start.
func (c calendar) count(start, end time.Time) int {
	sign := 1
	if end.Before(start) {
		start, end, sign = end, start, -1
	}
	n := 0
	for d := start.AddDate(0, 0, 1); !d.After(end); d = d.AddDate(0, 0, 1) {
		if c.works(d) {
			n++
		}
	}
	return sign * n
}

// add moves n working days (backwards when negative).
func (c calendar) add(d time.Time, n int) time.Time {
	step := 1
	if n < 0 {
		step, n = -1, -n
	}
	if c.allWeekend() {
		return d
	}
	for n > 0 {
		d = d.AddDate(0, 0, step)
		if c.works(d) {
			n--
		}
	}
	return d
}
