package ingest

import "context"

// Progress is told how far a long extraction has come: done of total steps
// (pages read, pages read by OCR), and what the step is, for the user.
type Progress func(done, total int, step string)

type progressKey struct{}

// WithProgress returns a context whose extractions report to p. Most files
// take well under a second and report nothing; a long PDF reports its pages.
func WithProgress(ctx context.Context, p Progress) context.Context {
	return context.WithValue(ctx, progressKey{}, p)
}

type ocrLanguageKey struct{}

// WithOCRLanguage returns a context whose extractions read scanned pages in
// the given Tesseract language ("eng", "ara", "chi_sim", or several joined
// with "+"), as a collection's setting says; without it the language is told
// from the first scanned page's script.
func WithOCRLanguage(ctx context.Context, lang string) context.Context {
	return context.WithValue(ctx, ocrLanguageKey{}, lang)
}

func ocrLanguage(ctx context.Context) string {
	lang, _ := ctx.Value(ocrLanguageKey{}).(string)
	return lang
}

func report(ctx context.Context, done, total int, step string) {
	if p, ok := ctx.Value(progressKey{}).(Progress); ok && p != nil {
		p(done, total, step)
	}
}
