// Package analysis is how the evidence index reads text: the fields of an
// indexed chunk and the Bleve mapping that analyses them (mapping.go), one
// analyzer per language and the language of a chunk or a query
// (languages.go), the Arabic tanween filter (tanween.go), the legal
// thesaurus (thesaurus.go), structural references such as "Article 12"
// (refs.go), and a hit's snippet, highlighted in its text analysed again
// (snippet.go). It knows nothing of shards, ranking or queries.
package analysis

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	regexpchar "github.com/blevesearch/bleve/v2/analysis/char/regexp"
	"github.com/blevesearch/bleve/v2/analysis/lang/ar"
	"github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/token/stop"
	"github.com/blevesearch/bleve/v2/analysis/token/unicodenorm"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/analysis/tokenmap"
	"github.com/blevesearch/bleve/v2/mapping"
	bleveindex "github.com/blevesearch/bleve_index_api"

	"lexflow/backend/evidence"
)

// Field names of an indexed chunk. Each chunk is one Bleve document whose ID
// is the chunk ID. Its text goes into the field of its language, so each
// language keeps its own analyzer and its own term statistics.
const (
	FieldDocID      = "doc_id"        // keyword: filters, DeleteDocument, ChunkIDs
	FieldCollection = "collection_id" // keyword: filters
	FieldLang       = "lang"          // keyword: "en", "ar" or "zh", the analysis used
	FieldTextEN     = "text_en"       // analysed, and stored for snippets
	FieldTextAR     = "text_ar"
	FieldHeadingEN  = "heading_en" // the heading path as text, searched with a boost
	FieldHeadingAR  = "heading_ar"
	FieldName       = "name"    // the document's file name as words; only ever a boost
	FieldHeadEN     = "head_en" // first chunk only: the document's file name and opening text (title, parties), stored
	FieldHeadAR     = "head_ar"
	FieldTextZH     = "text_zh"
	FieldHeadingZH  = "heading_zh"
	FieldHeadZH     = "head_zh"
	FieldKind       = "kind"  // keyword: KindFirst on a document's first chunk, which carries the head
	FieldRefs       = "refs"  // keyword: "article:12", "section:4.2" from the heading path
	FieldChunk      = "chunk" // stored only: the chunk without its text, as JSON
	LangEN          = "en"
	LangAR          = "ar"
	LangZH          = "zh"
	AnalyzerEN      = "lexflow_en"
	AnalyzerAR      = "lexflow_ar"
	AnalyzerZH      = "lexflow_zh"
	filterNFKC      = "lexflow_nfkc"
	filterCJK       = "lexflow_cjk"
	stopZH          = "lexflow_zh_stop"
	charColon       = "lexflow_colon"
	KindFirst       = "first"
)

// NewMapping describes the index: three analyzers, one static document mapping,
// BM25 scoring. It is rebuilt on every call; nothing here is shared state.
//
// Both analyzers first replace colons by spaces: Unicode word segmentation would keep
// "title:termination" as one word (the colon joins letters, as in Swedish).
//
// English (lexflow_en): Unicode word segmentation, English possessive ('s)
// removal, lower case, NFKC (folds PDF ligatures such as "ﬁ"), English stop
// words, Snowball (Porter2) stemming: terminate, terminated and termination
// all index as "termin".
//
// Arabic (lexflow_ar, Bleve's "ar" pipeline spelled out): Unicode word
// segmentation, lower case, NFKC, the indefinite accusative ending dropped
// (تشريعياً → تشريعي), Arabic stop words, normalisation (أ إ آ → ا,
// ى → ي, ة → ه, tatweel and diacritics removed), light stemming of prefixes
// (ال، وال، بال…) and suffixes (ها، ات، ون…): المادة and مادة both index as "ماده".
//
// Chinese (lexflow_zh, Bleve's "cjk" pipeline): Unicode segmentation gives
// one token per ideograph, full-width Latin and half-width kana are folded,
// and adjacent ideographs become overlapping bigrams (个体工商户 → 个体 体工
// 工商 商户), the usual unit of Chinese retrieval without a dictionary,
// each ideograph also kept alone, so a question worded otherwise than the
// statute (赔钱 for 赔偿) still matches in part; Latin words and numbers in
// Chinese text are kept as words. The question words, particles and
// pronouns of chineseStopWords go, as English stop words do.
func NewMapping() (*mapping.IndexMappingImpl, error) {
	im := mapping.NewIndexMapping()
	im.ScoringModel = bleveindex.BM25Scoring
	im.StoreDynamic = false
	im.IndexDynamic = false
	im.DocValuesDynamic = false
	err := im.AddCustomCharFilter(charColon, map[string]any{"type": regexpchar.Name, "regexp": ":", "replace": " "})
	if err == nil {
		err = im.AddCustomTokenFilter(filterNFKC, map[string]any{"type": unicodenorm.Name, "form": unicodenorm.NFKC})
	}
	if err == nil {
		err = im.AddCustomAnalyzer(AnalyzerEN, customAnalyzer(en.PossessiveName, lowercase.Name, filterNFKC, en.StopName, en.SnowballStemmerName))
	}
	if err == nil {
		err = im.AddCustomAnalyzer(AnalyzerAR, customAnalyzer(lowercase.Name, filterNFKC, filterTanween, ar.StopName, ar.NormalizeName, ar.StemmerName))
	}
	if err == nil {
		err = im.AddCustomTokenFilter(filterCJK, map[string]any{"type": cjk.BigramName, "output_unigram": true})
	}
	if err == nil {
		err = im.AddCustomTokenMap(stopZH, map[string]any{"type": tokenmap.Name, "tokens": chineseStopWords})
	}
	if err == nil {
		err = im.AddCustomTokenFilter(stopZH, map[string]any{"type": stop.Name, "stop_token_map": stopZH})
	}
	if err == nil {
		err = im.AddCustomAnalyzer(AnalyzerZH, customAnalyzer(cjk.WidthName, lowercase.Name, filterNFKC, filterCJK, stopZH))
	}
	if err != nil {
		return nil, fmt.Errorf("define analyzers: %w", err)
	}
	im.DefaultAnalyzer = AnalyzerEN
	im.DefaultMapping = chunkMapping()
	return im, nil
}

func customAnalyzer(filters ...string) map[string]any {
	return map[string]any{
		"type": custom.Name, "char_filters": []string{charColon}, "tokenizer": unicode.Name, "token_filters": filters,
	}
}

func chunkMapping() *mapping.DocumentMapping {
	dm := mapping.NewDocumentStaticMapping()
	dm.AddSubDocumentMapping("_all", mapping.NewDocumentDisabledMapping())
	for _, f := range []string{FieldDocID, FieldCollection, FieldLang, FieldKind} {
		dm.AddFieldMappingsAt(f, keywordField(true))
	}
	dm.AddFieldMappingsAt(FieldRefs, keywordField(false))
	for _, l := range Languages {
		dm.AddFieldMappingsAt(l.Text, textField(l.Analyzer, true))
		dm.AddFieldMappingsAt(l.Heading, textField(l.Analyzer, false))
		head := textField(l.Analyzer, false)
		head.Store = true
		dm.AddFieldMappingsAt(l.Head, head)
	}
	dm.AddFieldMappingsAt(FieldName, textField(AnalyzerEN, false))
	stored := mapping.NewTextFieldMapping()
	stored.Index, stored.Store, stored.IncludeTermVectors, stored.IncludeInAll, stored.DocValues = false, true, false, false, false
	dm.AddFieldMappingsAt(FieldChunk, stored)
	return dm
}

// keywordField is an unanalysed field; filter-only fields skip frequencies and norms.
func keywordField(filterOnly bool) *mapping.FieldMapping {
	fm := mapping.NewKeywordFieldMapping()
	fm.Store, fm.IncludeTermVectors, fm.IncludeInAll, fm.DocValues = false, false, false, false
	fm.SkipFreqNorm = filterOnly
	return fm
}

// textField is analysed, the chunk text also stored for snippets. No field
// keeps term vectors: nothing reads them (snippets analyse the hit's text
// again, see snippet.go; no query is a phrase), and they would make memory
// grow with the text: merging segments holds every location of a term in
// the merged chunks at once (ingesting two 60 MB files of one word repeated
// took 1.4 GB); without them a merge holds a frequency per chunk.
func textField(analyzer string, stored bool) *mapping.FieldMapping {
	fm := mapping.NewTextFieldMapping()
	fm.Analyzer = analyzer
	fm.Store, fm.IncludeTermVectors = stored, false
	fm.IncludeInAll, fm.DocValues = false, false
	return fm
}

// ChunkDocument is what Bleve indexes for one chunk; refs are the structural
// references of its heading path; head, set on a document's first chunk
// only, is the document's name and opening text (see the index's heads.go).
func ChunkDocument(c evidence.Chunk, refs []string, head string) (map[string]any, error) {
	meta := c
	meta.Text = ""
	meta.Locator.DocTitle = "" // titles change on rename; readers get them from the database
	blob, err := json.Marshal(meta)
	if err != nil {
		return nil, fmt.Errorf("encode chunk %s: %w", c.ID, err)
	}
	lang := ChunkLang(c.Language)
	doc := map[string]any{
		FieldDocID:      c.DocID,
		FieldCollection: c.CollectionID,
		FieldLang:       lang,
		FieldChunk:      string(blob),
		TextField(lang): c.Text,
	}
	if heading := HeadingContext(c); heading != "" {
		doc[HeadingField(lang)] = heading
	}
	if name := NameWords(c.Locator.DocName); name != "" {
		doc[FieldName] = name
	}
	if len(refs) > 0 {
		doc[FieldRefs] = refs
	}
	if head != "" {
		doc[HeadField(lang)] = head
		doc[FieldKind] = KindFirst
	}
	return doc, nil
}

// HeadingText is what the heading field holds: the heading path and, for
// a chunk that holds several units (short articles sharing a chunk), the
// heading of each, so "Article 6" finds the chunk it lies in.
func HeadingText(l evidence.Locator) string {
	lines := slices.Clone(l.HeadingPath)
	for _, u := range l.Units {
		if len(u.HeadingPath) > len(l.HeadingPath) {
			lines = append(lines, u.HeadingPath[len(l.HeadingPath):]...)
		}
	}
	return strings.Join(slices.Compact(lines), "\n")
}

// HeadingContext is what the heading field holds: the headings of
// HeadingText that the chunk's opening does not already say. A chunk that
// opens a clause holds its title in its text; its parents' titles, and the
// title of the clause a continuation chunk belongs to, are context the text
// lacks.
func HeadingContext(c evidence.Chunk) string {
	opening := evidence.Slice(c.Text, 0, 300)
	var lines []string
	for _, h := range strings.Split(HeadingText(c.Locator), "\n") {
		if !strings.Contains(opening, h) {
			lines = append(lines, h)
		}
	}
	return strings.Join(lines, "\n")
}

// NameWords turns a file name into words: "Master_Services-Agreement.pdf" →
// "Master Services Agreement". Unicode segmentation would keep
// "Master_Services" as one token.
func NameWords(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		name = name[:i]
	}
	return strings.Join(strings.FieldsFunc(name, func(r rune) bool {
		return r == '_' || r == '-' || r == '.' || r == ' ' || r == '+'
	}), " ")
}

// chineseStopWords are the words of a question that never carry its
// subject: question words and particles (什么, 吗), and the pronouns of a
// layperson's question (我, 他们), which statutes do not use.
var chineseStopWords = []any{
	"吗", "呢", "吧", "啊", "呀", "嘛", "么", "什", "怎", "哪", "谁",
	"我", "你", "您", "他", "她", "它", "咱",
	"什么", "怎么", "怎样", "如何", "为何", "哪些", "哪个", "是否", "能否", "可否", "请问",
	"我们", "你们", "他们", "她们", "我的", "你的",
}
