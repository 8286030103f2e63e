package ingest

import (
	"bytes"
	"compress/zlib"

	"lexflow/backend/ingest/pdfgen"
)

// onePagePDF is a one-page PDF whose content stream is content (object 4),
// with a Helvetica font as F1.
func onePagePDF(content string) []byte {
	return pdfgen.Build(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		pdfgen.Stream("", []byte(content)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
	)
}

func deflate(data []byte) []byte {
	var b bytes.Buffer
	w, _ := zlib.NewWriterLevel(&b, zlib.BestCompression)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

// formPDF is one page that draws Form XObject 4, whose content is form and
// whose resources name itself as /Fm1 and Helvetica as /F1: the way
// HTML-to-PDF converters draw every page, and, when form draws /Fm1, a form
// that draws itself.
func formPDF(form string) []byte {
	return pdfgen.Build(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Fm1 4 0 R >> >> /Contents 5 0 R >>",
		pdfgen.Stream("/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /Font << /F1 6 0 R >> /XObject << /Fm1 4 0 R >> >>", []byte(form)),
		pdfgen.Stream("", []byte("q /Fm1 Do Q")),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
	)
}
