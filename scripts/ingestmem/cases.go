package main

import (
	"archive/zip"
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"lexflow/backend/ingest"
	"lexflow/backend/ingest/pdfgen"
)

// genCase writes one kind of file of about size bytes; seed makes the two
// files of a run differ, so neither is taken for a copy of the other. A
// warm case measures a launch whose PDF engine is already compiled.
type genCase struct {
	name, label, ext string
	write            func(w *countingWriter, seed int, size int64) error
	warm             bool
}

// textLimit is the largest text file ingestion accepts: its text is the
// file's own, so above this it is refused for its text, not its size.
var textLimit = ingest.DefaultLimits().MaxTextBytes - 1000

func cases() []genCase {
	return []genCase{
		{"txt", "TXT at the size limit", ".txt", statute(""), false},
		{"txt-text", "TXT at the text limit", ".txt", capped(textLimit, statute("")), false},
		{"md", "Markdown at the size limit", ".md", statute("## "), false},
		{"md-text", "Markdown at the text limit", ".md", capped(textLimit, statute("## ")), false},
		{"md-repro", "Markdown, one-letter lines (60 MB of w lines)", ".md", capped(60_000_000, mdRepro), false},
		{"html", "HTML at the size limit", ".html", htmlStatute, false},
		{"html-text", "HTML at the text limit (read from its tokens)", ".html", capped(textLimit, htmlStatute), false},
		{"html-repro", "HTML, one-letter paragraphs (60 MB of <p>w</p>)", ".html", capped(60_000_000, htmlRepro), false},
		{"docx", "DOCX, 95 MB document.xml (stored)", ".docx", capped(95_000_000, docx), false},
		{"pdf", "PDF at the page limit, first PDF (the engine compiles)", ".pdf", pdf, false},
		{"pdf-warm", "PDF at the page limit, engine compiled before", ".pdf", pdf, true},
	}
}

func caseNames() []string {
	var out []string
	for _, c := range cases() {
		out = append(out, c.name)
	}
	return out
}

func findCase(name string) (genCase, bool) {
	for _, c := range cases() {
		if c.name == name {
			return c, true
		}
	}
	return genCase{}, false
}

// capped writes at most limit bytes whatever size is asked.
func capped(limit int64, write func(*countingWriter, int, int64) error) func(*countingWriter, int, int64) error {
	return func(w *countingWriter, seed int, size int64) error { return write(w, seed, min(size, limit)) }
}

var words = strings.Fields("contract party notice termination obligation liability damages court jurisdiction " +
	"agreement breach remedy period payment goods services consumer trader rights duties competent authority " +
	"written days reasonable performance delivery")

// paragraph is one numbered paragraph of article a, about 200 bytes.
func paragraph(seed, a, p int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "(%d) ", p)
	for i := 0; i < 26; i++ {
		b.WriteString(words[(seed*31+a*7+p*3+i*i)%len(words)])
		b.WriteByte(' ')
	}
	return strings.TrimSpace(b.String()) + "."
}

// statute writes articles of three paragraphs each until size bytes, each
// heading prefixed by head (Markdown's "## ").
func statute(head string) func(*countingWriter, int, int64) error {
	return func(w *countingWriter, seed int, size int64) error {
		for a := 1; w.n < size-2000; a++ {
			fmt.Fprintf(w, "%sArticle %d\n\n", head, a)
			for p := 1; p <= 3; p++ {
				fmt.Fprintf(w, "%s\n\n", paragraph(seed, a, p))
			}
		}
		return nil
	}
}

func htmlStatute(w *countingWriter, seed int, size int64) error {
	fmt.Fprintf(w, "<!doctype html><html><head><title>Act %d</title></head><body><main>\n", seed)
	for a := 1; w.n < size-2000; a++ {
		fmt.Fprintf(w, "<section><h2>Article %d</h2>\n", a)
		for p := 1; p <= 3; p++ {
			fmt.Fprintf(w, "<p>%s</p>\n", paragraph(seed, a, p))
		}
		fmt.Fprint(w, "</section>\n")
	}
	fmt.Fprint(w, "</main></body></html>\n")
	return nil
}

// htmlRepro is the probe's page: one heading, then "<p>w</p>" until
// size bytes.
func htmlRepro(w *countingWriter, seed int, size int64) error {
	fmt.Fprintf(w, "<html><body><main><h1>Article %d</h1>", seed+1)
	for w.n < size-8 {
		fmt.Fprint(w, "<p>w</p>")
	}
	return nil
}

// mdRepro is the probe's Markdown: one heading, then paragraphs of one
// letter until size bytes.
func mdRepro(w *countingWriter, seed int, size int64) error {
	fmt.Fprintf(w, "# Article %d\n\n", seed+1)
	for w.n < size-3 {
		fmt.Fprint(w, "w\n\n")
	}
	return nil
}

// docx writes a DOCX whose document.xml, stored uncompressed, is about size
// bytes: headings and paragraphs.
func docx(w *countingWriter, seed int, size int64) error {
	z := zip.NewWriter(w)
	for name, body := range map[string]string{
		"[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
		"_rels/.rels":         `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
	} {
		f, err := z.Create(name)
		if err != nil {
			return err
		}
		io.WriteString(f, body)
	}
	doc, err := z.CreateHeader(&zip.FileHeader{Name: "word/document.xml", Method: zip.Store})
	if err != nil {
		return err
	}
	io.WriteString(doc, `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`)
	for a := 1; w.n < size-4000; a++ {
		fmt.Fprintf(doc, `<w:p><w:pPr><w:pStyle w:val="Heading2"/></w:pPr><w:r><w:t>Article %d</w:t></w:r></w:p>`, a)
		for p := 1; p <= 3; p++ {
			fmt.Fprintf(doc, `<w:p><w:r><w:t>%s</w:t></w:r></w:p>`, paragraph(seed, a, p))
		}
	}
	io.WriteString(doc, `</w:body></w:document>`)
	return z.Close()
}

// pdf writes a statute of as many pages as ingestion accepts.
func pdf(w *countingWriter, seed int, _ int64) error {
	_, err := w.Write(pdfgen.Statute(seed, ingest.DefaultLimits().MaxPages))
	return err
}

// countingWriter is a buffered file writer that counts what it was given.
type countingWriter struct {
	w *bufio.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

func writeFile(path string, write func(*countingWriter) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	cw := &countingWriter{w: bufio.NewWriterSize(f, 1<<20)}
	if err := write(cw); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := cw.w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Close()
}
