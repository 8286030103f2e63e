package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// server is `lexflow.exe serve` running under Wine, and a client of its API.
type server struct {
	cmd     *exec.Cmd
	base    string // http://127.0.0.1:PORT
	token   string
	dataDir string // as the program printed it: a Windows path
	done    chan error
}

var (
	urlLine     = regexp.MustCompile(`running at (http://127\.0\.0\.1:\d+)/#token=(\S+)`)
	dataDirLine = regexp.MustCompile(`Data directory: (.+)`)
)

// startServe starts serve on a free loopback port and waits for the lines
// that say where it listens and which data directory it opened.
func startServe(w *wine, exe string) (*server, error) {
	s := &server{cmd: w.command(exe, "serve", "--addr", "127.0.0.1:0"), done: make(chan error, 1)}
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	s.cmd.Stderr = &stderr
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start serve: %w", err)
	}
	lines := bufio.NewScanner(stdout)
	for (s.base == "" || s.dataDir == "") && lines.Scan() {
		if m := urlLine.FindStringSubmatch(lines.Text()); m != nil {
			s.base, s.token = m[1], m[2]
		}
		if m := dataDirLine.FindStringSubmatch(lines.Text()); m != nil {
			s.dataDir = strings.TrimSpace(m[1])
		}
	}
	go func() { _, _ = io.Copy(io.Discard, stdout); s.done <- s.cmd.Wait() }()
	if s.base == "" || s.dataDir == "" {
		_ = s.cmd.Process.Kill()
		return nil, fmt.Errorf("serve printed no URL and data directory; stderr:\n%s", stderr.String())
	}
	return s, nil
}

// stop asks serve to end as Ctrl+C would (Wine turns SIGINT into the console's
// CTRL_C_EVENT) and waits for it to close the database and the index.
func (s *server) stop() error {
	if err := s.cmd.Process.Signal(syscall.SIGINT); err != nil {
		return fmt.Errorf("interrupt serve: %w", err)
	}
	select {
	case err := <-s.done:
		if err != nil {
			return fmt.Errorf("serve ended with %w after Ctrl+C", err)
		}
		return nil
	case <-time.After(60 * time.Second):
		_ = s.cmd.Process.Kill()
		return errors.New("serve did not end within a minute of Ctrl+C")
	}
}

// call sends a JSON request (body may be nil) and decodes a JSON answer into out.
func (s *server) call(method, path string, body, out any) error {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, s.base+path, r)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	return s.do(req, out)
}

// upload posts files as the browser's drop does: one multipart body.
func (s *server) upload(collectionID string, paths []string, out any) error {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, p := range paths {
		part, err := mw.CreateFormFile("files", filepath.Base(p))
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if _, err := part.Write(b); err != nil {
			return err
		}
	}
	if err := mw.Close(); err != nil {
		return err
	}
	req, err := http.NewRequest(http.MethodPost, s.base+"/api/collections/"+collectionID+"/documents", &body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return s.do(req, out)
}

func (s *server) do(req *http.Request, out any) error {
	req.Header.Set("Authorization", "Bearer "+s.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %s: %s", req.Method, req.URL.Path, resp.Status, b)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(b, out)
}
