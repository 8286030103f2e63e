package index

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"lexflow/backend/evidence"
)

// newDiskIndex opens a fresh index in a temporary directory, closed at cleanup.
func newDiskIndex(t testing.TB) (*Index, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "index")
	x, err := Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = x.Close() })
	return x, dir
}

// newIndexWith opens a fresh on-disk index holding chunks.
func newIndexWith(t testing.TB, chunks ...evidence.Chunk) *Index {
	t.Helper()
	x, _ := newDiskIndex(t)
	mustAdd(t, x, chunks...)
	return x
}

func mustAdd(t testing.TB, x *Index, chunks ...evidence.Chunk) {
	t.Helper()
	if err := x.Add(context.Background(), chunks); err != nil {
		t.Fatalf("Add: %v", err)
	}
}

func mustSearch(t testing.TB, x *Index, q Query) []evidence.Hit {
	t.Helper()
	hits, err := x.Search(context.Background(), q)
	if err != nil {
		t.Fatalf("Search(%q): %v", q.Text, err)
	}
	return hits
}

// hitIDs lists the chunk IDs of hits in rank order.
func hitIDs(hits []evidence.Hit) []string {
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.Chunk.ID
	}
	return ids
}

// chunk builds a chunk of document doc in collection coll.
func chunk(id, doc, coll, lang, text string, heading ...string) evidence.Chunk {
	return evidence.Chunk{
		ID: id, DocID: doc, CollectionID: coll, Language: lang, Text: text,
		Locator: evidence.Locator{DocID: doc, DocName: doc + ".txt", HeadingPath: heading, End: len([]rune(text))},
	}
}

// employmentAct is a small English statute in collection "labour".
func employmentAct() []evidence.Chunk {
	return []evidence.Chunk{
		chunk("act-1", "act", "labour", "en",
			`Article 1 – Definitions. In this Act "employer" means any person who employs a worker under a contract of employment.`,
			"Part 1", "Article 1 – Definitions"),
		chunk("act-12", "act", "labour", "en",
			"Either party may end the contract of employment by giving the other party written notice.",
			"Part 2", "Article 12 – Termination"),
		chunk("act-13", "act", "labour", "en",
			"The notice shall be given in writing. A notice given orally has no effect. The notice period runs from the day after the notice is received.",
			"Part 2", "Article 13 – Notice"),
		chunk("act-14", "act", "labour", "en",
			"A contract terminated without a valid reason entitles the worker to compensation.",
			"Part 2", "Article 14 – Compensation"),
		chunk("act-20", "act", "labour", "en",
			"The employer's obligations include paying wages <b>on time</b> & keeping records.",
			"Part 3", "Article 20 – Obligations of the employer"),
	}
}

// labourLawAr is a small Arabic statute in collection "labour-ar".
func labourLawAr() []evidence.Chunk {
	return []evidence.Chunk{
		chunk("ar-1", "ar-law", "labour-ar", "ar",
			"المادة ١: يقصد بالعامل كل شخص طبيعي يعمل لقاء أجر لدى صاحب عمل.",
			"الباب الأول", "المادة ١"),
		chunk("ar-12", "ar-law", "labour-ar", "ar",
			"المادة 12: يجوز لأي من الطرفين إنهاء عقد العمل بموجب إخطار كتابي قبل ثلاثين يوماً.",
			"الباب الثاني", "المادة 12"),
		chunk("ar-13", "ar-law", "labour-ar", "ar",
			"تبدأ مُدَّة الإشعار من اليوم التالي لتسلم الإخطار، ويستحق العامل أجره كاملاً عن هذه المدة.",
			"الباب الثاني", "المادة 13"),
	}
}

func sorted(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

func contains(ids []string, id string) bool { return slices.Contains(ids, id) }
