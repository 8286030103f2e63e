package dsl

import "errors"

// Sentinels for reading a DSL.
var (
	ErrMalformed          = errors.New("malformed dsl")
	ErrTooLarge           = errors.New("dsl too large")
	ErrUnsupportedVersion = errors.New("unsupported dsl version")
	ErrDifyDSL            = errors.New("dify dsl")
	ErrUnsupportedApp     = errors.New("unsupported app mode")
)
