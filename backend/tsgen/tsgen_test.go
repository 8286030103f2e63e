package tsgen

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

type inner struct {
	N int `json:"n"`
}

type sample struct {
	Name     string            `json:"name"`
	Count    int64             `json:"count"`
	OK       bool              `json:"ok"`
	When     time.Time         `json:"when"`
	Maybe    *time.Time        `json:"maybe"`
	Key      *string           `json:"key,omitempty"`
	Tags     []string          `json:"tags"`
	Items    []inner           `json:"items"`
	Nullable []*inner          `json:"nullable"`
	Labels   map[string]string `json:"labels"`
	Kind     string            `json:"kind" ts:"'a' | 'b'"`
	Any      any               `json:"any"`
	Skipped  string            `json:"-"`
	Untagged string
	hidden   string
}

func TestRender(t *testing.T) {
	got := Render("// header\n", reflect.TypeFor[inner](), reflect.TypeFor[sample]())
	want := `// header

export interface inner {
  n: number;
}

export interface sample {
  name: string;
  count: number;
  ok: boolean;
  when: string;
  maybe: string | null;
  key?: string | null;
  tags: string[];
  items: inner[];
  nullable: (inner | null)[];
  labels: Record<string, string>;
  kind: 'a' | 'b';
  any: unknown;
}
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Render mismatch (-want +got):\n%s", diff)
	}
	_ = sample{}.hidden
}

type filled struct {
	Tags []string `json:"tags"`
}

func (f filled) MarshalJSON() ([]byte, error) {
	type plain filled
	if f.Tags == nil {
		f.Tags = []string{}
	}
	return json.Marshal(plain(f))
}

func TestNullLists(t *testing.T) {
	type outer struct {
		Inner   filled `json:"inner"`
		Bare    []int  `json:"bare"`
		Skipped []int  `json:"skipped,omitempty"`
		Nested  struct {
			L []int `json:"l"`
		} `json:"nested"`
	}
	if diff := cmp.Diff([]string{"bare", "nested.l"}, NullLists(outer{})); diff != "" {
		t.Errorf("NullLists (-want +got):\n%s", diff)
	}
	if got := NullLists(filled{}); got != nil {
		t.Errorf("NullLists(filled) = %v", got)
	}
}
