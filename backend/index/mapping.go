package index

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	regexpchar "github.com/blevesearch/bleve/v2/analysis/char/regexp"
	"github.com/blevesearch/bleve/v2/analysis/lang/ar"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/token/unicodenorm"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"
	bleveindex "github.com/blevesearch/bleve_index_api"

	"lexflow/backend/evidence"
)

// Field names of an indexed chunk. Each chunk is one Bleve document whose ID
// is the chunk ID. Its text goes into the field of its language, so each
// language keeps its own analyzer and its own term statistics.
const (
	fieldDocID      = "doc_id"        // keyword: filters, DeleteDocument, ChunkIDs
	fieldCollection = "collection_id" // keyword: filters
	fieldLang       = "lang"          // keyword: "en" or "ar", the analysis used
	fieldTextEN     = "text_en"       // analysed, stored, with term vectors for snippets
	fieldTextAR     = "text_ar"
	fieldHeadingEN  = "heading_en" // the heading path as text, searched with a boost
	fieldHeadingAR  = "heading_ar"
	fieldName       = "name"    // the document's file name as words; only ever a boost
	fieldHeadEN     = "head_en" // first chunk only: the document's file name and opening text (title, parties), stored
	fieldHeadAR     = "head_ar"
	fieldKind       = "kind"  // keyword: kindFirst on a document's first chunk, which carries the head
	fieldRefs       = "refs"  // keyword: "article:12", "section:4.2" from the heading path
	fieldChunk      = "chunk" // stored only: the chunk without its text, as JSON
	langEN          = "en"
	langAR          = "ar"
	analyzerEN      = "lexflow_en"
	analyzerAR      = "lexflow_ar"
	filterNFKC      = "lexflow_nfkc"
	charColon       = "lexflow_colon"
	kindFirst       = "first"
)

// newMapping describes the index: two analyzers, one static document mapping,
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
func newMapping() (*mapping.IndexMappingImpl, error) {
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
		err = im.AddCustomAnalyzer(analyzerEN, customAnalyzer(en.PossessiveName, lowercase.Name, filterNFKC, en.StopName, en.SnowballStemmerName))
	}
	if err == nil {
		err = im.AddCustomAnalyzer(analyzerAR, customAnalyzer(lowercase.Name, filterNFKC, filterTanween, ar.StopName, ar.NormalizeName, ar.StemmerName))
	}
	if err != nil {
		return nil, fmt.Errorf("define analyzers: %w", err)
	}
	im.DefaultAnalyzer = analyzerEN
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
	for _, f := range []string{fieldDocID, fieldCollection, fieldLang, fieldKind} {
		dm.AddFieldMappingsAt(f, keywordField(true))
	}
	dm.AddFieldMappingsAt(fieldRefs, keywordField(false))
	dm.AddFieldMappingsAt(fieldTextEN, textField(analyzerEN, true))
	dm.AddFieldMappingsAt(fieldTextAR, textField(analyzerAR, true))
	dm.AddFieldMappingsAt(fieldHeadingEN, textField(analyzerEN, false))
	dm.AddFieldMappingsAt(fieldHeadingAR, textField(analyzerAR, false))
	dm.AddFieldMappingsAt(fieldName, textField(analyzerEN, false))
	for f, analyzer := range map[string]string{fieldHeadEN: analyzerEN, fieldHeadAR: analyzerAR} {
		fm := textField(analyzer, false)
		fm.Store = true
		dm.AddFieldMappingsAt(f, fm)
	}
	stored := mapping.NewTextFieldMapping()
	stored.Index, stored.Store, stored.IncludeTermVectors, stored.IncludeInAll, stored.DocValues = false, true, false, false, false
	dm.AddFieldMappingsAt(fieldChunk, stored)
	return dm
}

// keywordField is an unanalysed field; filter-only fields skip frequencies and norms.
func keywordField(filterOnly bool) *mapping.FieldMapping {
	fm := mapping.NewKeywordFieldMapping()
	fm.Store, fm.IncludeTermVectors, fm.IncludeInAll, fm.DocValues = false, false, false, false
	fm.SkipFreqNorm = filterOnly
	return fm
}

// textField is analysed; the chunk text is stored with term vectors so Bleve
// can highlight it.
func textField(analyzer string, stored bool) *mapping.FieldMapping {
	fm := mapping.NewTextFieldMapping()
	fm.Analyzer = analyzer
	fm.Store, fm.IncludeTermVectors = stored, stored
	fm.IncludeInAll, fm.DocValues = false, false
	return fm
}

// chunkLang is the analysis a chunk gets: Arabic for "ar" (and "ar-EG"…),
// English for everything else, including an empty language.
func chunkLang(language string) string {
	if l := strings.ToLower(language); l == langAR || strings.HasPrefix(l, langAR+"-") {
		return langAR
	}
	return langEN
}

// chunkDocument is what Bleve indexes for one chunk; refs are the structural
// references of its heading path; head, set on a document's first chunk
// only, is the document's name and opening text (see heads.go).
func chunkDocument(c evidence.Chunk, refs []string, head string) (map[string]any, error) {
	meta := c
	meta.Text = ""
	blob, err := json.Marshal(meta)
	if err != nil {
		return nil, fmt.Errorf("encode chunk %s: %w", c.ID, err)
	}
	lang := chunkLang(c.Language)
	doc := map[string]any{
		fieldDocID:         c.DocID,
		fieldCollection:    c.CollectionID,
		fieldLang:          lang,
		fieldChunk:         string(blob),
		textFieldFor(lang): c.Text,
	}
	if heading := strings.Join(c.Locator.HeadingPath, "\n"); heading != "" {
		doc[headingFieldFor(lang)] = heading
	}
	if name := nameWords(c.Locator.DocName); name != "" {
		doc[fieldName] = name
	}
	if len(refs) > 0 {
		doc[fieldRefs] = refs
	}
	if head != "" {
		doc[headFieldFor(lang)] = head
		doc[fieldKind] = kindFirst
	}
	return doc, nil
}

func textFieldFor(lang string) string {
	if lang == langAR {
		return fieldTextAR
	}
	return fieldTextEN
}

func headingFieldFor(lang string) string {
	if lang == langAR {
		return fieldHeadingAR
	}
	return fieldHeadingEN
}

func headFieldFor(lang string) string {
	if lang == langAR {
		return fieldHeadAR
	}
	return fieldHeadEN
}

// nameWords turns a file name into words: "Master_Services-Agreement.pdf" →
// "Master Services Agreement". Unicode segmentation would keep
// "Master_Services" as one token.
func nameWords(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		name = name[:i]
	}
	return strings.Join(strings.FieldsFunc(name, func(r rune) bool {
		return r == '_' || r == '-' || r == '.' || r == ' ' || r == '+'
	}), " ")
}
