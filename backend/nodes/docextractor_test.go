package nodes

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
)

// dirFiles opens file variables by name from a folder.
type dirFiles string

func (d dirFiles) OpenFile(_ context.Context, f engine.File) (io.ReaderAt, int64, error) {
	file, err := os.Open(filepath.Join(string(d), filepath.Base(f.Name)))
	if err != nil {
		return nil, 0, err
	}
	st, err := file.Stat()
	if err != nil {
		file.Close()
		return nil, 0, err
	}
	return file, st.Size(), nil
}

func TestDocumentExtractorReadsThroughIngestion(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"notice.md":   "# Notice\n\nEither party may terminate with **thirty days'** notice.\n",
		"wages.html":  "<html><body><h1>Wages</h1><p>Paid monthly.</p><script>x()</script></body></html>",
		"scope.txt":   "This Act applies to every contract.",
		"picture.png": "\x89PNG\r\n\x1a\nxxxx",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	list := build(t, newDocExtractor(Deps{Files: dirFiles(dir)}), "document-extractor", dsl.ModeWorkflow, `{"variable_selector": ["s", "files"], "is_array_file": true}`)
	if out := list.Spec().Outputs[0]; out.Type != engine.TypeArrayString {
		t.Errorf("a list's output is %s", out.Type)
	}
	docs := engine.Files([]engine.File{{Name: "notice.md"}, {Name: "wages.html"}, {Name: "scope.txt"}})
	res, err := list.Run(t.Context(), engine.NodeInput{Vars: engine.VarsOf(map[string]engine.Value{"s.files": docs})})
	if err != nil {
		t.Fatal(err)
	}
	texts, _ := res.Outputs["text"].Any().([]any)
	if len(texts) != 3 || !strings.Contains(texts[0].(string), "thirty days") || !strings.Contains(texts[1].(string), "Paid monthly.") ||
		strings.Contains(texts[1].(string), "x()") || texts[2] != "This Act applies to every contract." {
		t.Errorf("texts %q", texts)
	}
	one := build(t, newDocExtractor(Deps{Files: dirFiles(dir)}), "document-extractor", dsl.ModeWorkflow, `{"variable_selector": ["s", "file"]}`)
	_, err = one.Run(t.Context(), engine.NodeInput{Vars: engine.VarsOf(map[string]engine.Value{"s.file": engine.FileValue(engine.File{Name: "picture.png"})})})
	var f *Failure
	if !errors.As(err, &f) || f.Type != ErrorTypeInvalidInput || !strings.Contains(err.Error(), "picture.png") {
		t.Errorf("an image: %v", err)
	}
	none := build(t, newDocExtractor(Deps{}), "document-extractor", dsl.ModeWorkflow, `{"variable_selector": ["s", "file"]}`)
	if _, err := none.Run(t.Context(), engine.NodeInput{Vars: engine.VarsOf(map[string]engine.Value{"s.file": engine.FileValue(engine.File{Name: "scope.txt"})})}); err == nil {
		t.Error("a file was read with no file source")
	}
}
