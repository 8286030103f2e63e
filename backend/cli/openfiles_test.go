package cli

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"lexflow/backend/api"
	"lexflow/backend/index"
	"lexflow/backend/openfiles"
)

// openedFiles is a folder of what a user double-clicks: a DOCX, a text file,
// a spreadsheet Lexflow cannot read, and a folder holding more of both.
func openedFiles(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	docx, err := os.ReadFile(filepath.Join("..", "..", "examples", "corpus", "sample-services-agreement.docx"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(dir, "Bail d'été.docx"), docx, 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "notice.txt"), []byte("Article 4. Notice of termination must be given in writing.\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "fees.xlsx"), []byte("PK\x03\x04 a spreadsheet"), 0o644))
	must(t, os.MkdirAll(filepath.Join(dir, "lease"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "lease", "rent.txt"), []byte("Article 7. The rent is due on the first day of the month.\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "lease", "deposit.md"), []byte("# Deposit\n\nArticle 9. The deposit is two months' rent.\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "lease", "scan.png"), []byte("\x89PNG\r\n\x1a\n"), 0o644))
	return dir
}

// launchWindow runs `lexflow ARGS...` as the desktop face with a display, and calls
// fn with what the window would get.
func launchWindow(t *testing.T, dataDir string, args []string, fn func(d DesktopApp)) {
	t.Helper()
	env := testEnv(dataDir, &syncBuffer{}, &syncBuffer{})
	env.HasDisplay = func() bool { return true }
	env.Desktop = func(ctx context.Context, d DesktopApp) error {
		fn(d)
		return nil
	}
	if code := Run(context.Background(), args, env); code != ExitOK {
		t.Fatalf("lexflow %q exited %d", args, code)
	}
}

// `Lexflow.exe FILE` (how Explorer opens a file with Lexflow) and Finder's
// "Open With" add the file to the "Opened files" collection, made on first
// use, and the window shows the document; the same file again shows the same
// document; several files or a folder show the collection.
func TestOpenedFilesGoToTheirCollectionAndAreShown(t *testing.T) {
	files := openedFiles(t)
	t.Chdir(files) // a relative path is the launch's working folder's
	launchWindow(t, t.TempDir(), []string{"Bail d'été.docx"}, func(d DesktopApp) {
		if want := []string{filepath.Join(files, "Bail d'été.docx")}; !slices.Equal(d.Open, want) {
			t.Fatalf("the window is to open %q, want %q", d.Open, want)
		}
		ctx := context.Background()
		lib := d.Services.Library
		first := openPaths(t, lib, d.Open...)
		coll, err := lib.Collection(ctx, openfiles.CollectionName)
		must(t, err)
		docs, err := lib.Documents(ctx, coll.ID)
		must(t, err)
		if len(docs) != 1 || first.Route != "#/library/"+coll.ID+"/documents/"+docs[0].ID || first.Message() != "" {
			t.Fatalf("opening the DOCX: %+v, documents %+v", first, docs)
		}
		if again := openPaths(t, lib, d.Open...); again.Route != first.Route || again.Message() != "" {
			t.Errorf("the same file again: %+v, want the same document shown", again)
		}
		several := openPaths(t, lib, filepath.Join(files, "notice.txt"), filepath.Join(files, "lease"))
		if several.Route != "#/library/"+coll.ID || len(several.Problems) != 1 || !strings.Contains(several.Problems[0], "scan.png") {
			t.Errorf("a file and a folder: %+v, want the collection shown and the image refused", several)
		}
		waitReady(t, lib, coll.ID, 4)
		cs, err := lib.Collections(ctx)
		must(t, err)
		if len(cs) != 1 {
			t.Errorf("collections %+v, want only %q", cs, openfiles.CollectionName)
		}
	})
}

// A file of a type Lexflow cannot read is refused before it is stored, in
// words that say what it seems to be and which types Lexflow reads.
func TestOpeningAnUnsupportedFileSaysWhy(t *testing.T) {
	files := openedFiles(t)
	launchWindow(t, t.TempDir(), []string{filepath.Join(files, "fees.xlsx")}, func(d DesktopApp) {
		out := openPaths(t, d.Services.Library, d.Open...)
		msg := out.Message()
		if out.Route != "" || !strings.HasPrefix(msg, "Lexflow could not add this file:\n\n") ||
			!strings.Contains(msg, "fees.xlsx") || !strings.Contains(msg, "fees.xlsx is a spreadsheet; supported are PDF, DOCX") {
			t.Errorf("opening a spreadsheet: route %q, message %q", out.Route, msg)
		}
		if _, err := d.Services.Library.Collection(context.Background(), openfiles.CollectionName); err == nil {
			t.Error("a refused file made the collection")
		}
		gone := openPaths(t, d.Services.Library, filepath.Join(files, "gone.pdf"))
		if !strings.Contains(gone.Message(), "gone.pdf: no such file or folder") {
			t.Errorf("a file deleted meanwhile: %q", gone.Message())
		}
	})
}

func TestOpenedFilesMessageListsAFewRefusalsAndCountsTheRest(t *testing.T) {
	var out openfiles.Outcome
	for i := range 11 {
		out.Problems = append(out.Problems, "sheet"+string(rune('a'+i))+".xlsx: a spreadsheet")
	}
	msg := out.Message()
	if !strings.HasPrefix(msg, "Lexflow could not add these files:\n\nsheeta.xlsx") || !strings.HasSuffix(msg, "sheeth.xlsx: a spreadsheet\n… and 3 more.") {
		t.Errorf("message = %q", msg)
	}
}

// A launch with files while the window is open on the same library (which
// holds it: a second window could not open it) hands them over and ends; an
// argument that is no file stays an unknown command.
func TestASecondLaunchHandsItsFilesToTheOpenWindow(t *testing.T) {
	dataDir, files := t.TempDir(), openedFiles(t)
	docx := filepath.Join(files, "Bail d'été.docx")
	var handed []string
	var instance string
	env := testEnv(dataDir, &syncBuffer{}, &syncBuffer{})
	env.HasDisplay = func() bool { return true }
	env.Desktop = func(context.Context, DesktopApp) error { t.Error("a second window opened"); return nil }
	env.HandOff = func(id string, paths []string) bool { instance, handed = id, paths; return true }
	if code := Run(context.Background(), []string{docx}, env); code != ExitOK || !slices.Equal(handed, []string{docx}) {
		t.Fatalf("exit %d, handed %q", code, handed)
	}
	if instance != instanceID(dataDir) || instanceID(dataDir+string(filepath.Separator)) != instance || instanceID(t.TempDir()) == instance {
		t.Errorf("instance %q: want one per data directory, however spelt", instance)
	}
	// The window is still starting (Explorer starts one Lexflow per file when
	// several are opened at once): the launch finds the library in use, and
	// hands over once the window can take the files.
	window, err := index.Open(filepath.Join(dataDir, "index")) // the starting window holds the library
	must(t, err)
	tries := 0
	env.HandOff = func(id string, paths []string) bool { tries++; return tries == 3 }
	if code := Run(context.Background(), []string{docx}, env); code != ExitOK || tries != 3 {
		t.Fatalf("a launch while the window starts: exit %d after %d tries", code, tries)
	}
	window.Close()
	// serve holds the library: no window will take the files, so the launch
	// says where the library is in use at once instead of waiting for one.
	var out syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() {
		done <- Run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, testEnv(dataDir, &out, &syncBuffer{}))
	}()
	defer func() { cancel(); <-done }()
	url := waitFor(t, &out, regexp.MustCompile(`http://127\.0\.0\.1:\d+/`))[0]
	tries = 0
	env.HandOff = func(string, []string) bool { tries++; return false }
	errOut := &syncBuffer{}
	env.Stderr = errOut
	if code := Run(context.Background(), []string{docx}, env); code == ExitOK || tries != 1 || !strings.Contains(errOut.String(), "Lexflow serve is using") ||
		!strings.Contains(errOut.String(), url) {
		t.Fatalf("a launch while serve holds the library: exit %d after %d tries: %s", code, tries, errOut)
	}
	if r := run(t, dataDir, "no-such-file.pdf"); r.code != ExitUsage || !strings.Contains(r.stderr, `unknown command "no-such-file.pdf"`) {
		t.Errorf("a missing file: %+v", r)
	}
}

// A build without the window cannot open files, and says how to add them.
func TestOpeningFilesWithoutAWindowSaysHowToAddThem(t *testing.T) {
	files := openedFiles(t)
	r := run(t, t.TempDir(), filepath.Join(files, "notice.txt"))
	if r.code != ExitUsage || !strings.Contains(r.stderr, "lexflow ingest --collection NAME PATH") {
		t.Errorf("%+v", r)
	}
}

func openPaths(t *testing.T, lib *api.LibraryService, paths ...string) openfiles.Outcome {
	t.Helper()
	out, err := openfiles.Open(context.Background(), lib, paths)
	must(t, err)
	return out
}

// waitReady waits until the collection holds n documents, all ingested.
func waitReady(t *testing.T, lib *api.LibraryService, collectionID string, n int) {
	t.Helper()
	var docs []api.Document
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		var err error
		docs, err = lib.Documents(context.Background(), collectionID)
		must(t, err)
		ready := 0
		for _, d := range docs {
			if d.Status == "ready" {
				ready++
			}
		}
		if len(docs) == n && ready == n {
			return
		}
	}
	t.Fatalf("documents %+v, want %d ready", docs, n)
}
