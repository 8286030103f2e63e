package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// currentTime: current_time(format, timezone), Dify's time tool: the
// clock's time in an IANA zone (default UTC), written with a strftime
// format (default "%Y-%m-%d %H:%M:%S"; %Y %m %d %H %M %S %A %a %B %b %Z %z
// %p %I %j %%, anything else as written).
type currentTime struct{ d Deps }

func (currentTime) Name() string { return "current_time" }

func (currentTime) Description() string {
	return "The current date and time, in a time zone and format of your choice."
}

func (currentTime) Parameters() json.RawMessage {
	return ObjectSchema(
		Param{Name: "format", Type: "string", Description: `strftime format (default "%Y-%m-%d %H:%M:%S")`},
		Param{Name: "timezone", Type: "string", Description: `IANA time zone such as "Asia/Dubai" (default UTC)`},
	)
}

func (t currentTime) Call(_ context.Context, raw json.RawMessage) (Result, error) {
	a, err := parseArgs(raw)
	if err != nil {
		return Result{}, err
	}
	loc := time.UTC
	if tz := a.str("timezone"); tz != "" {
		if loc, err = time.LoadLocation(tz); err != nil {
			return Result{}, fmt.Errorf("timezone %q: %w", tz, ErrBadArgument)
		}
	}
	now := t.d.now().In(loc)
	format := a.str("format")
	if format == "" {
		format = "%Y-%m-%d %H:%M:%S"
	}
	text := strftime(now, format)
	return Result{Text: text, JSON: map[string]any{"time": text, "iso": now.Format(time.RFC3339), "timezone": loc.String()}}, nil
}

var strftimeLayouts = map[byte]string{
	'Y': "2006", 'm': "01", 'd': "02", 'H': "15", 'M': "04", 'S': "05", 'A': "Monday", 'a': "Mon",
	'B': "January", 'b': "Jan", 'Z': "MST", 'z': "-0700", 'p': "PM", 'I': "03", 'y': "06",
}

// strftime writes t with the strftime directives Dify's time tool uses.
func strftime(t time.Time, format string) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 == len(format) {
			b.WriteByte(format[i])
			continue
		}
		i++
		switch c := format[i]; {
		case c == '%':
			b.WriteByte('%')
		case c == 'j':
			fmt.Fprintf(&b, "%03d", t.YearDay())
		case strftimeLayouts[c] != "":
			b.WriteString(t.Format(strftimeLayouts[c]))
		default:
			b.WriteByte('%')
			b.WriteByte(c)
		}
	}
	return b.String()
}
