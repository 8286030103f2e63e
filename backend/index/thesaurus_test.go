package index

import "testing"

// A query word finds a chunk that holds only words a drafter uses for it,
// below a chunk that holds the word itself.
func TestRelatedWordsFindAndRankBelow(t *testing.T) {
	x := newIndexWith(t, contract("lic", "licence.txt",
		"1. Grant. The Licensor grants the Licensee a licence to use the software.",
		"2. Records. The Licensee shall keep books and records open to inspection by the Licensor.",
		"3. Audit. The Licensor may audit the Licensee once a year.",
		"4. Law. This agreement is governed by the laws of England.",
	)...)
	hits := mustSearch(t, x, Query{Text: "audit rights", DocIDs: []string{"lic"}})
	ids := hitIDs(hits)
	if len(ids) < 2 || ids[0] != "lic-2" || ids[1] != "lic-1" {
		t.Errorf("hits %v, want lic-2 (audit) then lic-1 (books, records, inspection)", ids)
	}
	if contains(ids, "lic-3") {
		t.Errorf("hits %v hold the governing-law clause, which has neither the word nor a related one", ids)
	}
}
