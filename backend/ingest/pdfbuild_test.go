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
