package llm

import (
	"errors"
	"strings"
)

// Format is the shape a request asks a server to give its reply.
type Format string

const (
	// FormatSchema: one JSON value conforming to Request.Schema, enforced
	// by the server (constrained decoding).
	FormatSchema Format = "schema"
	// FormatJSON: one JSON object (Request.JSON), of a shape only the prompt describes.
	FormatJSON Format = "json"
	// FormatProse: no constraint; the prompt alone says what to write.
	FormatProse Format = "prose"
)

// formats are the formats, strongest first.
var formats = []Format{FormatSchema, FormatJSON, FormatProse}

// Weaker is the next weaker format, and false for prose, which has none.
func (f Format) Weaker() (Format, bool) {
	for i, g := range formats[:len(formats)-1] {
		if g == f {
			return formats[i+1], true
		}
	}
	return "", false
}

// AtMost is the weaker of f and g; an empty or unknown format counts as the
// strongest, so AtMost("", g) is g.
func (f Format) AtMost(g Format) Format {
	if f.rank() < g.rank() {
		return g
	}
	return f
}

// rank orders formats: 0 is the strongest.
func (f Format) rank() int {
	for i, g := range formats {
		if g == f {
			return i
		}
	}
	return 0
}

// Shape sets the request's format fields for f: the schema for FormatSchema,
// JSON mode for FormatJSON, neither for prose.
func (r Request) Shape(f Format, schema []byte) Request {
	r.JSON, r.Schema = f == FormatJSON, nil
	if f == FormatSchema {
		r.Schema = schema
	}
	return r
}

// FormatSender is an optional ability of a Provider: it sends Request.Schema
// and Request.JSON to a server that constrains the reply. Formats lists what
// it can ask for, strongest first. A provider without it ignores both fields
// (the extractive answerer writes its own JSON), so asking it for a format
// is asking for prose.
type FormatSender interface {
	Formats() []Format
}

// SendableFormats is p's Formats, or prose alone for a provider without the ability.
func SendableFormats(p Provider) []Format {
	if fs, ok := p.(FormatSender); ok {
		return fs.Formats()
	}
	return []Format{FormatProse}
}

// AllFormats is every format, strongest first, for providers that send them all.
func AllFormats() []Format { return append([]Format(nil), formats...) }

// RejectsFormat reports whether err is a server refusing the reply format a
// request asked for: a bad request whose message names the format field or
// a schema (Ollama before 0.5 cannot read a schema in "format"; OpenAI-
// compatible servers answer "response_format … json_schema" errors). Other
// bad requests, and every other failure, are not.
func RejectsFormat(err error) bool {
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrBadRequest) {
		return false
	}
	msg := strings.ToLower(e.Message)
	return strings.Contains(msg, "format") || strings.Contains(msg, "schema")
}
