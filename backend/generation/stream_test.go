package generation

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestAnswerStreamDecodesTheAnswerAsItArrives(t *testing.T) {
	answer := "Notice is \"ninety\" days [1].\nالمادة ١٢ 🎉 applies\\here."
	body, _ := json.Marshal(map[string]any{"answer": answer, "citations": []any{}})
	// JSON with \u escapes for the emoji and Arabic, to test escapes cut between deltas.
	escaped := strings.ReplaceAll(string(body), "🎉", `\ud83c\udf89`)
	escaped = strings.ReplaceAll(escaped, "ا", `\u0627`)
	for size := 1; size <= 7; size++ {
		var got strings.Builder
		s := newAnswerStream(func(t string) error { got.WriteString(t); return nil })
		for i := 0; i < len(escaped); i += size {
			if err := s.write(escaped[i:min(i+size, len(escaped))]); err != nil {
				t.Fatal(err)
			}
		}
		if got.String() != answer {
			t.Errorf("pieces of %d: streamed %q, want %q", size, got.String(), answer)
		}
	}
}

func TestAnswerStreamPassesProseThrough(t *testing.T) {
	var got strings.Builder
	s := newAnswerStream(func(t string) error { got.WriteString(t); return nil })
	for _, d := range []string{"  ", "The notice", " is ninety days [1]."} {
		_ = s.write(d)
	}
	if got.String() != "  The notice is ninety days [1]." {
		t.Errorf("streamed %q", got.String())
	}
}
