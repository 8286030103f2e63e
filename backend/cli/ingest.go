package cli

import (
	"context"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"time"

	"lexflow/backend/library"
	"lexflow/backend/store"
)

// IngestSummary is the per-file outcome `lexflow ingest --json` prints.
type IngestSummary struct {
	File       string `json:"file"`
	DocumentID string `json:"documentId,omitempty"`
	Status     string `json:"status"` // ready, failed, duplicate or refused
	Pages      int    `json:"pages"`
	Chunks     int    `json:"chunks"`
	Error      string `json:"error,omitempty"`
}

// runIngest runs `lexflow ingest --collection NAME PATH...`: every file (folders
// walked) is uploaded and ingested; progress goes to stderr, one line per file
// outcome; it returns once every file is ready or failed.
func runIngest(ctx context.Context, args []string, dataDir string, env Env) error {
	fs := newFlags("ingest", env)
	fs.StringVar(&dataDir, "data-dir", dataDir, "data directory")
	coll := fs.String("collection", "", "collection name or id")
	asJSON := fs.Bool("json", false, "print a JSON summary per file")
	paths, err := parse(fs, args)
	if err != nil {
		return err
	}
	if *coll == "" || len(paths) == 0 {
		return usagef("ingest needs --collection NAME and at least one file or folder")
	}
	listed, err := listPaths(paths)
	if err != nil {
		return err
	}
	a, err := openApp(ctx, dataDir, "cli", env)
	if err != nil {
		return err
	}
	defer a.Close()
	c, err := a.services.Library.Collection(ctx, *coll)
	if err != nil {
		return err
	}
	summaries := unlisted(listed.Problems, env.Stderr)
	summaries = append(summaries, uploadAll(ctx, a, c.ID, listed.Files, env.Stderr)...)
	waitIngested(ctx, a.db, summaries, env.Stderr)
	return reportIngest(summaries, output{w: env.Stdout, json: *asJSON})
}

// listPaths lists the files that the command line's paths hold, folders
// walked and hidden files left out.
func listPaths(paths []string) (library.LocalListing, error) {
	abs := make([]string, len(paths))
	for i, p := range paths {
		a, err := filepath.Abs(p)
		if err != nil {
			return library.LocalListing{}, fmt.Errorf("read %s: %w", p, err)
		}
		abs[i] = a
	}
	return library.ListLocal(abs), nil
}

// unlisted reports the items that could not be read, each refused in words.
func unlisted(problems []library.LocalProblem, log io.Writer) []*IngestSummary {
	out := make([]*IngestSummary, len(problems))
	for i, p := range problems {
		out[i] = &IngestSummary{File: p.Path, Status: "refused", Error: p.Message}
		fmt.Fprintf(log, "✗ %s: %s\n", p.Path, p.Message)
	}
	return out
}

func uploadAll(ctx context.Context, a *app, collectionID string, files []library.LocalFile, log io.Writer) []*IngestSummary {
	out := make([]*IngestSummary, 0, len(files))
	for _, lf := range files {
		path := lf.Path
		s := &IngestSummary{File: path}
		out = append(out, s)
		f, err := library.OpenLocal(path)
		if err != nil {
			s.Status, s.Error = "refused", err.Error()
			fmt.Fprintf(log, "✗ %s: %s\n", path, s.Error)
			continue
		}
		res := a.services.Library.Upload(ctx, collectionID, filepath.Base(path), f)
		f.Close()
		switch {
		case res.Error != nil:
			s.Status, s.Error = "refused", res.Error.Message
			fmt.Fprintf(log, "✗ %s: %s\n", path, s.Error)
		case res.Duplicate:
			s.Status, s.DocumentID = "duplicate", res.Document.ID
			fmt.Fprintf(log, "= %s: already in the collection as %q\n", path, res.Document.Name)
		default:
			s.Status, s.DocumentID = "queued", res.Document.ID
		}
	}
	return out
}

// waitIngested polls until every queued file is ready or failed, printing
// each outcome as it lands. Each poll is one query for the files still
// queued, so a folder of thousands of files does not cost thousands of
// queries a poll.
func waitIngested(ctx context.Context, db *store.DB, summaries []*IngestSummary, log io.Writer) {
	pending := map[string]*IngestSummary{}
	for _, s := range summaries {
		if s.Status == "queued" {
			pending[s.DocumentID] = s
		}
	}
	for len(pending) > 0 && ctx.Err() == nil {
		finished, err := db.FinishedDocuments(ctx, slices.Collect(maps.Keys(pending)))
		if err == nil {
			for _, d := range finished {
				report(pending[d.ID], d, log)
				delete(pending, d.ID)
			}
		}
		if len(pending) > 0 {
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// report records a finished document in its file's summary and prints it.
func report(s *IngestSummary, d store.Document, log io.Writer) {
	s.Status, s.Pages, s.Chunks, s.Error = string(d.Status), d.Pages, d.Chunks, d.Error
	if d.Status == store.DocReady {
		fmt.Fprintf(log, "✓ %s: %d chunks\n", s.File, d.Chunks)
	} else {
		fmt.Fprintf(log, "✗ %s: %s\n", s.File, d.Error)
	}
}

func reportIngest(summaries []*IngestSummary, out output) error {
	failed, ready := 0, 0
	for _, s := range summaries {
		switch s.Status {
		case "failed", "refused":
			failed++
		case "ready":
			ready++
		}
	}
	err := out.print(summaries, func(w io.Writer) {
		fmt.Fprintf(w, "%d file(s): %d ingested, %d duplicate(s), %d failed\n", len(summaries), ready,
			len(summaries)-ready-failed, failed)
	})
	if err == nil && failed > 0 {
		return silentFailure{}
	}
	return err
}
