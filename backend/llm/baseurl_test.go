package llm

import (
	"errors"
	"strings"
	"testing"
)

func TestParseBaseURL(t *testing.T) {
	tests := []struct {
		raw     string
		want    string
		wantErr string
	}{
		{"http://127.0.0.1:11434", "http://127.0.0.1:11434", ""},
		{"  http://localhost:11434/  ", "http://localhost:11434", ""},
		{"https://api.example.com/v1/", "https://api.example.com/v1", ""},
		{"HTTP://Host:8080/v1//", "http://Host:8080/v1", ""},
		{"http://[::1]:8080", "http://[::1]:8080", ""},
		{"", "", "base URL is empty"},
		{"   ", "", "base URL is empty"},
		{"localhost:11434", "", "must start with http:// or https:// (for example http://localhost:11434)"},
		{"ftp://host/x", "", "must start with http:// or https://"},
		{"file:///etc/passwd", "", "must start with http:// or https://"},
		{"http://", "", "base URL has no host"},
		{"http://:8080", "", "base URL has no host"},
		{"http://host:port", "", "base URL is malformed"},
		{"http://[::1", "", "base URL is malformed"},
		{"http://user:pw@host", "", "must not contain a user name or password"},
		{"http://host/v1?x=1", "", "must not have a query"},
	}
	for _, tc := range tests {
		t.Run(tc.raw, func(t *testing.T) {
			u, err := ParseBaseURL("p", tc.raw)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !errors.Is(err, ErrBadRequest) {
					t.Fatalf("err = %v, want bad request mentioning %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if u.String() != tc.want {
				t.Errorf("got %q, want %q", u.String(), tc.want)
			}
		})
	}
}
