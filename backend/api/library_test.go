package api

import (
	"io/fs"
	"path"
	"strings"
	"testing"

	"lexflow/examples"
)

// The sample library's description keeps up with its files: a document in
// a new language is named there too.
func TestSampleDescriptionNamesItsLanguages(t *testing.T) {
	names, err := fs.Glob(examples.Corpus(), "*")
	if err != nil {
		t.Fatal(err)
	}
	languages := map[string]string{"ar": "Arabic", "zh": "Chinese"}
	want := map[string]bool{"English": true}
	for _, name := range names {
		base := strings.TrimSuffix(name, path.Ext(name))
		if i := strings.LastIndexByte(base, '-'); i >= 0 && languages[base[i+1:]] != "" {
			want[languages[base[i+1:]]] = true
		}
	}
	if len(want) < 3 {
		t.Fatalf("the sample corpus has files in %v; want English, Arabic and Chinese", want)
	}
	for language := range want {
		if !strings.Contains(sampleDescription, language) {
			t.Errorf("the description %q does not name %s", sampleDescription, language)
		}
	}
}
