package server

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// TokenFile names the file in the data directory that keeps serve's access
// token, so a bookmark made yesterday still opens Lexflow today.
const TokenFile = "serve-token"

// minTokenLen refuses a kept token too short to be one NewToken made (an
// edited or truncated file), which is then replaced.
const minTokenLen = 32

// NewToken returns a random access token.
func NewToken() string {
	var b [24]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// KeepToken returns the access token kept in dir, first making and keeping a
// new one when there is none or renew asks to replace it (which refuses every
// earlier link and session cookie). The file is readable by its owner only.
func KeepToken(dir string, renew bool) (string, error) {
	path := filepath.Join(dir, TokenFile)
	if !renew {
		raw, err := os.ReadFile(path)
		if token := strings.TrimSpace(string(raw)); err == nil && len(token) >= minTokenLen {
			return token, os.Chmod(path, 0o600)
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("read access token: %w", err)
		}
	}
	token := NewToken()
	if err := writePrivate(path, token+"\n"); err != nil {
		return "", fmt.Errorf("keep access token: %w", err)
	}
	return token, nil
}

// writePrivate replaces path with text through a 0600 temporary file, so a
// crash never leaves half a token and no other user can read it at any moment.
func writePrivate(path, text string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // CreateTemp made it 0600
	if _, err := tmp.WriteString(text); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
