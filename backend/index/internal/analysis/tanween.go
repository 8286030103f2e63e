package analysis

import (
	"strings"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/registry"
)

// filterTanween drops the indefinite accusative ending (alef with fathatan,
// "ـاً") of Arabic words, so that تشريعياً finds تشريعي and ضمنياً finds
// الضمني. It runs before normalisation, which would remove the fathatan and
// leave an alef that no longer tells this ending from a word's own alef.
const filterTanween = "lexflow_ar_tanween"

func init() {
	err := registry.RegisterTokenFilter(filterTanween, func(map[string]any, *registry.Cache) (analysis.TokenFilter, error) {
		return tanweenFilter{}, nil
	})
	if err != nil {
		panic(err)
	}
}

type tanweenFilter struct{}

func (tanweenFilter) Filter(input analysis.TokenStream) analysis.TokenStream {
	for _, tok := range input {
		tok.Term = []byte(dropTanween(string(tok.Term)))
	}
	return input
}

// dropTanween removes a final "اً" or "ًا" from words of three letters or more before it.
func dropTanween(w string) string {
	for _, ending := range []string{"\u0627\u064B", "\u064B\u0627"} {
		if stem, ok := strings.CutSuffix(w, ending); ok && len([]rune(stem)) >= 3 {
			return stem
		}
	}
	return w
}
