// Package pdfgen writes small, valid PDFs with a real text layer, for tests
// and benchmarks that need PDFs of a chosen size without shipping them.
package pdfgen

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"strings"
)

// Build writes a PDF whose objects are given in order (object 1 is the
// catalog), with a correct cross-reference table.
func Build(objs ...string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// Stream is a stream object with its length.
func Stream(dict string, data []byte) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

// Pages writes a PDF with one page per entry, each page's lines set in
// Helvetica from the top of an A4 page. Lines must be WinAnsi text.
func Pages(pages [][]string) []byte {
	n := len(pages)
	kids := make([]string, n)
	for i := range pages {
		kids[i] = fmt.Sprintf("%d 0 R", 4+2*i)
	}
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
	}
	for i, lines := range pages {
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", 5+2*i),
			Stream("", content(lines)))
	}
	return Build(objs...)
}

func content(lines []string) []byte {
	var b bytes.Buffer
	b.WriteString("BT /F1 10 Tf 14 TL 56 790 Td\n")
	for _, l := range lines {
		fmt.Fprintf(&b, "(%s) Tj T*\n", escape(l))
	}
	b.WriteString("ET")
	return b.Bytes()
}

func escape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`).Replace(s)
}

// Statute writes a synthetic statute of the given number of pages, its text
// made unique by seed: chapters and articles with numbered paragraphs, about
// 50 lines a page, as a lawyer's PDF would lay them out.
func Statute(seed, pages int) []byte {
	var all [][]string
	var page []string
	article := 0
	for p := 0; p < pages; p++ {
		page = nil
		for len(page) < 50 {
			article++
			if article%10 == 1 {
				page = append(page, fmt.Sprintf("Chapter %d - General provisions of Act %d", article/10+1, seed))
			}
			page = append(page, fmt.Sprintf("Article %d", article))
			for para := 1; para <= 3; para++ {
				page = append(page, sentence(seed, article, para)...)
			}
		}
		all = append(all, page[:50])
	}
	return Pages(all)
}

var words = []string{"contract", "party", "notice", "termination", "obligation", "liability", "damages", "court",
	"jurisdiction", "agreement", "breach", "remedy", "period", "payment", "goods", "services", "consumer", "trader",
	"rights", "duties", "competent", "authority", "written", "days", "reasonable", "performance", "delivery"}

func sentence(seed, article, para int) []string {
	var b strings.Builder
	fmt.Fprintf(&b, "(%d) ", para)
	for i := 0; i < 22; i++ {
		w := words[(seed*31+article*7+para*3+i*i)%len(words)]
		b.WriteString(w)
		b.WriteByte(' ')
	}
	line := strings.TrimSpace(b.String()) + "."
	return []string{line[:len(line)/2], line[len(line)/2:]}
}

// Scan writes an image-only PDF, as a scanner does: one page per image,
// each drawn over a whole page of the given size in points, no text layer.
func Scan(pages []*image.Gray, width, height float64) []byte {
	n := len(pages)
	kids := make([]string, n)
	for i := range pages {
		kids[i] = fmt.Sprintf("%d 0 R", 3+3*i)
	}
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n),
	}
	for i, img := range pages {
		b := img.Bounds()
		var z bytes.Buffer
		w := zlib.NewWriter(&z)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			w.Write(img.Pix[(y-b.Min.Y)*img.Stride : (y-b.Min.Y)*img.Stride+b.Dx()])
		}
		w.Close()
		draw := fmt.Sprintf("q %g 0 0 %g 0 0 cm /Im0 Do Q", width, height)
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %g %g] /Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>",
				width, height, 4+3*i, 5+3*i),
			Stream(fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode",
				b.Dx(), b.Dy()), z.Bytes()),
			Stream("", []byte(draw)))
	}
	return Build(objs...)
}
