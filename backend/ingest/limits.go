package ingest

import (
	"fmt"
	"strconv"
	"time"
)

// Limits bound what one document may cost. Zero fields take the defaults.
type Limits struct {
	MaxBytes         int64         // size of the original file; default 200 MB
	MaxPages         int           // PDF pages; default 5,000
	MaxTextBytes     int64         // extracted text of one document; default 64 MB
	MaxPageGlyphs    int           // characters on one PDF page; default 200,000
	PageTime         time.Duration // reading one PDF page; default 30 s
	MaxZipEntries    int           // entries in a DOCX archive; default 2,000
	MaxZipEntryBytes int64         // uncompressed size of one DOCX entry read; default 100 MB
	MaxZipTotalBytes int64         // uncompressed bytes of all DOCX entries read; default 200 MB
	MaxZipRatio      int64         // uncompressed/compressed size of one DOCX entry; default 200
	MaxHTMLTreeBytes int64         // memory the parsed tree of an HTML page may take, else it is read from its tokens; default 100 MB
}

// DefaultLimits returns the limits used for zero fields.
func DefaultLimits() Limits {
	return Limits{
		MaxBytes:         200_000_000,
		MaxPages:         5000,
		MaxTextBytes:     64_000_000,
		MaxPageGlyphs:    200_000,
		PageTime:         30 * time.Second,
		MaxZipEntries:    2000,
		MaxZipEntryBytes: 100_000_000,
		MaxZipTotalBytes: 200_000_000,
		MaxZipRatio:      200,
		MaxHTMLTreeBytes: 100_000_000,
	}
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	def64 := func(v *int64, dv int64) {
		if *v <= 0 {
			*v = dv
		}
	}
	def64(&l.MaxBytes, d.MaxBytes)
	def64(&l.MaxTextBytes, d.MaxTextBytes)
	def64(&l.MaxZipEntryBytes, d.MaxZipEntryBytes)
	def64(&l.MaxZipTotalBytes, d.MaxZipTotalBytes)
	def64(&l.MaxZipRatio, d.MaxZipRatio)
	def64(&l.MaxHTMLTreeBytes, d.MaxHTMLTreeBytes)
	if l.PageTime <= 0 {
		l.PageTime = d.PageTime
	}
	if l.MaxPages <= 0 {
		l.MaxPages = d.MaxPages
	}
	if l.MaxPageGlyphs <= 0 {
		l.MaxPageGlyphs = d.MaxPageGlyphs
	}
	if l.MaxZipEntries <= 0 {
		l.MaxZipEntries = d.MaxZipEntries
	}
	return l
}

// CheckSize tells whether a file of size bytes may be ingested at all, so a
// caller can refuse a 2 GB file before reading it.
func (l Limits) CheckSize(size int64) error {
	return l.withDefaults().checkSize(size)
}

func (l Limits) checkSize(size int64) error {
	switch {
	case size <= 0:
		return ErrEmpty
	case size > l.MaxBytes:
		return fmt.Errorf("%w: file is %s; the limit is %s", ErrTooLarge, HumanBytes(size), HumanBytes(l.MaxBytes))
	}
	return nil
}

// checkText refuses text of n bytes when it passes max; extractors call it
// as they write, so text past the limit is not first held whole.
func checkText(n, max int64) error {
	if n > max {
		return fmt.Errorf("%w: text is %s; the limit is %s", ErrLimit, HumanBytes(n), HumanBytes(max))
	}
	return nil
}

// HumanBytes renders a size in decimal units as people read them: "2.1 GB".
func HumanBytes(n int64) string {
	units := []string{"bytes", "KB", "MB", "GB", "TB"}
	f, i := float64(n), 0
	for f >= 1000 && i < len(units)-1 {
		f /= 1000
		i++
	}
	if i == 0 {
		return strconv.FormatInt(n, 10) + " bytes"
	}
	s := strconv.FormatFloat(f, 'f', 1, 64)
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		s = s[:len(s)-2]
	}
	return s + " " + units[i]
}
