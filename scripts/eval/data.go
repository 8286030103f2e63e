package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// span is a gold answer: code points [Start, End) of document Doc (a corpus file name).
type span struct {
	Doc     string `json:"doc"`
	Start   int    `json:"start"`
	End     int    `json:"end"`
	Article string `json:"article,omitempty"` // the unit's id, in sets graded by unit (ACORD, STARD)
	Grade   int    `json:"grade,omitempty"`   // ACORD's relevance, 2–4
}

type query struct {
	ID       string `json:"id"`
	Query    string `json:"query"`
	Category string `json:"category"`
	Gold     []span `json:"gold"`
}

// querySet is one list of queries in two forms: the full query ("Consider
// the <title>; <question>") and the question alone.
type querySet struct {
	name     string // "sample" or "full"
	full     []query
	question []query // same order and gold as full
}

// loadQuerySets reads the 500-query sample (and with full, all queries).
// The full set has no question-only file: the README's prefix "Consider the
// <title>; " is removed, and the sample proves that this gives its file.
func loadQuerySets(dir string, full bool) ([]querySet, error) {
	titles, err := readTitles(filepath.Join(dir, "docs.jsonl"))
	if err != nil {
		return nil, err
	}
	sample, err := readQueries(filepath.Join(dir, "queries_sample500.jsonl"))
	if err != nil {
		return nil, err
	}
	sampleQ, err := readQueries(filepath.Join(dir, "queries_sample500_question_only.jsonl"))
	if err != nil {
		return nil, err
	}
	if err := checkQuestionOnly(sample, sampleQ, titles); err != nil {
		return nil, err
	}
	sets := []querySet{{name: "sample", full: sample, question: sampleQ}}
	if !full {
		return sets, nil
	}
	all, err := readQueries(filepath.Join(dir, "queries.jsonl"))
	if err != nil {
		return nil, err
	}
	allQ, err := questionOnly(all, titles)
	if err != nil {
		return nil, err
	}
	return append(sets, querySet{name: "full", full: all, question: allQ}), nil
}

func readQueries(path string) ([]query, error) {
	var qs []query
	err := eachLine(path, func(line []byte) error {
		var q query
		if err := json.Unmarshal(line, &q); err != nil {
			return err
		}
		if len(q.Gold) == 0 {
			return fmt.Errorf("query %s has no gold span", q.ID)
		}
		qs = append(qs, q)
		return nil
	})
	return qs, err
}

func readTitles(path string) (map[string]string, error) {
	titles := map[string]string{}
	err := eachLine(path, func(line []byte) error {
		var d struct{ Doc, Title string }
		if err := json.Unmarshal(line, &d); err != nil {
			return err
		}
		titles[d.Doc] = d.Title
		return nil
	})
	return titles, err
}

func eachLine(path string, fn func([]byte) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for n := 1; sc.Scan(); n++ {
		if err := fn(sc.Bytes()); err != nil {
			return fmt.Errorf("%s line %d: %w", path, n, err)
		}
	}
	return sc.Err()
}

func questionOnly(qs []query, titles map[string]string) ([]query, error) {
	out := make([]query, len(qs))
	for i, q := range qs {
		prefix := "Consider the " + titles[q.Gold[0].Doc] + "; "
		question, ok := strings.CutPrefix(q.Query, prefix)
		if !ok {
			return nil, fmt.Errorf("query %s does not start with %q", q.ID, prefix)
		}
		q.Query = question
		out[i] = q
	}
	return out, nil
}

func checkQuestionOnly(full, given []query, titles map[string]string) error {
	derived, err := questionOnly(full, titles)
	if err != nil {
		return err
	}
	if len(derived) != len(given) {
		return fmt.Errorf("the question-only sample has %d queries, the sample %d", len(given), len(full))
	}
	for i := range derived {
		if derived[i].ID != given[i].ID || derived[i].Query != given[i].Query {
			return fmt.Errorf("question-only query %s is %q, removing the title prefix gives %q", given[i].ID, given[i].Query, derived[i].Query)
		}
	}
	return nil
}
