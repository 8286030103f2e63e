package generation

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"lexflow/backend/evidence"
	"lexflow/backend/internal/sentence"
)

// Status is the outcome of a generation.
type Status string

const (
	StatusSuccess    Status = "success"     // parsed strictly, every check passed
	StatusPartial    Status = "partial"     // usable, but something was recovered, dropped or flagged
	StatusFailed     Status = "failed"      // nothing trustworthy to show
	StatusNoEvidence Status = "no_evidence" // nothing was retrieved, so no model was asked
)

// UncitedPolicy says what to do with answer sentences that carry no citation.
type UncitedPolicy string

const (
	UncitedPartial UncitedPolicy = "partial" // keep them, flagged, and mark the answer partial (the default)
	UncitedFail    UncitedPolicy = "fail"    // fail the whole answer
	UncitedStrip   UncitedPolicy = "strip"   // remove them from what the user sees, and mark the answer partial
)

// Options configure the checks.
type Options struct {
	Uncited UncitedPolicy `json:"uncited_policy"`
}

// Check is one verification and its result. Every failed check names what
// failed and why; passed checks are recorded too, so an audit shows what ran.
type Check struct {
	Name   string `json:"name"` // json, schema, alignment, marker, quote, claims, support
	Passed bool   `json:"passed"`
	Detail string `json:"detail"`
}

// Check names.
const (
	CheckJSON      = "json"
	CheckSchema    = "schema"
	CheckAlignment = "alignment"
	CheckMarker    = "marker"
	CheckQuote     = "quote"
	CheckClaims    = "claims"
	CheckSupport   = "support" // the evidence addresses the question (support.go)
)

// Quote is a passage the model quoted from the evidence it cites.
type Quote struct {
	Text     string `json:"text"`
	Verified bool   `json:"verified"` // found verbatim (whitespace normalised) in the cited chunk
	Start    int    `json:"start"`    // when verified: code points into the document's extracted text
	End      int    `json:"end"`
}

// Citation is one piece of evidence the answer cites, as [Marker] in its text.
type Citation struct {
	Marker  int              `json:"marker"` // the number in the answer: the evidence's rank
	NodeID  string           `json:"nodeId"` // the chunk id
	Rank    int              `json:"rank"`
	Score   float64          `json:"score"`
	Quotes  []Quote          `json:"quotes"`
	Excerpt string           `json:"excerpt"` // the chunk's text, as evidence shown to the user
	Locator evidence.Locator `json:"locator"` // the chunk's, narrowed to the article its verified quotes lie in
}

// Claim verdicts.
const (
	ClaimCited       = "cited"
	ClaimUncited     = "uncited"
	ClaimQuoteFailed = "quote_failed"
)

// Claim is one sentence of the answer and whether it is backed.
type Claim struct {
	Text    string `json:"text"`
	Start   int    `json:"start"` // code points into Result.Answer
	End     int    `json:"end"`
	Markers []int  `json:"markers"`
	Verdict string `json:"verdict" ts:"'cited' | 'uncited' | 'quote_failed'"`
}

// Result is a checked answer.
type Result struct {
	Answer     string          `json:"answer"` // what the user sees: invalid markers removed
	Citations  []Citation      `json:"citations"`
	Claims     []Claim         `json:"claims"`
	Checks     []Check         `json:"checks"`
	Structured json.RawMessage `json:"structured,omitempty"` // the reply's object as parsed
	Status     Status          `json:"status"`
	Error      string          `json:"error,omitempty"`
	Refused    bool            `json:"refused,omitempty"` // the model said the evidence does not answer
}

// Postprocess parses a raw reply and checks it against the hits it was given:
// JSON (strict, then tolerant), schema, citation alignment, answer markers,
// quotes and claims. It never fails: problems become checks and a status.
func Postprocess(raw string, hits []evidence.Hit, opts Options) Result {
	c := newChecker(hits, opts)
	reply, ok := c.parse(strings.ToValidUTF8(raw, "\uFFFD"))
	if !ok {
		return c.result("", StatusFailed)
	}
	if reply.Unanswerable {
		// what the model wrote besides stays in Structured, for the audit
		c.res.Refused = true
		return c.result("", c.status())
	}
	if strings.TrimSpace(reply.Answer) == "" {
		if len(reply.Citations) > 0 {
			c.fail(CheckSchema, "the answer is empty but cites evidence")
			return c.result("", StatusFailed)
		}
		c.res.Refused = true
		return c.result("", c.status())
	}
	c.align(reply.Citations)
	return c.check(reply.Answer, false)
}

// check runs the checks every answer goes through once its citations are
// known: markers, quotes and claims. inline takes quotes from the answer's
// own text (prose answers have no citation list to carry them).
func (c *checker) check(answer string, inline bool) Result {
	answer = c.markers(answer)
	if !hasLetters(markerPattern.ReplaceAllString(answer, "")) {
		c.failFatal(CheckSchema, "the answer has no words, only numbers or citation markers")
		return c.result(answer, StatusFailed)
	}
	if inline {
		c.inlineQuotes(answer)
	}
	c.quotes()
	answer = c.claims(answer)
	if c.fatal != "" {
		return c.result(answer, StatusFailed)
	}
	return c.result(answer, c.status())
}

// checker carries one postprocess run's state.
type checker struct {
	opts   Options
	byRank map[int]evidence.Hit
	byID   map[string]evidence.Hit
	cited  map[int]*Citation
	order  []int // ranks in the order the answer first cites them
	res    Result
	fatal  string
}

func newChecker(hits []evidence.Hit, opts Options) *checker {
	if opts.Uncited == "" {
		opts.Uncited = UncitedPartial
	}
	c := &checker{opts: opts, byRank: map[int]evidence.Hit{}, byID: map[string]evidence.Hit{}, cited: map[int]*Citation{}}
	for _, h := range hits {
		c.byRank[h.Rank], c.byID[h.Chunk.ID] = h, h
	}
	c.res.Checks, c.res.Citations, c.res.Claims = []Check{}, []Citation{}, []Claim{}
	return c
}

func (c *checker) pass(name, detail string) {
	c.res.Checks = append(c.res.Checks, Check{Name: name, Passed: true, Detail: detail})
}

func (c *checker) fail(name, format string, args ...any) {
	detail := fmt.Sprintf(format, args...)
	c.res.Checks = append(c.res.Checks, Check{Name: name, Detail: detail})
	if c.res.Error == "" {
		c.res.Error = detail
	}
}

// failFatal records a failed check that leaves nothing trustworthy.
func (c *checker) failFatal(name, format string, args ...any) {
	c.fail(name, format, args...)
	c.fatal = c.res.Checks[len(c.res.Checks)-1].Detail
	c.res.Error = c.fatal
}

func (c *checker) status() Status {
	for _, ch := range c.res.Checks {
		if !ch.Passed {
			return StatusPartial
		}
	}
	return StatusSuccess
}

func (c *checker) result(answer string, s Status) Result {
	c.res.Answer, c.res.Status = answer, s
	for _, rank := range c.order {
		c.res.Citations = append(c.res.Citations, *c.cited[rank])
	}
	if s == StatusSuccess {
		c.res.Error = ""
	}
	return c.res
}

// reply is the model's JSON, after schema validation.
type reply struct {
	Answer    string
	Citations []rawCitation
	// Unanswerable: the model said "answerable": false, the evidence does not answer.
	Unanswerable bool
}

type rawCitation struct {
	NodeID string
	Rank   int
	Quote  string
}

// parse reads the reply: strict JSON, else recovered JSON (partial), else
// plain text checked as prose (partial). Broken JSON is fatal.
func (c *checker) parse(raw string) (reply, bool) {
	text := strings.TrimSpace(raw)
	if text == "" {
		c.failFatal(CheckJSON, "the model returned an empty reply")
		return reply{}, false
	}
	obj, how, err := decodeObject(text)
	switch {
	case err == nil && how == "":
		c.pass(CheckJSON, "strict JSON")
	case err == nil:
		c.fail(CheckJSON, "the reply was not pure JSON; recovered it by %s", how)
	case !looksLikeJSON(text):
		c.fail(CheckJSON, "the reply is plain text, not the JSON asked for; it was checked as text")
		return reply{Answer: text}, true
	default:
		c.failFatal(CheckJSON, "the reply is malformed JSON: %v", err)
		return reply{}, false
	}
	c.res.Structured, _ = json.Marshal(obj)
	return c.schema(obj)
}

// schema validates the reply object, dropping citations it cannot read.
func (c *checker) schema(obj map[string]json.RawMessage) (reply, bool) {
	var r reply
	if err := json.Unmarshal(obj["answer"], &r.Answer); err != nil || obj["answer"] == nil {
		c.failFatal(CheckSchema, `"answer" must be a string`)
		return r, false
	}
	problems := 0
	answerable, ok := readAnswerable(obj["answerable"])
	if !ok {
		c.fail(CheckSchema, `"answerable" must be true or false; it was ignored`)
		problems++
	}
	r.Unanswerable = !answerable
	var items []json.RawMessage
	if cs, ok := obj["citations"]; ok && string(cs) != "null" {
		if err := json.Unmarshal(cs, &items); err != nil {
			c.fail(CheckSchema, `"citations" must be a list; it was ignored`)
		}
	}
	for i, it := range items {
		rc, err := readCitation(it)
		if err != nil {
			c.fail(CheckSchema, "citation %d: %v; it was dropped", i+1, err)
			problems++
			continue
		}
		r.Citations = append(r.Citations, rc)
	}
	if problems == 0 {
		c.pass(CheckSchema, fmt.Sprintf("answer and %d citations", len(r.Citations)))
	}
	return r, true
}

// readAnswerable reads "answerable", which replies to the v1 prompt lack:
// only false says the evidence does not answer. ok is false when it is
// there but not a boolean.
func readAnswerable(raw json.RawMessage) (answerable, ok bool) {
	if raw == nil || string(raw) == "null" {
		return true, true
	}
	if err := json.Unmarshal(raw, &answerable); err != nil {
		return true, false
	}
	return answerable, true
}

func readCitation(raw json.RawMessage) (rawCitation, error) {
	var v struct {
		NodeID any    `json:"node_id"`
		Rank   any    `json:"rank"`
		Quote  string `json:"quote"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return rawCitation{}, fmt.Errorf("not an object with node_id, rank and quote")
	}
	rc := rawCitation{Quote: v.Quote}
	switch id := v.NodeID.(type) {
	case string:
		rc.NodeID = strings.TrimSpace(id)
	case float64:
		rc.NodeID = fmt.Sprint(id)
	}
	switch r := v.Rank.(type) {
	case float64:
		rc.Rank = int(r)
	case string:
		fmt.Sscan(strings.Trim(r, "[] "), &rc.Rank)
	}
	if rc.NodeID == "" && rc.Rank == 0 {
		return rc, fmt.Errorf("neither node_id nor rank")
	}
	return rc, nil
}

// align matches each citation to a hit by node_id, completing or correcting
// its rank, or by rank when the id is missing. Unknown ids are dropped.
func (c *checker) align(cs []rawCitation) {
	dropped := 0
	for _, rc := range cs {
		h, ok := c.byID[rc.NodeID]
		switch {
		case ok:
		case rc.NodeID == "" && c.byRank[rc.Rank].Chunk.ID != "":
			h = c.byRank[rc.Rank]
		default:
			c.fail(CheckAlignment, "citation of %s is not among the %d retrieved passages; it was removed", describe(rc), len(c.byRank))
			dropped++
			continue
		}
		cit := c.cite(h.Rank)
		if rc.Quote = strings.TrimSpace(rc.Quote); rc.Quote != "" {
			cit.Quotes = append(cit.Quotes, Quote{Text: rc.Quote})
		}
	}
	if dropped == 0 {
		c.pass(CheckAlignment, fmt.Sprintf("%d citations match retrieved passages", len(cs)))
	}
}

func describe(rc rawCitation) string {
	if rc.NodeID != "" {
		return fmt.Sprintf("node_id %q", rc.NodeID)
	}
	return fmt.Sprintf("[%d]", rc.Rank)
}

// cite returns the citation of the hit with this rank, creating it the first time.
func (c *checker) cite(rank int) *Citation {
	if cit, ok := c.cited[rank]; ok {
		return cit
	}
	h := c.byRank[rank]
	cit := &Citation{Marker: rank, NodeID: h.Chunk.ID, Rank: rank, Score: h.Score, Quotes: []Quote{},
		Excerpt: h.Chunk.Text, Locator: h.Chunk.Locator}
	c.cited[rank] = cit
	c.order = append(c.order, rank)
	return cit
}

// markers rewrites the answer's citation markers: valid ones become [n]
// each, markers of evidence that was not retrieved are removed and recorded.
func (c *checker) markers(answer string) string {
	bad := 0
	out := rewriteMarkers(answer, func(n int) bool {
		if _, ok := c.byRank[n]; ok {
			c.cite(n)
			return true
		}
		c.fail(CheckMarker, "[%d] points at no retrieved passage (there are %d); it was removed", n, len(c.byRank))
		bad++
		return false
	})
	if bad == 0 {
		c.pass(CheckMarker, "every marker points at a retrieved passage")
	}
	// Citations listed but never marked keep their place after the marked ones.
	return out
}

// minQuoteWords is the shortest quote that can show support: "15" or "§ 4"
// are found verbatim almost anywhere and prove nothing. Words are counted by
// sentence.Words, where each Chinese ideograph is one.
const minQuoteWords = 3

// quotes checks every quote verbatim (after whitespace normalisation)
// against the chunk it cites, and locates it in the document.
func (c *checker) quotes() {
	n, bad := 0, 0
	for _, rank := range c.order {
		cit := c.cited[rank]
		for i := range cit.Quotes {
			n++
			q := &cit.Quotes[i]
			if words := sentence.Words(q.Text); words < minQuoteWords {
				c.fail(CheckQuote, "the quote %q in [%d] is too short (%d words) to show support; it was not counted", q.Text, rank, words)
				bad++
				continue
			}
			start, end, ok := findNormalized(cit.Excerpt, q.Text)
			if !ok {
				c.fail(CheckQuote, "the quote %q is not in [%d] (%s)", clip(q.Text, 80), rank, cit.Locator.Label())
				bad++
				continue
			}
			q.Verified, q.Start, q.End = true, cit.Locator.Start+start, cit.Locator.Start+end
		}
		cit.Locator = quotedUnits(cit.Locator, cit.Quotes)
	}
	if bad == 0 && n > 0 {
		c.pass(CheckQuote, fmt.Sprintf("%d quotes found verbatim", n))
	}
}

// quotedUnits narrows a chunk's locator to what its verified quotes span,
// so a chunk holding Articles 5 and 6 is cited as Article 6 when that is
// where the quote is. Without a verified quote the whole chunk is cited.
func quotedUnits(l evidence.Locator, quotes []Quote) evidence.Locator {
	start, end := -1, -1
	for _, q := range quotes {
		if !q.Verified {
			continue
		}
		if start < 0 || q.Start < start {
			start = q.Start
		}
		end = max(end, q.End)
	}
	if start < 0 {
		return l
	}
	return l.Narrow(start, end)
}

// looksLikeJSON tells broken JSON from prose.
func looksLikeJSON(s string) bool {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "```json"))
	s = strings.TrimSpace(strings.TrimPrefix(s, "```"))
	return strings.HasPrefix(s, "{") || strings.HasPrefix(s, "[")
}

// decodeObject parses a JSON object strictly, else tolerantly: without code
// fences, without text around the object, without trailing commas. how says
// which recovery was needed ("" when none).
func decodeObject(text string) (map[string]json.RawMessage, string, error) {
	var obj map[string]json.RawMessage
	err := strictUnmarshal(text, &obj)
	if err == nil {
		return obj, "", nil
	}
	var how []string
	s := text
	if inner, ok := unfence(s); ok {
		s, how = inner, append(how, "removing a code fence")
	}
	if i, j := strings.IndexByte(s, '{'), strings.LastIndexByte(s, '}'); i >= 0 && j > i && (i > 0 || j < len(s)-1) {
		s, how = s[i:j+1], append(how, "ignoring text around the object")
	}
	if t := dropTrailingCommas(s); t != s {
		s, how = t, append(how, "removing trailing commas")
	}
	if len(how) == 0 {
		return nil, "", err
	}
	if err := strictUnmarshal(s, &obj); err != nil {
		return nil, "", err
	}
	return obj, strings.Join(how, ", "), nil
}

func strictUnmarshal(s string, v any) error {
	dec := json.NewDecoder(strings.NewReader(s))
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("text after the JSON object")
	}
	if v, ok := v.(*map[string]json.RawMessage); ok && *v == nil {
		return fmt.Errorf("not a JSON object")
	}
	return nil
}

// unfence returns the body of a ```…``` block.
func unfence(s string) (string, bool) {
	i := strings.Index(s, "```")
	if i < 0 {
		return s, false
	}
	body := s[i+3:]
	if nl := strings.IndexByte(body, '\n'); nl >= 0 && !strings.ContainsAny(body[:nl], "{[\"") {
		body = body[nl+1:] // the language tag
	}
	if j := strings.Index(body, "```"); j >= 0 {
		body = body[:j]
	}
	return strings.TrimSpace(body), true
}

// dropTrailingCommas removes commas directly before } or ], outside strings.
func dropTrailingCommas(s string) string {
	var b bytes.Buffer
	inString, escaped := false, false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case ch == '\\':
				escaped = true
			case ch == '"':
				inString = false
			}
		case ch == '"':
			inString = true
		case ch == ',':
			rest := strings.TrimLeft(s[i+1:], " \t\r\n")
			if rest != "" && (rest[0] == '}' || rest[0] == ']') {
				continue
			}
		}
		b.WriteByte(ch)
	}
	return b.String()
}
