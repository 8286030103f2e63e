package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"lexflow/backend/api"
	"lexflow/backend/cli"
	"lexflow/backend/evidence"
)

// trip is one pass through the program as a Windows user meets it; each step
// builds on the data the one before left.
type trip struct {
	w      *wine
	exe    string
	corpus string

	dataDir    string // %APPDATA%\Lexflow as serve printed it
	collection api.Collection
	kept       string // the uploaded PDF's document id
}

const (
	collectionName = "Smoke"
	pdfFile        = "us-constitution-excerpt.pdf"
	docxFile       = "uk-consumer-rights-act-2015-excerpt.docx"
	// folder has a space, an apostrophe, accented letters, a dash and Cyrillic in its path.
	folder = `C:\Lexflow smoke\Dossiers d'été 2025 – Договоры`
)

// appData is where serve must keep its data: %APPDATA%\Lexflow of the Wine user.
var appData = regexp.MustCompile(`(?i)^C:\\users\\[^\\]+\\AppData\\Roaming\\Lexflow$`)

func (t *trip) version() error {
	out, err := t.w.run(t.exe, "version")
	if err != nil {
		return err
	}
	if !strings.Contains(strings.ToLower(out), "lexflow") {
		return fmt.Errorf("version printed %q", out)
	}
	return nil
}

func (t *trip) firstServe() error {
	// A kept prefix may hold an earlier run's library.
	old, _ := filepath.Glob(filepath.Join(t.w.prefix, "drive_c", "users", "*", "AppData", "Roaming", "Lexflow"))
	for _, d := range old {
		if err := os.RemoveAll(d); err != nil {
			return err
		}
	}
	s, err := startServe(t.w, t.exe)
	if err != nil {
		return err
	}
	defer s.stop()
	if t.dataDir = s.dataDir; !appData.MatchString(t.dataDir) {
		return fmt.Errorf("data directory is %s, want %%APPDATA%%\\Lexflow", t.dataDir)
	}
	logf("serve at %s, data in %s", s.base, t.dataDir)
	if err := s.call("POST", "/api/collections", api.CollectionInput{Name: collectionName}, &t.collection); err != nil {
		return err
	}
	docs, err := t.uploadBoth(s)
	if err != nil {
		return err
	}
	if err := expectHit(s, "Congress shall have power", pdfFile); err != nil {
		return err
	}
	if err := expectHit(s, "consumer goods contract", docxFile); err != nil {
		return err
	}
	t.kept = docs[pdfFile].ID
	return t.deleteWhileOpen(s, docs[docxFile])
}

// uploadBoth uploads the PDF and the DOCX and waits until both are ready.
func (t *trip) uploadBoth(s *server) (map[string]api.Document, error) {
	var results []api.UploadResult
	files := []string{filepath.Join(t.corpus, pdfFile), filepath.Join(t.corpus, docxFile)}
	if err := s.upload(t.collection.ID, files, &results); err != nil {
		return nil, err
	}
	for _, r := range results {
		if r.Error != nil {
			return nil, fmt.Errorf("upload %s: %s", r.Name, r.Error.Message)
		}
	}
	return waitReady(s, t.collection.ID, 2)
}

// waitReady polls the collection until it holds want documents, all ready.
func waitReady(s *server, collectionID string, want int) (map[string]api.Document, error) {
	deadline := time.Now().Add(3 * time.Minute)
	for {
		var docs []api.Document
		if err := s.call("GET", "/api/collections/"+collectionID+"/documents", nil, &docs); err != nil {
			return nil, err
		}
		byName := map[string]api.Document{}
		ready := 0
		for _, d := range docs {
			byName[d.Name] = d
			if d.Status == "failed" {
				return nil, fmt.Errorf("ingest %s: %s", d.Name, d.Error)
			}
			if d.Status == "ready" {
				ready++
			}
		}
		if ready == want && len(docs) == want {
			return byName, nil
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("documents not ready after 3 minutes: %+v", docs)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// expectHit searches through the API and wants the first hit from file.
func expectHit(s *server, query, file string) error {
	var res api.SearchResponse
	if err := s.call("POST", "/api/search", api.SearchRequest{Query: query, TopK: 3}, &res); err != nil {
		return err
	}
	if len(res.Hits) == 0 {
		return fmt.Errorf("search %q: no hits", query)
	}
	if got := res.Hits[0].Chunk.Locator.DocName; got != file {
		return fmt.Errorf("search %q: first hit from %s, want %s", query, got, file)
	}
	return nil
}

// deleteWhileOpen deletes a document while serve holds the index and the
// database open, and wants its stored file gone from the data directory
// (Windows refuses to delete a file some handle still holds).
func (t *trip) deleteWhileOpen(s *server, doc api.Document) error {
	b, err := os.ReadFile(filepath.Join(t.corpus, docxFile))
	if err != nil {
		return err
	}
	sum := sha256.Sum256(b)
	hash := hex.EncodeToString(sum[:])
	stored := filepath.Join(t.w.drive(t.dataDir), "files", hash[:2], hash)
	if _, err := os.Stat(stored); err != nil {
		return fmt.Errorf("the DOCX's stored file before deleting: %w", err)
	}
	if err := s.call("DELETE", "/api/documents/"+doc.ID, nil, nil); err != nil {
		return err
	}
	if _, err := os.Stat(stored); !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("the DOCX's stored file %s is still there after deleting it (%v)", stored, err)
	}
	var res api.SearchResponse
	if err := s.call("POST", "/api/search", api.SearchRequest{Query: "consumer goods contract", TopK: 10}, &res); err != nil {
		return err
	}
	for _, h := range res.Hits {
		if h.Chunk.DocID == doc.ID {
			return errors.New("the deleted DOCX is still found by search")
		}
	}
	return nil
}

func (t *trip) folder() error {
	if err := writeFolder(t.w.drive(folder), t.corpus); err != nil {
		return err
	}
	out, err := t.w.run(t.exe, "ingest", "--collection", collectionName, "--json", folder)
	if err != nil {
		return err
	}
	var summary []cli.IngestSummary
	if err := json.Unmarshal([]byte(out), &summary); err != nil {
		return fmt.Errorf("read ingest --json: %w\n%s", err, out)
	}
	if len(summary) != 2 {
		return fmt.Errorf("ingest found %d files in the folder, want 2: %s", len(summary), out)
	}
	for _, s := range summary {
		if s.Status != "ready" {
			return fmt.Errorf("ingest %s: %s %s", s.File, s.Status, s.Error)
		}
	}
	if err := t.searchFolder(); err != nil {
		return err
	}
	return t.ask()
}

// searchFolder searches the folder's CRLF files and wants their headings
// found whole: a line ending in "\r" must not become a heading that ends in it.
func (t *trip) searchFolder() error {
	for query, heading := range map[string]string{
		"stay of proceedings referable to arbitration": "§ 3. Stay of proceedings where issue therein referable to arbitration",
		"term and termination of the agreement":        "12. TERM AND TERMINATION",
	} {
		out, err := t.w.run(t.exe, "search", "--collection", collectionName, "--json", query)
		if err != nil {
			return err
		}
		var hits []api.SearchHit
		if err := json.Unmarshal([]byte(out), &hits); err != nil {
			return fmt.Errorf("read search --json: %w\n%s", err, out)
		}
		headings := map[string]bool{}
		for _, h := range hits {
			for _, p := range append([][]string{h.Chunk.Locator.HeadingPath}, unitPaths(h.Chunk.Locator)...) {
				for _, name := range p {
					headings[name] = true
				}
			}
		}
		for name := range headings {
			if strings.ContainsRune(name, '\r') {
				return fmt.Errorf("search %q: a heading keeps its carriage return: %q", query, name)
			}
		}
		if !headings[heading] {
			return fmt.Errorf("search %q: no hit under %q; headings found: %q", query, heading, slices.Sorted(maps.Keys(headings)))
		}
	}
	return nil
}

func unitPaths(l evidence.Locator) [][]string {
	out := make([][]string, len(l.Units))
	for i, u := range l.Units {
		out[i] = u.HeadingPath
	}
	return out
}

// ask wants a cited answer from the extractive answerer, which needs no model.
func (t *trip) ask() error {
	out, err := t.w.run(t.exe, "ask", "--collection", collectionName, "--model", "extractive", "--json",
		"Which court may a party petition to compel arbitration?")
	if err != nil {
		return err
	}
	var answer struct {
		Answer    string
		Refused   bool
		Citations []json.RawMessage
	}
	if err := json.Unmarshal([]byte(out), &answer); err != nil {
		return fmt.Errorf("read ask --json: %w\n%s", err, out)
	}
	if answer.Refused || len(answer.Citations) == 0 || !strings.Contains(answer.Answer, "district court") {
		return fmt.Errorf("ask gave no cited answer: %s", out)
	}
	return nil
}

func (t *trip) secondServe() error {
	s, err := startServe(t.w, t.exe)
	if err != nil {
		return err
	}
	if s.dataDir != t.dataDir {
		_ = s.stop()
		return fmt.Errorf("data directory moved from %s to %s", t.dataDir, s.dataDir)
	}
	docs, err := waitReady(s, t.collection.ID, 3)
	if err == nil && docs[pdfFile].ID != t.kept {
		err = fmt.Errorf("the PDF came back as another document: %+v", docs)
	}
	if _, ok := docs[docxFile]; ok {
		err = errors.New("the deleted DOCX came back")
	}
	return errors.Join(err, s.stop())
}

func (t *trip) check() error {
	out, err := t.w.run(t.exe, "library", "check")
	if err != nil {
		return err
	}
	if !strings.Contains(out, "the index agrees with the database") {
		return fmt.Errorf("library check said: %s", out)
	}
	return nil
}
