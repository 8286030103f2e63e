package providers

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/llm"
)

func TestNearbyBaseURLs(t *testing.T) {
	cases := []struct {
		kind llm.Kind
		base string
		want []string
	}{
		{llm.KindOpenAI, "http://127.0.0.1:1234", []string{"http://127.0.0.1:1234/v1"}},
		{llm.KindOpenAI, "http://127.0.0.1:1234/", []string{"http://127.0.0.1:1234/v1"}},
		{llm.KindOpenAI, "http://h/v1/chat/completions", []string{"http://h/v1"}},
		{llm.KindOpenAI, "http://h/chat/completions", []string{"http://h", "http://h/v1"}},
		{llm.KindOpenAI, "http://h/v1/models", []string{"http://h/v1"}},
		{llm.KindOpenAI, "http://h/v1", nil},
		{llm.KindOllama, "http://h:11434/v1", []string{"http://h:11434"}},
		{llm.KindOllama, "http://h:11434/api/tags", []string{"http://h:11434"}},
		{llm.KindOllama, "http://h:11434", nil},
		{llm.KindExtractive, "", nil},
	}
	for _, c := range cases {
		if diff := cmp.Diff(c.want, NearbyBaseURLs(c.kind, c.base)); diff != "" {
			t.Errorf("NearbyBaseURLs(%s, %q) (-want +got):\n%s", c.kind, c.base, diff)
		}
	}
}
