package library

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"unicode"
	"unicode/utf8"

	"lexflow/backend/evidence"
)

// A sketch is a MinHash signature of a document's text: for each of
// sketchSize hash functions, the least hash of the text's shingles (runs of
// shingleWords consecutive normalised words). The share of positions where
// two sketches agree estimates the Jaccard similarity of the two texts'
// shingle sets (±0.03 at 256 positions), in fixed memory whatever the size
// of the texts: the text is read once, a word at a time.
//
// Words are runs of letters and digits, lower-cased, with marks (Arabic
// vowels) dropped and Arabic-Indic digits folded; each Han character is a
// word of its own. So a PDF and a DOCX of one statute agree although their
// whitespace, line breaks, punctuation and quotes differ; what differs is
// what a reader would see differ (a page number left in the flow, a word
// hyphenated across lines), a few shingles each.
//
// Measured (TestSameTextMeasure and TestSameTextSampleLibrary; 4-word
// shingles, 256 positions):
//   - the sample library's copies: eu-gdpr-excerpt pdf/html 1.00,
//     uk-consumer-rights-act-2015-excerpt pdf/docx 1.00,
//     sample-services-agreement md/docx 1.00, eg-civil-code-excerpt-ar
//     docx/html 1.00 and pdf/docx 0.86 (the PDF's engine order swaps a few
//     wrapped lines); every pair of different texts 0.00.
//   - the 195 CUAD contracts whose filed PDF and EDGAR text are both there,
//     PDF against text: median 0.97, tenth percentile 0.95, lowest 0.88
//     (exhibit pages and "Source:" footers the text has and the PDF not);
//     only 2 under 0.90.
//   - different CUAD contracts (the 287 texts pairwise, many from one form
//     or one filer): 1.00 and 0.91 for two pairs that are the same
//     agreement filed twice (rightly the same text); 0.80 for a "form of"
//     content licence against the one signed later with changed terms; the
//     next 0.51 (two manufacturing agreements of one filer), then 0.50
//     (two trademark licences of one template, other parties), all others
//     lower. Shingles of 5 words score the copies lower (lowest 0.84, the
//     Arabic PDF 0.77) and the form 0.72; of 3 words the form 0.83.
//
// sameTextMin sits between the form and its signed version (0.80) and the
// lowest copy (0.86): a copy in another format scores above it, a
// different version of a contract below.
const (
	sketchSize   = 256
	shingleWords = 4
	sameTextMin  = 0.84
)

type sketch [sketchSize]uint64

// sketchSeeds are fixed, so a sketch stored today compares with one
// computed by a later version.
var sketchSeeds = func() (s [sketchSize]uint64) {
	x := uint64(0x1e7f10)
	for i := range s {
		x += 0x9e3779b97f4a7c15
		s[i] = mix64(x)
	}
	return s
}()

// mix64 is splitmix64's finaliser: a bijection that spreads every input bit.
func mix64(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// sketchOf sketches text. A text of fewer than shingleWords words has its
// words as one shingle; a text without words has an empty sketch, like
// no other.
func sketchOf(text string) sketch {
	var sk sketch
	for i := range sk {
		sk[i] = math.MaxUint64
	}
	var ring [shingleWords]uint64 // hashes of the last words
	n := 0
	add := func(w uint64) {
		ring[n%shingleWords] = w
		n++
		if n >= shingleWords {
			sk.add(shingleHash(ring[:], n))
		}
	}
	eachWord(text, add)
	if n > 0 && n < shingleWords {
		sk.add(shingleHash(ring[:n], n))
	}
	return sk
}

// shingleHash combines the word hashes of the ring, oldest first; n words
// have been added, the last at ring[(n-1)%len].
func shingleHash(ring []uint64, n int) uint64 {
	h := uint64(len(ring))
	for i := range ring {
		h = mix64(h ^ ring[(n+i)%len(ring)])
	}
	return h
}

func (sk *sketch) add(shingle uint64) {
	for i, seed := range sketchSeeds {
		if v := mix64(shingle ^ seed); v < sk[i] {
			sk[i] = v
		}
	}
}

// eachWord calls word with the FNV hash of each normalised word of text.
func eachWord(text string, word func(uint64)) {
	h := fnv.New64a()
	inWord := false
	var buf [utf8.UTFMax]byte
	flush := func() {
		if inWord {
			word(h.Sum64())
			h.Reset()
			inWord = false
		}
	}
	for _, r := range text {
		switch {
		case unicode.Is(unicode.Han, r):
			flush()
			h.Write(utf8.AppendRune(buf[:0], r))
			inWord = true
			flush()
		case unicode.IsMark(r) || r == '\u0640': // vowel marks, tatweel
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			r = unicode.ToLower(evidence.FoldDigit(r))
			h.Write(utf8.AppendRune(buf[:0], r))
			inWord = true
		default:
			flush()
		}
	}
	flush()
}

// similarity estimates the Jaccard similarity of the texts of a and b.
func (sk *sketch) similarity(b *sketch) float64 {
	same := 0
	for i := range sk {
		if sk[i] == b[i] && sk[i] != math.MaxUint64 {
			same++
		}
	}
	return float64(same) / sketchSize
}

// bytes encodes the sketch for the database.
func (sk *sketch) bytes() []byte {
	b := make([]byte, 8*sketchSize)
	for i, v := range sk {
		binary.LittleEndian.PutUint64(b[8*i:], v)
	}
	return b
}

// sketchFrom decodes a stored sketch; ok is false for one of another size.
func sketchFrom(b []byte) (sk sketch, ok bool) {
	if len(b) != 8*sketchSize {
		return sk, false
	}
	for i := range sk {
		sk[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return sk, true
}
