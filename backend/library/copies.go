package library

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"lexflow/backend/store"
)

// Copies: users load one statute as PDF, DOCX and HTML. Byte-identical files
// are caught when added (Added.Duplicate); files of one text in different
// formats are found once their text is extracted: a document whose text
// is the same as (sketches at least sameTextMin alike) a ready document of
// its collection becomes a copy of it (store.Document.DuplicateOf), and
// searches keep the canonical document's passages only (OneCopy).
//
// Which copy is canonical does not depend on which finished first (the
// workers ingest side by side): a text format (DOCX, HTML, Markdown, TXT)
// is preferred to a PDF, whose text is recovered from page layout (words
// joined across hyphenated lines, page furniture set aside, the reading
// order of each line worked out) and so may differ from what was written,
// as in the Arabic sample, whose PDF swaps a few wrapped lines. Quotes in
// answers are checked word for word against the canonical text, so the
// text as written makes the better evidence. Between two text formats, or
// two PDFs, the first added is canonical; of two added in the same
// millisecond (a folder, the sample library), the first by file name, so
// the choice does not depend on random ids.

// canonicalOrder orders documents by which is the better canonical copy,
// best first.
func canonicalOrder(a, b store.Document) int {
	return cmp.Or(cmp.Compare(formatRank(a.Format), formatRank(b.Format)),
		a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
}

func formatRank(format string) int {
	if format == "pdf" {
		return 1
	}
	return 0
}

// copyMinWords: a text shorter than this is never taken for a copy. Two
// short clauses of one template share most of their few shingles ("may
// terminate this agreement by giving … written notice") without being one
// document, and hiding one of them would hide a whole document.
const copyMinWords = 150

func wordCount(text string) int {
	n := 0
	eachWord(text, func(uint64) { n++ })
	return n
}

// markCopies records whether d, whose text is text, repeats the text of a
// ready document of its collection: the most alike above sameTextMin. The
// better of the two (canonicalOrder) is canonical, the other and its
// copies become its copies. Call it with l.sameText held, and mark d ready
// before letting go, so that of two copies finishing together the second
// sees the first.
func (l *Library) markCopies(ctx context.Context, d store.Document, text string) error {
	sk := sketchOf(text)
	if err := l.opts.DB.SetDocumentSketch(ctx, d.ID, sk.bytes()); err != nil {
		return err
	}
	if wordCount(text) < copyMinWords {
		return nil
	}
	match, err := l.sameTextAs(ctx, d, &sk)
	if err != nil || match == "" {
		return err
	}
	other, err := l.opts.DB.GetDocument(ctx, match)
	if err != nil {
		return err
	}
	if canonicalOrder(d, other) < 0 {
		return l.opts.DB.SetCopies(ctx, d.ID, []string{other.ID})
	}
	return l.opts.DB.SetCopies(ctx, other.ID, []string{d.ID})
}

// sameTextAs returns the ready, canonical document of d's collection whose
// text is most like sk, if any is at least sameTextMin alike. Documents
// ingested before sketches were kept are sketched from their stored text,
// once.
func (l *Library) sameTextAs(ctx context.Context, d store.Document, sk *sketch) (string, error) {
	best, bestSim := "", sameTextMin
	consider := func(id string, other *sketch) {
		if s := sk.similarity(other); s >= bestSim {
			best, bestSim = id, s
		}
	}
	var unsketched []string
	err := l.opts.DB.EachSketch(ctx, d.CollectionID, d.ID, func(id string, b []byte) {
		if other, ok := sketchFrom(b); ok {
			consider(id, &other)
		} else {
			unsketched = append(unsketched, id)
		}
	})
	if err != nil {
		return "", err
	}
	for _, id := range unsketched {
		text, err := l.opts.DB.DocumentText(ctx, id)
		if err != nil {
			return "", err
		}
		other := sketchOf(text)
		if err := l.opts.DB.SetDocumentSketch(ctx, id, other.bytes()); err != nil {
			return "", err
		}
		consider(id, &other)
	}
	return best, nil
}

// detachCopies takes document id out of its group of copies before it is
// ingested again or deleted: a copy stands alone; a canonical document's
// copies get the best of them as their canonical document, so its text
// stays searchable.
func (l *Library) detachCopies(ctx context.Context, id string) error {
	l.sameText.Lock()
	defer l.sameText.Unlock()
	copies, err := l.opts.DB.CopiesOf(ctx, id)
	if err != nil {
		return err
	}
	if err := l.opts.DB.SetCopies(ctx, id, nil); err != nil {
		return err
	}
	if len(copies) == 0 {
		return nil
	}
	slices.SortFunc(copies, canonicalOrder)
	rest := make([]string, 0, len(copies)-1)
	for _, c := range copies[1:] {
		rest = append(rest, c.ID)
	}
	if err := l.opts.DB.SetCopies(ctx, copies[0].ID, rest); err != nil {
		return fmt.Errorf("promote %q: %w", copies[0].Name, err)
	}
	return nil
}
