package index

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"lexflow/backend/evidence"
)

// A synthetic legal corpus for the benchmarks: English statute-like chunks
// under "Part › Chapter › Article N – Title" headings, words drawn with a Zipf
// distribution from a vocabulary of legal words followed by rarer generated
// terms (names, places, defined terms), and function words in the proportion
// of real prose. The same seed always gives the same corpus, so Bleve and
// SQLite FTS5 index identical text.

// legalWords are common words of statutes and contracts, roughly most frequent first.
const legalWords = `shall party agreement person contract court section article law provision
notice period employer employee right obligation payment term act regulation authority
date time day year month service goods price amount interest property rule order case
public state information document written reasonable applicable relevant accordance
include require provide apply make give pay receive perform deliver comply consent
termination terminate breach remedy damages liability liable indemnify indemnity claim
dispute arbitration tribunal jurisdiction judgment appeal decision application procedure
proceedings evidence hearing witness officer minister commission council board committee
member director company partnership trust estate tenant landlord lease rent premises
buyer seller purchaser vendor supplier customer client consumer contractor subcontractor
employment wage salary remuneration compensation benefit pension leave holiday sickness
dismissal redundancy discrimination harassment safety health hazard accident injury insurance
policy premium risk loss cost expense fee charge tax duty levy customs import export
license permit registration certificate approval exemption waiver variation amendment
assignment transfer novation subrogation guarantee security mortgage charge lien pledge
default insolvency bankruptcy liquidation receiver administrator creditor debtor debt loan
credit interest principal instalment invoice currency bank account deposit fund capital
share shareholder dividend meeting resolution vote quorum chairman secretary auditor report
confidential confidentiality disclosure intellectual copyright patent trademark design
licence royalty software data personal processing controller processor privacy protection
force majeure event circumstance delay failure performance standard quality specification
warranty representation undertaking covenant condition precedent subsequent express implied
governing jurisdiction venue service process counterpart entire severability notices
effective commencement expiry renewal extension suspension cancellation rescission
repudiation frustration mistake misrepresentation fraud duress undue influence capacity
minor guardian marriage divorce custody maintenance succession inheritance will testament
executor beneficiary heir gift donation land title deed easement boundary planning
building construction works defect completion handover retention variation valuation
environment pollution waste water emission discharge inspection inspector offence penalty
fine imprisonment conviction sentence prosecution defendant claimant plaintiff respondent
appellant accused victim police arrest detention bail custody search seizure warrant
constitution parliament legislation statute ordinance decree bylaw schedule annex appendix
chapter part paragraph clause subsection definition interpretation purpose scope
reference calendar business working hours premises address email registered office
signature execution witness seal stamp copy original translation language prevail
limitation exclusion cap aggregate maximum minimum threshold percentage rate index
competition merger acquisition control subsidiary affiliate holding group entity
agent agency principal distributor distribution franchise exclusive territory quota
marketing advertising promotion sponsor brand product recall defect warranty return
transport carriage carrier shipment delivery freight consignment bill lading port vessel
aircraft vehicle driver road traffic railway station telecommunication network operator
energy electricity gas supply tariff meter grid utility concession infrastructure
procurement tender bid award evaluation criteria objection review remedy standstill`

// stopWords are the function words mixed into the text (and dropped from FTS5 queries).
var stopWords = strings.Fields(`the of to and in a or any by be shall for such as is
that this with on may not which other under its from at an all each if are than
has been where within no upon made have it there after before between`)

type corpus struct {
	rng       *rand.Rand
	zipf      *rand.Zipf
	vocab     []string
	docChunks int // chunks per document
}

func newCorpus(seed uint64) *corpus {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	vocab := strings.Fields(legalWords)
	vocab = append(vocab, generatedWords(rng, 4000-len(vocab))...)
	return &corpus{
		rng:       rng,
		zipf:      rand.NewZipf(rng, 1.1, 2, uint64(len(vocab)-1)),
		vocab:     vocab,
		docChunks: 50,
	}
}

// generatedWords are rarer pronounceable terms standing for names, places and
// defined terms.
func generatedWords(rng *rand.Rand, n int) []string {
	syllables := strings.Fields("ka ri to men sa lo vi den tra mor pel gan sul fe ber nor al ip ust har ven col bri dar")
	words := make([]string, 0, n)
	seen := map[string]bool{}
	for len(words) < n {
		var b strings.Builder
		for range 2 + rng.IntN(3) {
			b.WriteString(syllables[rng.IntN(len(syllables))])
		}
		if w := b.String(); !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	return words
}

func (c *corpus) word() string { return c.vocab[c.zipf.Uint64()] }

// sentence is 8 to 25 words, about 40% of them function words.
func (c *corpus) sentence() string {
	n := 8 + c.rng.IntN(18)
	words := make([]string, n)
	for i := range words {
		if c.rng.Float64() < 0.4 {
			words[i] = stopWords[c.rng.IntN(len(stopWords))]
		} else {
			words[i] = c.word()
		}
	}
	words[0] = strings.ToUpper(words[0][:1]) + words[0][1:]
	return strings.Join(words, " ") + "."
}

// chunk i of the corpus: document i/docChunks, article i%docChunks+1.
func (c *corpus) chunk(i int) evidence.Chunk {
	doc := i / c.docChunks
	article := i%c.docChunks + 1
	title := c.word() + " " + c.word()
	heading := []string{
		fmt.Sprintf("Part %d", article/20+1),
		fmt.Sprintf("Chapter %d", article/5+1),
		fmt.Sprintf("Article %d – %s", article, strings.ToUpper(title[:1])+title[1:]),
	}
	var text strings.Builder
	text.WriteString(heading[2])
	for range 4 + c.rng.IntN(9) {
		text.WriteString(" ")
		text.WriteString(c.sentence())
	}
	docID := fmt.Sprintf("doc%05d", doc)
	return evidence.Chunk{
		ID: fmt.Sprintf("%s#%03d", docID, article-1), DocID: docID, CollectionID: fmt.Sprintf("col%d", doc%10),
		Ordinal: article - 1, Language: "en", Text: text.String(),
		Locator: evidence.Locator{
			DocID: docID, DocName: fmt.Sprintf("statute-%05d.pdf", doc), PageStart: article/3 + 1, PageEnd: article/3 + 1,
			HeadingPath: heading, Start: article * 1000, End: article*1000 + len([]rune(text.String())),
		},
	}
}

// chunks calls yield with the corpus's n chunks in slices of size.
func (c *corpus) chunks(n, size int, yield func([]evidence.Chunk) error) error {
	batch := make([]evidence.Chunk, 0, size)
	for i := range n {
		batch = append(batch, c.chunk(i))
		if len(batch) == size || i == n-1 {
			if err := yield(batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return nil
}

// queries are 3 to 6 word legal queries: words of the legal vocabulary
// (the frequent part of the corpus, as real queries are), sometimes a function
// word, sometimes an article number.
func (c *corpus) queries(n int) []string {
	legal := strings.Fields(legalWords)
	qs := make([]string, n)
	for i := range qs {
		words := make([]string, 3+c.rng.IntN(4))
		for j := range words {
			words[j] = legal[c.rng.IntN(len(legal))]
		}
		switch r := c.rng.Float64(); {
		case r < 0.15:
			words[1] = "of"
		case r < 0.25:
			words[0], words[1] = "article", fmt.Sprint(1+c.rng.IntN(c.docChunks))
		}
		qs[i] = strings.Join(words, " ")
	}
	return qs
}
