// Package switches reads the off switches of heuristics from the
// environment: a comma-separated list of feature names, so an evaluation can
// measure what each feature is worth on real data by switching it off, the
// same way the product reads it.
package switches

import (
	"os"
	"strings"
)

// AnswerEnv names the answer heuristics switched off, for the generation
// pipeline and the extractive answerer alike.
const AnswerEnv = "LEXFLOW_ANSWER_OFF"

// Off is a set of features switched off.
type Off map[string]bool

// FromEnv reads the features named in the environment variable name.
func FromEnv(name string) Off { return Parse(os.Getenv(name)) }

// Parse reads "a, b,c" as the set {a, b, c}.
func Parse(list string) Off {
	off := Off{}
	for _, name := range strings.Split(list, ",") {
		if name = strings.TrimSpace(name); name != "" {
			off[name] = true
		}
	}
	return off
}

// On tells whether feature is on: every feature is, unless switched off.
func (o Off) On(feature string) bool { return !o[feature] }
