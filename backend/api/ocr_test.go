package api

import (
	"net/http"
	"testing"
)

func TestOCRLanguageValidation(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"", "", true},
		{"  ", "", true},
		{"ara", "ara", true},
		{" ara+eng ", "ara+eng", true},
		{"chi_sim+chi_tra+eng", "chi_sim+chi_tra+eng", true},
		{"abcdefgh", "abcdefgh", true},
		{"en", "", false},
		{"abcdefghi", "", false},
		{"Ara", "", false},
		{"ara+", "", false},
		{"+eng", "", false},
		{"ara++eng", "", false},
		{"ara eng", "", false},
		{"ara,eng", "", false},
		{"eng/../x", "", false},
		{"deu1", "", false},
	} {
		got, err := ocrLanguage(c.in)
		if c.ok {
			if err != nil || got != c.want {
				t.Errorf("%q: %q, %v; want %q", c.in, got, err, c.want)
			}
			continue
		}
		if status, body := ErrorOf(err); status != http.StatusBadRequest || body.Field != "ocrLanguage" || body.Code != "bad_request" {
			t.Errorf("%q: %d %+v, want a bad request naming ocrLanguage", c.in, status, body)
		}
	}
}
