package ingest

import (
	"archive/zip"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
)

// docxArchive reads the parts of a DOCX zip within the limits: entry count,
// per-entry and total uncompressed bytes, and compression ratio, counted on
// the bytes actually inflated (not only the sizes the headers claim).
type docxArchive struct {
	files  map[string]*zip.File
	limits Limits
	total  int64
}

func openDOCX(r io.ReaderAt, size int64, limits Limits) (*docxArchive, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fmt.Errorf("%w: not a zip archive: %v", ErrCorrupt, err)
	}
	if len(zr.File) > limits.MaxZipEntries {
		return nil, fmt.Errorf("%w: the archive has %d entries; the limit is %d", ErrLimit, len(zr.File), limits.MaxZipEntries)
	}
	a := &docxArchive{files: map[string]*zip.File{}, limits: limits}
	for _, f := range zr.File {
		name := f.Name
		if strings.HasPrefix(name, "/") || strings.Contains(name, "\\") || path.Clean(name) != name || strings.HasPrefix(name, "../") || name == ".." {
			return nil, fmt.Errorf("%w: archive entry %q escapes the archive", ErrCorrupt, name)
		}
		a.files[strings.ToLower(name)] = f
	}
	return a, nil
}

// open returns a reader of one part, or nil when the archive lacks it.
func (a *docxArchive) open(name string) (io.ReadCloser, error) {
	f := a.files[strings.ToLower(name)]
	if f == nil {
		return nil, nil
	}
	if err := a.checkHeader(f); err != nil {
		return nil, err
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("%w: open %s: %v", ErrCorrupt, name, err)
	}
	return &zipPartReader{rc: rc, a: a, name: name, compressed: f.CompressedSize64}, nil
}

func (a *docxArchive) checkHeader(f *zip.File) error {
	if f.UncompressedSize64 > uint64(a.limits.MaxZipEntryBytes) {
		return fmt.Errorf("%w: %s unpacks to %s; the limit is %s", ErrLimit, f.Name, HumanBytes(int64(f.UncompressedSize64)), HumanBytes(a.limits.MaxZipEntryBytes))
	}
	if f.CompressedSize64 > 0 && f.UncompressedSize64/f.CompressedSize64 > uint64(a.limits.MaxZipRatio) {
		return fmt.Errorf("%w: %s is compressed %d:1; the limit is %d:1 (a zip bomb?)", ErrLimit, f.Name, f.UncompressedSize64/f.CompressedSize64, a.limits.MaxZipRatio)
	}
	return nil
}

// zipPartReader counts inflated bytes against the per-entry, ratio and
// total limits, whatever the headers said.
type zipPartReader struct {
	rc         io.ReadCloser
	a          *docxArchive
	name       string
	n          int64
	compressed uint64
}

func (z *zipPartReader) Read(p []byte) (int, error) {
	n, err := z.rc.Read(p)
	z.n += int64(n)
	z.a.total += int64(n)
	lim := z.a.limits
	switch {
	case z.n > lim.MaxZipEntryBytes:
		return n, fmt.Errorf("%w: %s unpacks to more than %s", ErrLimit, z.name, HumanBytes(lim.MaxZipEntryBytes))
	case z.a.total > lim.MaxZipTotalBytes:
		return n, fmt.Errorf("%w: the archive unpacks to more than %s", ErrLimit, HumanBytes(lim.MaxZipTotalBytes))
	case z.n > 1<<20 && uint64(z.n) > uint64(lim.MaxZipRatio)*max(z.compressed, 1):
		return n, fmt.Errorf("%w: %s is compressed more than %d:1 (a zip bomb?)", ErrLimit, z.name, lim.MaxZipRatio)
	}
	return n, err
}

func (z *zipPartReader) Close() error { return z.rc.Close() }

// extractDOCX reads word/document.xml (or the part _rels/.rels names) with
// its numbering and styles. DOCX has no pages; explicit page breaks, when the
// document has them, give page spans.
func extractDOCX(ctx context.Context, r io.ReaderAt, size int64, limits Limits) (Extracted, error) {
	a, err := openDOCX(r, size, limits)
	if err != nil {
		return Extracted{}, err
	}
	styles, err := readStyles(a)
	if err != nil {
		return Extracted{}, err
	}
	num, err := readNumbering(a)
	if err != nil {
		return Extracted{}, err
	}
	main := mainPart(a)
	rc, err := a.open(main)
	if err != nil {
		return Extracted{}, err
	}
	if rc == nil {
		return Extracted{}, fmt.Errorf("%w: no %s in the archive (not a Word document?)", ErrCorrupt, main)
	}
	defer rc.Close()
	d := newDocxDoc(ctx, styles, num, limits.MaxTextBytes)
	if err := d.read(rc); err != nil {
		if errors.Is(err, ErrLimit) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return Extracted{}, err
		}
		return Extracted{}, fmt.Errorf("%w: read %s: %v", ErrCorrupt, main, err)
	}
	ex := d.result()
	ex.Title = coreTitle(a)
	return ex, nil
}

// coreTitle is the document's title from its core properties
// (docProps/core.xml dc:title), or empty.
func coreTitle(a *docxArchive) string {
	rc, err := a.open("docProps/core.xml")
	if err != nil || rc == nil {
		return ""
	}
	defer rc.Close()
	dec := xml.NewDecoder(rc)
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "title" {
			var title string
			if dec.DecodeElement(&title, &se) != nil {
				return ""
			}
			return strings.TrimSpace(title)
		}
	}
}

// mainPart finds the main document part from the package relationships.
func mainPart(a *docxArchive) string {
	const fallback = "word/document.xml"
	rc, err := a.open("_rels/.rels")
	if err != nil || rc == nil {
		return fallback
	}
	defer rc.Close()
	target := ""
	walkXML(rc, func(el xmlElement) {
		if el.local == "Relationship" && strings.HasSuffix(el.attr("Type"), "/officeDocument") {
			target = strings.TrimPrefix(el.attr("Target"), "/")
		}
	})
	if target == "" || path.Clean(target) != target || strings.HasPrefix(target, "../") {
		return fallback
	}
	return target
}
