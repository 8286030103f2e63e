package nodes

import (
	"context"
	"io"

	"lexflow/backend/engine"
	"lexflow/backend/ingest"
)

// document-extractor reads the text of a file variable (or each file of a
// list) through Lexflow's ingestion, as a library upload is read: PDF,
// DOCX, HTML, TXT and Markdown, the format found from the name and the
// first bytes, with ingestion's safety limits. Dify's data:
// variable_selector, is_array_file. Output "text": a string, or a list of
// strings for a list of files. Files are opened through Deps.Files.
type docExtractorData struct {
	Variable    engine.Selector `json:"variable_selector"`
	IsArrayFile bool            `json:"is_array_file"`
}

// FileSource opens a file variable's content; nil means no file can be read.
type FileSource interface {
	OpenFile(ctx context.Context, f engine.File) (io.ReaderAt, int64, error)
}

func newDocExtractor(deps Deps) engine.NodeFactory {
	return func(def engine.NodeDef) (engine.Node, error) {
		var data docExtractorData
		if err := decode(def, &data); err != nil {
			return nil, err
		}
		if err := checkSelector("variable_selector", data.Variable); err != nil {
			return nil, err
		}
		in, out := engine.TypeFile, engine.TypeString
		if data.IsArrayFile {
			in, out = engine.TypeArrayFile, engine.TypeArrayString
		}
		spec := engine.Spec{Inputs: []engine.Input{{Selector: data.Variable, Type: in, Field: "variable_selector"}},
			Outputs: []engine.Output{{Name: "text", Type: out}}}
		return node{spec: spec, run: func(ctx context.Context, ni engine.NodeInput) (engine.NodeResult, error) {
			return runDocExtractor(ctx, deps.Files, data, ni)
		}}, nil
	}
}

func runDocExtractor(ctx context.Context, src FileSource, data docExtractorData, in engine.NodeInput) (engine.NodeResult, error) {
	v, _ := in.Vars.Get(data.Variable)
	files := filesOf(v)
	res := engine.NodeResult{Inputs: map[string]any{"files": v.Any()}}
	texts := make([]string, 0, len(files))
	for _, f := range files {
		text, err := extractFile(ctx, src, f)
		if err != nil {
			return res, err
		}
		texts = append(texts, text)
	}
	if data.IsArrayFile {
		res.Outputs = map[string]engine.Value{"text": engine.Strings(texts)}
		return res, nil
	}
	if len(texts) != 1 {
		return res, fail(ErrorTypeInvalidInput, "read file %s: no file given", data.Variable)
	}
	res.Outputs = map[string]engine.Value{"text": engine.String(texts[0])}
	return res, nil
}

// filesOf reads a file or a list of files from a variable.
func filesOf(v engine.Value) []engine.File {
	switch x := v.Any().(type) {
	case engine.File:
		return []engine.File{x}
	case []any:
		var out []engine.File
		for _, it := range x {
			if f, ok := it.(engine.File); ok {
				out = append(out, f)
			}
		}
		return out
	}
	return nil
}

func extractFile(ctx context.Context, src FileSource, f engine.File) (string, error) {
	if src == nil {
		return "", fail(ErrorTypeInvalidInput, "read file %q: files cannot be read here", f.Name)
	}
	r, size, err := src.OpenFile(ctx, f)
	if err != nil {
		return "", fail(ErrorTypeInvalidInput, "read file %q: %w", f.Name, err)
	}
	if c, ok := r.(io.Closer); ok {
		defer c.Close()
	}
	head := make([]byte, min(size, 512))
	if _, err := r.ReadAt(head, 0); err != nil && err != io.EOF {
		return "", fail(ErrorTypeInvalidInput, "read file %q: %w", f.Name, err)
	}
	format, err := ingest.Detect(f.Name, head)
	if err != nil {
		return "", fail(ErrorTypeInvalidInput, "read file %q: %w", f.Name, err)
	}
	ex, err := ingest.Extract(ctx, format, r, size, ingest.Limits{})
	if err != nil {
		return "", fail(ErrorTypeInvalidInput, "read file %q: %w", f.Name, err)
	}
	return ex.Text, nil
}
