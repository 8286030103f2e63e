package ingest

import "lexflow/backend/internal/switches"

// Heuristics that change what the index sees can be switched off one by one
// with LEXFLOW_INGEST_OFF, a comma-separated list of their names, so that an
// evaluation can measure what each is worth on real data (make
// eval-retrieval and make eval-pdf read it like the product does):
//
//	pdf-furniture    running heads, page numbers and stamps out of the flow
//	text-page-numbers page numbers left in a text file's flow blanked (textpages.go)
//	pdf-spaces       spaces restored from glyph gaps ("3.1Joint")
//	pdf-hyphens      line-break hyphens joined
//	toc-pages        contents lines ending in page numbers are not headings
//	caps-titles      an article title in capitals may wrap over lines
//	period-titles    "8. Insurance." alone on its line is a heading
//	runin-titles     "9.4 Insurance. The Company…" keeps its title when the sentence wraps
//	caps-paragraphs  a paragraph in capitals is not a heading
//	merge-siblings   short sibling units (articles under one chapter) share a chunk
const featuresEnv = "LEXFLOW_INGEST_OFF"

var switchedOff = switches.FromEnv(featuresEnv)

// on tells whether a heuristic is switched on (all are, unless switched off).
func on(feature string) bool { return switchedOff.On(feature) }
