// Package proccpu reads the process's CPU time, for benchmarks that report
// CPU per operation: a figure a busy machine does not inflate as it does
// wall-clock time.
package proccpu
