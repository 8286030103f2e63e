package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
)

// printCategories shows span hit@10 per query category, worst first (by the first run).
func printCategories(w io.Writer, runs []settingRun) {
	head := []string{"category", "queries"}
	for _, r := range runs {
		head = append(head, r.scope+", "+r.set)
	}
	rates := make([]map[string][2]int, len(runs))
	for i, r := range runs {
		rates[i] = categoryHits(r)
	}
	cats := categoriesBy(rates[0])
	t := table{head}
	for _, c := range cats {
		row := []string{c, fmt.Sprint(rates[0][c][1])}
		for i := range runs {
			row = append(row, share(rates[i][c][0], rates[i][c][1]))
		}
		t = append(t, row)
	}
	t.print(w)
}

func categoryHits(r settingRun) map[string][2]int {
	m := map[string][2]int{}
	for i, q := range r.queries {
		c := m[q.Category]
		if r.outcomes[i].rank > 0 {
			c[0]++
		}
		c[1]++
		m[q.Category] = c
	}
	return m
}

func categoriesBy(m map[string][2]int) []string {
	var cats []string
	for c := range m {
		cats = append(cats, c)
	}
	rate := func(c string) float64 { return float64(m[c][0]) / float64(m[c][1]) }
	slices.SortFunc(cats, func(a, b string) int {
		if c := cmp.Compare(rate(a), rate(b)); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	return cats
}
