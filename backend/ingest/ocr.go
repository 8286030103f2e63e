package ingest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"lexflow/backend/internal/sentence"
	"lexflow/backend/pdfengine"
)

// Scanned pages are drawn by the PDF engine and read by Tesseract, run as
// the `tesseract` command when it is installed: its models are large and
// per language, and users install it once for every program that needs it.

// ErrNeedsOCR is a scanned PDF on a machine without Tesseract; the error
// says how to install it.
var ErrNeedsOCR = errors.New("scanned PDF: install Tesseract to read it")

// ErrOCR is Tesseract failing on a page.
var ErrOCR = errors.New("OCR failed")

const (
	ocrDPI      = 300
	ocrPageTime = 3 * time.Minute // one page through Tesseract
	ocrMaxLines = 20_000          // lines taken from one page
	ptPerPx     = 72.0 / ocrDPI   // PDF points per pixel of the drawn page
	// A page with no text is a scan when more than inkShare of its pixels,
	// drawn at inkDPI, are darker than inkLevel; else it is blank.
	inkDPI   = 24
	inkShare = 0.001
	inkLevel = 160
	// LEXFLOW_OCR_LANG forces Tesseract's language ("eng", "ara+eng");
	// LEXFLOW_TESSERACT names the command when it is not on PATH.
	ocrLangEnv = "LEXFLOW_OCR_LANG"
	ocrBinEnv  = "LEXFLOW_TESSERACT"
)

// ocrInstallHint is the command that installs Tesseract on this system.
func ocrInstallHint() string {
	switch runtime.GOOS {
	case "darwin":
		return "brew install tesseract tesseract-lang"
	case "windows":
		return "winget install UB-Mannheim.TesseractOCR"
	}
	return "sudo apt install tesseract-ocr tesseract-ocr-eng (Debian, Ubuntu)"
}

// tesseract is the command's path and the languages it has, found once (a
// variable so tests can take it away).
var tesseract = sync.OnceValues(func() (ocrTool, bool) {
	bin := findTesseract()
	if bin == "" {
		return ocrTool{}, false
	}
	out, err := exec.Command(bin, "--list-langs").Output()
	if err != nil {
		return ocrTool{}, false
	}
	t := ocrTool{bin: bin, langs: map[string]bool{}}
	for _, l := range strings.Fields(string(out)) {
		if !strings.ContainsAny(l, ":\"/\\") {
			t.langs[l] = true
		}
	}
	return t, len(t.langs) > 0
})

type ocrTool struct {
	bin   string
	langs map[string]bool
}

// has tells whether every language of lang ("ara+eng") is installed; the
// empty language (tell it from the page) always is.
func (t ocrTool) has(lang string) bool {
	for _, l := range strings.Split(lang, "+") {
		if l != "" && !t.langs[l] {
			return false
		}
	}
	return true
}

func (t ocrTool) installed() string {
	var names []string
	for l := range t.langs {
		if l != "osd" {
			names = append(names, l)
		}
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// findTesseract looks on PATH, then where the installers put it: a desktop
// app on macOS does not get the shell's PATH.
func findTesseract() string {
	if bin := os.Getenv(ocrBinEnv); bin != "" {
		return bin
	}
	if bin, err := exec.LookPath("tesseract"); err == nil {
		return bin
	}
	candidates := []string{"/opt/homebrew/bin/tesseract", "/usr/local/bin/tesseract"}
	if pf := os.Getenv("ProgramFiles"); pf != "" {
		candidates = append(candidates, filepath.Join(pf, "Tesseract-OCR", "tesseract.exe"))
	}
	for _, c := range candidates {
		if _, err := os.Stat(c); err == nil {
			return c
		}
	}
	return ""
}

// ocrPages reads by OCR every page that has no text but has something
// drawn on it. Without Tesseract a document with no text at all is
// ErrNeedsOCR; one with text elsewhere keeps that text.
func ocrPages(ctx context.Context, doc *pdfengine.Doc, pages []pdfPage) error {
	scans, err := scannedPages(ctx, doc, pages)
	if err != nil || len(scans) == 0 {
		return err
	}
	tool, ok := tesseract()
	if !ok {
		if len(scans) == len(pages) || !anyText(pages) {
			return fmt.Errorf("%w: %s", ErrNeedsOCR, ocrInstallHint())
		}
		return nil
	}
	r := ocrRun{tool: tool, lang: ocrLanguage(ctx)}
	if env := os.Getenv(ocrLangEnv); env != "" {
		r.lang = env
	}
	if !tool.has(r.lang) {
		return fmt.Errorf("%w: the Tesseract language %q is not installed (installed: %s)", ErrOCR, r.lang, tool.installed())
	}
	for n, i := range scans {
		report(ctx, n, len(scans), fmt.Sprintf("OCR, page %d of %d", n+1, len(scans)))
		p, err := r.page(ctx, doc, i)
		if err != nil {
			if fatalPDF(err) {
				return err
			}
			return fmt.Errorf("%w on page %d: %v", ErrOCR, i+1, err)
		}
		pages[i] = p
	}
	report(ctx, len(scans), len(scans), "OCR done")
	return nil
}

func anyText(pages []pdfPage) bool {
	for _, p := range pages {
		if p.hasText() {
			return true
		}
	}
	return false
}

// scannedPages lists the pages with no text whose drawing is not blank.
func scannedPages(ctx context.Context, doc *pdfengine.Doc, pages []pdfPage) ([]int, error) {
	var out []int
	for i, p := range pages {
		if p.hasText() {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		img, err := doc.Render(i, inkDPI)
		if err != nil {
			if fatalPDF(err) {
				return nil, err
			}
			continue
		}
		if inked(img) {
			out = append(out, i)
		}
	}
	return out, nil
}

func inked(img *image.RGBA) bool {
	dark, n := 0, len(img.Pix)/4
	for i := 0; i+3 < len(img.Pix); i += 4 {
		if int(img.Pix[i])+int(img.Pix[i+1])+int(img.Pix[i+2]) < 3*inkLevel {
			dark++
		}
	}
	return n > 0 && float64(dark) > inkShare*float64(n)
}

// ocrRun reads the scanned pages of one document, in the language of its
// script, told from the first page.
type ocrRun struct {
	tool ocrTool
	lang string
}

func (r *ocrRun) page(ctx context.Context, doc *pdfengine.Doc, i int) (pdfPage, error) {
	img, err := doc.Render(i, ocrDPI)
	if err != nil {
		return pdfPage{}, err
	}
	gray := pgm(img)
	img = nil
	ctx, cancel := context.WithTimeout(ctx, ocrPageTime)
	defer cancel()
	if r.lang == "" {
		r.lang = r.tool.language(ctx, gray)
	}
	out, err := r.tool.run(ctx, gray, "-l", r.lang, "--psm", "3", "tsv")
	if err != nil {
		return pdfPage{}, err
	}
	height := float64(imageHeight(gray)) * ptPerPx
	return pdfPage{lines: tsvLines(out, height), height: height, ocr: true}, nil
}

// language tells the page's script with Tesseract's orientation and script
// detection and picks the installed model for it.
func (t ocrTool) language(ctx context.Context, gray []byte) string {
	out, err := t.run(ctx, gray, "--psm", "0")
	script := ""
	if err == nil {
		for _, line := range strings.Split(string(out), "\n") {
			if v, ok := strings.CutPrefix(line, "Script: "); ok {
				script = strings.TrimSpace(v)
			}
		}
	}
	want := map[string]string{"Latin": "eng", "Arabic": "ara", "Han": "chi_sim", "HanS": "chi_sim", "Cyrillic": "rus"}[script]
	for _, l := range []string{want, "eng"} {
		if l != "" && t.langs[l] {
			return l
		}
	}
	for l := range t.langs {
		if l != "osd" {
			return l
		}
	}
	return "eng"
}

// run feeds the page image to Tesseract on stdin and returns its stdout.
func (t ocrTool) run(ctx context.Context, gray []byte, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, t.bin, append([]string{"stdin", "stdout", "--dpi", strconv.Itoa(ocrDPI)}, args...)...)
	cmd.Stdin = bytes.NewReader(gray)
	// One thread: the extraction slots already keep every core busy.
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, ctxErr
		}
		return nil, fmt.Errorf("tesseract: %v: %s", err, strings.TrimSpace(lastLine(stderr.String())))
	}
	return out, nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndexByte(s, '\n')+1:]
}

// pgm encodes the page as a binary greyscale PGM, which Tesseract reads
// without any decoding library and which is quick to write.
func pgm(img *image.RGBA) []byte {
	b := img.Bounds()
	header := fmt.Sprintf("P5\n%d %d\n255\n", b.Dx(), b.Dy())
	out := make([]byte, len(header), len(header)+b.Dx()*b.Dy())
	copy(out, header)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[(y-b.Min.Y)*img.Stride:]
		for x := 0; x < b.Dx(); x++ {
			p := row[4*x:]
			out = append(out, byte((299*int(p[0])+587*int(p[1])+114*int(p[2]))/1000))
		}
	}
	return out
}

func imageHeight(pgm []byte) int {
	fields := strings.Fields(string(pgm[:min(len(pgm), 32)]))
	if len(fields) < 3 {
		return 0
	}
	h, _ := strconv.Atoi(fields[2])
	return h
}

// tsvLines turns Tesseract's TSV into lines with their place on the page,
// in PDF points from the page's foot like the text layer's.
func tsvLines(tsv []byte, height float64) []pdfLine {
	var lines []pdfLine
	var key string
	var words []string
	top, bottom := 0.0, 0.0
	flush := func() {
		if len(words) > 0 && len(lines) < ocrMaxLines {
			lines = append(lines, pdfLine{text: cleanLine(joinWords(words)), top: height - top*ptPerPx, bottom: height - bottom*ptPerPx})
		}
		words = words[:0]
	}
	sc := bufio.NewScanner(bytes.NewReader(tsv))
	for sc.Scan() {
		// level page block par line word left top width height conf text;
		// level 5 is a word, and conf -1 marks rows that are not.
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 12 || f[0] != "5" || strings.TrimSpace(f[11]) == "" {
			continue
		}
		if conf, err := strconv.ParseFloat(f[10], 64); err != nil || conf < 0 {
			continue
		}
		if k := strings.Join(f[2:5], "."); k != key {
			flush()
			key = k
			top, bottom = 1e9, 0
		}
		y, _ := strconv.ParseFloat(f[7], 64)
		h, _ := strconv.ParseFloat(f[9], 64)
		top, bottom = min(top, y), max(bottom, y+h)
		words = append(words, strings.TrimSpace(f[11]))
	}
	flush()
	return lines
}

// joinWords puts spaces between words, except between two CJK words:
// Tesseract returns Chinese a character or two at a time.
func joinWords(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 && !(endsCJK(words[i-1]) && startsCJK(w)) {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}

func startsCJK(s string) bool {
	for _, r := range s {
		return sentence.IsCJK(r)
	}
	return false
}

func endsCJK(s string) bool {
	r := []rune(s)
	return len(r) > 0 && sentence.IsCJK(r[len(r)-1])
}

// OCRInfo says whether scanned pages can be read on this machine: the
// languages Tesseract has, and the command that installs it.
type OCRInfo struct {
	Installed bool
	Languages []string // Tesseract's names: "eng", "ara", "chi_sim"
	Install   string   // the command that installs Tesseract on this system
}

// OCR reports what Tesseract can do here, found once per process.
func OCR() OCRInfo {
	info := OCRInfo{Install: ocrInstallHint()}
	tool, ok := tesseract()
	if !ok {
		return info
	}
	info.Installed = true
	if names := tool.installed(); names != "" {
		info.Languages = strings.Split(names, ", ")
	}
	return info
}
