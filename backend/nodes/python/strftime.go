package python

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// strftime and strptime with C's directives as CPython on Linux reads
// them (the C locale): %Y %y %m %d %H %I %M %S %f %p %b %B %a %A %j %w %c
// %x %X %%; %z and %Z are empty for a naive value. strftime keeps any other
// directive as written; strptime refuses it.

func strftime(t time.Time, layout string) string {
	var b strings.Builder
	for i := 0; i < len(layout); i++ {
		if layout[i] != '%' || i+1 == len(layout) {
			b.WriteByte(layout[i])
			continue
		}
		i++
		if s, ok := directive(t, layout[i]); ok {
			b.WriteString(s)
		} else {
			b.WriteByte('%')
			b.WriteByte(layout[i])
		}
	}
	return b.String()
}

func directive(t time.Time, c byte) (string, bool) {
	hour12 := t.Hour() % 12
	if hour12 == 0 {
		hour12 = 12
	}
	switch c {
	case 'Y':
		return fmt.Sprintf("%04d", t.Year()), true
	case 'y':
		return fmt.Sprintf("%02d", t.Year()%100), true
	case 'm':
		return fmt.Sprintf("%02d", int(t.Month())), true
	case 'd':
		return fmt.Sprintf("%02d", t.Day()), true
	case 'H':
		return fmt.Sprintf("%02d", t.Hour()), true
	case 'I':
		return fmt.Sprintf("%02d", hour12), true
	case 'M':
		return fmt.Sprintf("%02d", t.Minute()), true
	case 'S':
		return fmt.Sprintf("%02d", t.Second()), true
	case 'f':
		return fmt.Sprintf("%06d", t.Nanosecond()/1000), true
	case 'p':
		return t.Format("PM"), true
	case 'b':
		return t.Format("Jan"), true
	case 'B':
		return t.Format("January"), true
	case 'a':
		return t.Format("Mon"), true
	case 'A':
		return t.Format("Monday"), true
	case 'j':
		return fmt.Sprintf("%03d", t.YearDay()), true
	case 'w':
		return strconv.Itoa(int(t.Weekday())), true
	case 'c':
		return t.Format("Mon Jan _2 15:04:05 2006"), true
	case 'x':
		return t.Format("01/02/06"), true
	case 'X':
		return t.Format("15:04:05"), true
	case 'z', 'Z':
		return "", true
	case '%':
		return "%", true
	}
	return "", false
}

// strptimeFields are the patterns strptime reads each directive with.
var strptimeFields = map[byte]string{
	'Y': `(?P<Y>\d{4})`, 'y': `(?P<y>\d{2})`, 'm': `(?P<m>1[0-2]|0[1-9]|[1-9])`, 'd': `(?P<d>3[01]|[12]\d|0[1-9]|[1-9]| [1-9])`,
	'H': `(?P<H>2[0-3]|[0-1]\d|\d)`, 'I': `(?P<I>1[0-2]|0[1-9]|[1-9])`, 'M': `(?P<M>[0-5]\d|\d)`, 'S': `(?P<S>6[0-1]|[0-5]\d|\d)`,
	'f': `(?P<f>\d{1,6})`, 'p': `(?P<p>(?i:am|pm))`, 'j': `(?P<j>36[0-6]|3[0-5]\d|[12]\d\d|0[1-9]\d|00[1-9]|[1-9]\d|0[1-9]|[1-9])`,
	'b': `(?P<b>(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))`,
	'B': `(?P<B>(?i:january|february|march|april|may|june|july|august|september|october|november|december))`,
	'a': `(?i:mon|tue|wed|thu|fri|sat|sun)`, 'A': `(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday)`,
	'w': `[0-6]`, '%': `%`,
}

// strptime parses s as layout describes it, as a naive wall clock.
func strptime(s, layout string) (time.Time, error) {
	var pattern strings.Builder
	pattern.WriteString("^")
	for i := 0; i < len(layout); i++ {
		c := layout[i]
		switch {
		case c == '%' && i+1 < len(layout):
			i++
			p, ok := strptimeFields[layout[i]]
			if !ok {
				return time.Time{}, fmt.Errorf("'%c' is a bad directive in format '%s'", layout[i], layout)
			}
			pattern.WriteString(p)
		case c == ' ' || c == '\t' || c == '\n':
			pattern.WriteString(`\s+`)
		default:
			pattern.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	re, err := regexp.Compile(pattern.String())
	if err != nil {
		return time.Time{}, fmt.Errorf("read format '%s': %w", layout, err)
	}
	m := re.FindStringSubmatchIndex(s)
	if m == nil {
		return time.Time{}, fmt.Errorf("time data '%s' does not match format '%s'", s, layout)
	}
	if m[1] != len(s) {
		return time.Time{}, fmt.Errorf("unconverted data remains: %s", s[m[1]:])
	}
	fields := map[string]string{}
	for i, name := range re.SubexpNames() {
		if name != "" && m[2*i] >= 0 {
			fields[name] = strings.TrimSpace(s[m[2*i]:m[2*i+1]])
		}
	}
	return parsedTime(fields)
}

// parsedTime builds the time from strptime's fields; what is missing
// defaults as in CPython (1900-01-01 00:00:00).
func parsedTime(f map[string]string) (time.Time, error) {
	num := func(k string, def int) int {
		if v, ok := f[k]; ok {
			n, _ := strconv.Atoi(v)
			return n
		}
		return def
	}
	year := num("Y", 1900)
	if y, ok := f["y"]; ok {
		n, _ := strconv.Atoi(y)
		year = 1900 + n
		if n < 69 {
			year = 2000 + n
		}
	}
	month := num("m", 1)
	for _, k := range []string{"b", "B"} {
		if v, ok := f[k]; ok {
			t, _ := time.Parse("Jan", strings.ToUpper(v[:1])+strings.ToLower(v[1:3]))
			month = int(t.Month())
		}
	}
	hour := num("H", 0)
	if _, ok := f["I"]; ok {
		hour = num("I", 12) % 12
		if strings.EqualFold(f["p"], "pm") {
			hour += 12
		}
	}
	micro := 0
	if v, ok := f["f"]; ok {
		micro, _ = strconv.Atoi(v + strings.Repeat("0", 6-len(v)))
	}
	t := time.Date(year, time.Month(month), num("d", 1), hour, num("M", 0), num("S", 0), micro*1000, time.UTC)
	if j, ok := f["j"]; ok {
		n, _ := strconv.Atoi(j)
		t = time.Date(year, 1, n, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
	}
	if t.Day() != num("d", t.Day()) {
		return time.Time{}, fmt.Errorf("day is out of range for month")
	}
	return t, nil
}
