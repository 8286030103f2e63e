// Package examples ships the sample library: short excerpts of public-domain
// and openly licensed legal texts (see corpus/README.md for each source and
// licence), in the formats Lexflow ingests, so a fresh install can be tried at
// once and the tests use real legal layouts.
package examples

import (
	"embed"
	"io/fs"
)

//go:embed apps/*.yml
var apps embed.FS

// App returns a sample app's DSL by file name ("legal-qa.yml").
func App(name string) ([]byte, error) { return apps.ReadFile("apps/" + name) }

// AppFiles names the sample apps' DSL files, sorted.
func AppFiles() []string {
	entries, err := apps.ReadDir("apps")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	return names
}

//go:embed corpus/*.pdf corpus/*.docx corpus/*.html corpus/*.txt corpus/*.md
var corpus embed.FS

// Corpus returns the sample documents, named by file, without the bad-input
// fixtures and sources kept beside them for the tests.
func Corpus() fs.FS {
	sub, err := fs.Sub(corpus, "corpus")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory
	}
	return sub
}
