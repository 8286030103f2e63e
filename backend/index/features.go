package index

import (
	"slices"
	"sync/atomic"

	"lexflow/backend/internal/switches"
)

// Ranking features can be switched off one by one with LEXFLOW_RANK_OFF, a
// comma-separated list of their names, so the retrieval benchmark (make
// eval-retrieval -ablation) can measure what each is worth on every set;
// a feature stays only while it earns its place there.
//
//	doc-focus     a query that names a document ranks that document's chunks higher (heads.go)
//	focus-ties    a name a few documents share alike names them all (heads.go, namingTies)
//	headings      query words also match the heading path, a field of its own
//	related       related words of the legal thesaurus stand in for query words (analysis.Thesaurus)
//	article-refs  "Article 12" in a query matches the chunks of that article (analysis.Refs)
//	file-names    a query word in a document's file name adds to its chunks' score
const rankingEnv = "LEXFLOW_RANK_OFF"

// Names of the ranking features.
const (
	featureFocus     = "doc-focus"
	featureFocusTies = "focus-ties"
	featureHeadings  = "headings"
	featureRelated   = "related"
	featureRefs      = "article-refs"
	featureNames     = "file-names"
)

// RankingFeatures names the ranking features that can be switched off.
func RankingFeatures() []string {
	return []string{featureFocus, featureFocusTies, featureHeadings, featureRelated, featureRefs, featureNames}
}

// rankingOff is the set of features switched off, shared by an index's searches.
type rankingOff struct{ p atomic.Pointer[switches.Off] }

func newRankingOff() *rankingOff {
	r := &rankingOff{}
	off := switches.FromEnv(rankingEnv)
	r.p.Store(&off)
	return r
}

func (r *rankingOff) on(feature string) bool { return r.p.Load().On(feature) }

// SwitchOff switches the named ranking features off, and every other one on,
// for the searches that start after it (the environment's LEXFLOW_RANK_OFF
// is replaced). It is for measuring features; names not in RankingFeatures
// are ignored.
func (x *Index) SwitchOff(features ...string) {
	off := switches.Off{}
	for _, f := range features {
		if slices.Contains(RankingFeatures(), f) {
			off[f] = true
		}
	}
	x.features.p.Store(&off)
}
