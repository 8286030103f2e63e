package evidence

import (
	"encoding/json"
	"os"
	"testing"
)

// citeCase is one row of testdata/cite.json, the table the frontend's
// citeLocator is checked against too, so both write a locator alike.
type citeCase struct {
	Name    string  `json:"name"`
	Locator Locator `json:"locator"`
	Cite    string  `json:"cite"`
}

func TestCite(t *testing.T) {
	data, err := os.ReadFile("testdata/cite.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []citeCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if got := c.Locator.Cite(); got != c.Cite {
			t.Errorf("%s: Cite() = %q, want %q", c.Name, got, c.Cite)
		}
	}
}
