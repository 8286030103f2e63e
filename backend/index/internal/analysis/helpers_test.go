package analysis

import "testing"

// testAnalyzers are the analyzers of the index's mapping.
func testAnalyzers(t testing.TB) Analyzers {
	t.Helper()
	m, err := NewMapping()
	if err != nil {
		t.Fatal(err)
	}
	return AnalyzersOf(m)
}

// terms analyses text the way the index does for lang.
func terms(a Analyzers, lang, text string) []string {
	var out []string
	for _, tok := range a[lang].Analyze([]byte(text)) {
		out = append(out, string(tok.Term))
	}
	return out
}
