package analysis

import (
	"slices"
	"testing"
)

func TestQueryLanguagesFollowTheScript(t *testing.T) {
	for text, want := range map[string][]string{
		"notice period":        {LangEN},
		"المادة ١٢":            {LangAR},
		"个体工商户":                {LangZH},
		"ABC公司的合同":             {LangEN, LangZH},
		"12":                   {LangEN, LangAR, LangZH},
		"Article 5 第五条 المادة": {LangEN, LangAR, LangZH},
	} {
		if got := QueryLangs("", text); !slices.Equal(got, want) {
			t.Errorf("QueryLangs(%q) = %v, want %v", text, got, want)
		}
	}
	if got := QueryLangs("zh-Hans", "x"); !slices.Equal(got, []string{LangZH}) {
		t.Errorf("QueryLangs(zh-Hans) = %v, want zh", got)
	}
}
