package ranking

import (
	"cmp"
	"container/heap"
	"context"
	"math"
	"slices"
	"sync/atomic"

	"github.com/blevesearch/bleve/v2/search"
	bleveindex "github.com/blevesearch/bleve_index_api"

	"lexflow/backend/index/internal/shards"
)

// maxScore ranks the chunks of one shard for a plan, document at a time,
// with the MaxScore algorithm (Turtle and Flood): the selecting clauses are
// ordered by the most they can add to a score; once the top k are full, the
// longest run of low-bound clauses whose bounds together cannot reach the
// k-th score stops proposing candidates, and every other clause is only
// probed at a candidate while the candidate can still reach it. A common
// word then costs a few probes, never a walk over most of the index.
// Clauses are weighed one by one, not by part: the related words of a
// query word mix rare heading words with common text words.
//
// Scores are Bleve's for the plan's query (see cursor and partCursor), and
// equal scores rank in the shard's document order, as Bleve ranks them; so
// the hits are exactly those of Bleve scoring every candidate.
type maxScore struct {
	n         int           // parts in the scoring disjunction, for its coordination factor
	parts     []*partCursor // every part, to score a chunk exactly
	selecting []*cursor     // clauses of selecting parts, bound ascending; selecting[essential:] propose candidates
	others    []*cursor     // clauses of scoring-only parts: probed, never proposing
	probes    []*cursor     // the non-essential clauses, bound descending
	probeSum  float64       // their bounds summed
	filters   []*partCursor // a candidate must be held by every filter
	excluded  *partCursor   // and by none of these; nil when none
	essential int           // index of the first essential selecting clause
	held      []heldClause  // the clauses the candidate holds
	scored    int           // candidates scored to the end (tests read it)
	top       topDocs
	k         int
	floor     *sharedFloor
	id        bleveindex.IndexInternalID // the candidate, encoded for seeks
	plan      *Plan                      // for the seed's own cursors
	stats     *search.BM25Stats
}

// sharedFloor is the best k-th score any shard has reached: no chunk below
// it can be among the k best of the whole index.
type sharedFloor struct{ bits atomic.Uint64 }

func (f *sharedFloor) get() float64 { return math.Float64frombits(f.bits.Load()) }

func (f *sharedFloor) raise(s float64) {
	for {
		old := f.bits.Load()
		if math.Float64frombits(old) >= s || f.bits.CompareAndSwap(old, math.Float64bits(s)) {
			return
		}
	}
}

// rankShard opens the plan's cursors on a snapshot of s and returns its k
// best chunks, best first, with their IDs and scores.
func rankShard(ctx context.Context, s *shards.Shard, p *Plan, k int, stats *search.BM25Stats, floor *sharedFloor) (search.DocumentMatchCollection, error) {
	r, err := s.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	m, err := newMaxScore(ctx, r, p, k, stats, floor)
	if err != nil {
		return nil, err
	}
	defer m.close()
	if err := m.rank(ctx, r); err != nil {
		return nil, err
	}
	return m.matches(r)
}

// rank seeds the top k, then walks the candidates.
func (m *maxScore) rank(ctx context.Context, r bleveindex.IndexReader) error {
	if err := m.seed(ctx, r); err != nil {
		return err
	}
	return m.run(ctx)
}

// newMaxScore opens the cursors of p's clauses and filters on r.
func newMaxScore(ctx context.Context, r bleveindex.IndexReader, p *Plan, k int, stats *search.BM25Stats, floor *sharedFloor) (*maxScore, error) {
	return openMaxScore(ctx, r, p, k, stats, floor, func(Clause) bool { return true })
}

// openMaxScore is newMaxScore opening cursors only for the clauses opened
// tells: the others count as absent from every chunk.
func openMaxScore(ctx context.Context, r bleveindex.IndexReader, p *Plan, k int, stats *search.BM25Stats, floor *sharedFloor, opened func(Clause) bool) (*maxScore, error) {
	m := &maxScore{n: len(p.Parts), k: k, floor: floor, id: make(bleveindex.IndexInternalID, 8), plan: p, stats: stats}
	if err := m.open(ctx, r, newBounds(p.Parts, stats), opened); err != nil {
		m.close()
		return nil, err
	}
	slices.SortStableFunc(m.selecting, func(a, b *cursor) int { return cmp.Compare(a.bound, b.bound) })
	m.setProbes()
	return m, nil
}

// open opens the cursors; filters never score, so theirs skip frequencies.
func (m *maxScore) open(ctx context.Context, r bleveindex.IndexReader, b bounds, opened func(Clause) bool) error {
	for _, p := range m.plan.Parts {
		clauses := slices.DeleteFunc(slices.Clone(p.Clauses), func(c Clause) bool { return !opened(c) })
		pc, err := openPart(ctx, r, clauses, b, true)
		if err != nil {
			return err
		}
		pc.size, pc.related, pc.index = len(p.Clauses), p.Related(), len(m.parts)
		m.parts = append(m.parts, pc)
		if p.Selects() {
			m.selecting = append(m.selecting, pc.clauses...)
		} else {
			m.others = append(m.others, pc.clauses...)
		}
	}
	for _, f := range m.plan.Filters {
		pc, err := openPart(ctx, r, f, b, false)
		if err != nil {
			return err
		}
		m.filters = append(m.filters, pc)
	}
	if len(m.plan.Excluded) > 0 {
		pc, err := openPart(ctx, r, m.plan.Excluded, b, false)
		if err != nil {
			return err
		}
		m.excluded = pc
	}
	return nil
}

// openPart opens the cursors of clauses, with their frequencies or not.
func openPart(ctx context.Context, r bleveindex.IndexReader, clauses []Clause, b bounds, freqs bool) (*partCursor, error) {
	p := &partCursor{size: len(clauses)}
	for _, c := range clauses {
		cur, err := openCursor(ctx, r, c, b, freqs)
		if err != nil {
			p.close()
			return nil, err
		}
		cur.part = p
		p.clauses = append(p.clauses, cur)
	}
	return p, nil
}

// setProbes lists the clauses probed rather than walked, best bound first.
func (m *maxScore) setProbes() {
	m.probes = append(slices.Clone(m.others), m.selecting[:m.essential]...)
	slices.SortStableFunc(m.probes, func(a, b *cursor) int { return cmp.Compare(b.bound, a.bound) })
	m.probeSum = 0
	for _, p := range m.probes {
		m.probeSum += p.bound
	}
}

// ceiling bounds the score of a chunk whose clauses read so far add up to
// sum over held of them, when the clauses still unread add at most rest
// over restN more. A part scores at most the sum of its clauses, and holds
// one of them at least, so counting clauses for parts only loosens it.
func (m *maxScore) ceiling(sum float64, held int, rest float64, restN int) float64 {
	return (sum + rest) * float64(min(m.n, held+restN)) / float64(m.n) * boundMargin
}

// threshold is the score a chunk must reach to be kept: the k-th best
// score so far, here or on another shard; 0 while nothing is known.
func (m *maxScore) threshold() float64 {
	t := m.floor.get()
	if len(m.top) == m.k {
		t = max(t, m.top[0].score)
	}
	return t
}

// run walks the candidates the essential parts propose.
func (m *maxScore) run(ctx context.Context) error {
	for i := 0; ; i++ {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		d, ok := m.candidate()
		if !ok {
			return nil
		}
		to, pass, ok, err := m.filter(d)
		switch {
		case err != nil:
			return err
		case !ok:
			return nil // a filter holds no further chunk
		case !pass:
			if err := m.seekEssential(to); err != nil {
				return err
			}
			continue
		}
		if err := m.consider(d); err != nil {
			return err
		}
		if err := nextPast(m.selecting[m.essential:], d); err != nil {
			return err
		}
	}
}

// candidate is the first document an essential clause stands on.
func (m *maxScore) candidate() (d uint64, ok bool) { return firstDoc(m.selecting[m.essential:]) }

// filter tells whether every filter holds d and no excluded clause does; if
// not, to is the first document that might pass, and ok is false when a
// filter holds no more.
func (m *maxScore) filter(d uint64) (to uint64, pass, ok bool, err error) {
	to, pass = d, true
	for _, f := range m.filters {
		if err := f.seek(d, m.encode(d)); err != nil {
			return 0, false, false, err
		}
		fd, fok := f.doc()
		if !fok {
			return 0, false, false, nil
		}
		if fd != d {
			pass, to = false, max(to, fd)
		}
	}
	if pass && m.excluded != nil {
		if err := m.excluded.seek(d, m.encode(d)); err != nil {
			return 0, false, false, err
		}
		if ed, eok := m.excluded.doc(); eok && ed == d {
			pass, to = false, d+1
		}
	}
	return to, pass, true, nil
}

func (m *maxScore) seekEssential(to uint64) error {
	id := m.encode(to)
	for _, c := range m.selecting[m.essential:] {
		if err := c.seek(to, id); err != nil {
			return err
		}
	}
	return nil
}

func (m *maxScore) encode(d uint64) bleveindex.IndexInternalID {
	m.id.SetValue(d)
	return m.id
}

// consider scores candidate d, probing the other clauses only while it can
// still reach the threshold, and keeps it if it ranks among the k best.
func (m *maxScore) consider(d uint64) error {
	m.held = m.held[:0]
	var sum float64
	for _, c := range m.selecting[m.essential:] {
		if c.on(d) {
			sum += m.hold(c)
		}
	}
	rest, restN := m.probeSum, len(m.probes)
	floor := m.threshold()
	id := m.encode(d)
	for _, c := range m.probes {
		if m.ceiling(sum, len(m.held), rest, restN) < floor {
			return nil
		}
		if err := c.seek(d, id); err != nil {
			return err
		}
		if c.on(d) {
			sum += m.hold(c)
		}
		rest -= c.bound
		restN--
	}
	m.scored++
	if score := m.score(); score >= floor {
		m.keep(d, score)
	}
	return nil
}

// hold notes that the candidate holds c and returns c's score in it.
func (m *maxScore) hold(c *cursor) float64 {
	s := c.score()
	m.held = append(m.held, heldClause{part: c.part.index, score: s})
	return s
}

// heldClause is a clause the candidate holds, with its score.
type heldClause struct {
	part  int
	score float64
}

// score is the candidate's exact score, once every clause has been read:
// the sum of the parts held, in plan order, times the share of parts held,
// as Bleve scores the plan's disjunction (a part of related words being a
// disjunction of its own).
func (m *maxScore) score() float64 {
	slices.SortFunc(m.held, func(a, b heldClause) int { return cmp.Compare(a.part, b.part) })
	var sum float64
	parts := 0
	for i := 0; i < len(m.held); {
		p := m.parts[m.held[i].part]
		var s float64
		j := i
		for ; j < len(m.held) && m.held[j].part == m.held[i].part; j++ {
			s += m.held[j].score
		}
		if p.related {
			s *= float64(j-i) / float64(p.size)
		}
		sum += s
		parts++
		i = j
	}
	return sum * float64(parts) / float64(m.n)
}

// keep offers d to the top k and, once they are full, raises the floor and
// retires the selecting parts that can no longer lift a chunk to it.
func (m *maxScore) keep(d uint64, score float64) {
	if len(m.top) < m.k {
		heap.Push(&m.top, scoredDoc{doc: d, score: score})
	} else if worse(m.top[0], scoredDoc{doc: d, score: score}) {
		m.top[0] = scoredDoc{doc: d, score: score}
		heap.Fix(&m.top, 0)
	}
	if len(m.top) < m.k {
		return
	}
	m.floor.raise(m.top[0].score)
	m.retire()
}

// retire stops the selecting clauses that can no longer lift a chunk to the
// threshold from proposing candidates: the longest run of low-bound ones
// that, with the scoring-only clauses, stay under it.
func (m *maxScore) retire() {
	floor := m.threshold()
	var sum float64
	parts := map[*partCursor]bool{}
	add := func(c *cursor) {
		sum += c.bound
		parts[c.part] = true
	}
	for _, c := range slices.Concat(m.others, m.selecting[:m.essential]) {
		add(c)
	}
	retired := m.essential
	for ; m.essential < len(m.selecting); m.essential++ {
		add(m.selecting[m.essential])
		if m.ceiling(sum, 0, 0, len(parts)) >= floor {
			break
		}
	}
	if m.essential != retired {
		m.setProbes()
	}
}

// seedShare bounds the seed: the rarest selecting clauses whose postings
// add up to at most this many per hit wanted (the rarest one in any case).
const seedShare = 8

// seed raises the floor before the walk to a score that the chunks of the
// rarest selecting clauses surely reach: they are the likeliest hits, so
// the common words stop proposing candidates from the first chunks on,
// rather than once the walk has come across k good chunks.
//
// It reads the rarest clauses only: reading a common clause's frequencies
// means decoding its postings all the way, which the walk does anyway. A
// chunk's score counting only the clauses read is a lower bound of its
// score (a score only grows with the clauses held and their frequencies),
// so the k-th best of these bounds is a floor no hit of the whole index
// falls below. The walk then scores every chunk exactly, these included.
func (m *maxScore) seed(ctx context.Context, r bleveindex.IndexReader) error {
	rare := m.seedClauses()
	s, err := openMaxScore(ctx, r, m.plan, m.k, m.stats, m.floor, func(c Clause) bool { return rare[c] })
	if err != nil {
		return err
	}
	defer s.close()
	for i := 0; ; i++ {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		d, ok := firstDoc(s.selecting)
		if !ok {
			break
		}
		_, pass, ok, err := s.filter(d)
		if err != nil || !ok {
			return err
		}
		if pass {
			s.keep(d, s.lowerBound(d)) // once its top k are full, s raises the shared floor
		}
		if err := nextPast(s.selecting, d); err != nil {
			return err
		}
	}
	m.retire()
	return nil
}

// SeedFloor is the floor the seed raises on the shards of set, seeded one
// after another before any is walked: a score no hit of the whole index
// falls below. TopK seeds each shard as it ranks it; SeedFloor lets that
// bound be checked against exhaustive ranking.
func SeedFloor(ctx context.Context, set shards.Set, p *Plan, k int, stats *search.BM25Stats) (float64, error) {
	floor := &sharedFloor{}
	for _, s := range set {
		if err := seedShard(ctx, s, p, k, stats, floor); err != nil {
			return 0, err
		}
	}
	return floor.get(), nil
}

func seedShard(ctx context.Context, s *shards.Shard, p *Plan, k int, stats *search.BM25Stats, floor *sharedFloor) error {
	r, err := s.Reader()
	if err != nil {
		return err
	}
	defer r.Close()
	m, err := newMaxScore(ctx, r, p, k, stats, floor)
	if err != nil {
		return err
	}
	defer m.close()
	return m.seed(ctx, r)
}

// lowerBoundMargin lowers a lower bound by what summing the same scores in
// another order can change: the seed adds up clauses in another order than
// the walk.
const lowerBoundMargin = 1 - 1e-9

// lowerBound is the score of the clauses whose cursors stand on d, lowered
// by lowerBoundMargin: with cursors for some clauses only, a lower bound of
// d's score.
func (m *maxScore) lowerBound(d uint64) float64 {
	m.held = m.held[:0]
	for _, cs := range [][]*cursor{m.selecting, m.others} {
		for _, c := range cs {
			if c.on(d) {
				m.hold(c)
			}
		}
	}
	return m.score() * lowerBoundMargin
}

// seedClauses picks the rarest selecting clauses whose postings add up to
// at most seedShare·k, the rarest one in any case.
func (m *maxScore) seedClauses() map[Clause]bool {
	rare := slices.Clone(m.selecting)
	slices.SortStableFunc(rare, func(a, b *cursor) int { return cmp.Compare(a.tfr.Count(), b.tfr.Count()) })
	picked := map[Clause]bool{}
	var postings uint64
	for i, c := range rare {
		if postings += c.tfr.Count(); i > 0 && postings > uint64(seedShare*m.k) {
			break
		}
		picked[c.clause] = true
	}
	return picked
}

// matches turns the kept documents into matches with their chunk IDs, best first.
func (m *maxScore) matches(r bleveindex.IndexReader) (search.DocumentMatchCollection, error) {
	docs := slices.Clone(m.top)
	slices.SortFunc(docs, func(a, b scoredDoc) int {
		if worse(a, b) {
			return 1
		}
		return -1
	})
	out := make(search.DocumentMatchCollection, len(docs))
	for i, sd := range docs {
		id, err := r.ExternalID(bleveindex.NewIndexInternalID(nil, sd.doc))
		if err != nil {
			return nil, err
		}
		out[i] = &search.DocumentMatch{ID: id, Score: sd.score}
	}
	return out, nil
}

func (m *maxScore) close() {
	for _, p := range slices.Concat(m.parts, m.filters) {
		p.close()
	}
	if m.excluded != nil {
		m.excluded.close()
	}
}

type scoredDoc struct {
	doc   uint64
	score float64
}

// worse ranks a below b: a lower score, or an equal one later in the shard.
func worse(a, b scoredDoc) bool {
	return a.score < b.score || (a.score == b.score && a.doc > b.doc)
}

// topDocs is a heap of the k best documents so far, the worst on top.
type topDocs []scoredDoc

func (t topDocs) Len() int           { return len(t) }
func (t topDocs) Less(i, j int) bool { return worse(t[i], t[j]) }
func (t topDocs) Swap(i, j int)      { t[i], t[j] = t[j], t[i] }
func (t *topDocs) Push(x any)        { *t = append(*t, x.(scoredDoc)) }
func (t *topDocs) Pop() any {
	old := *t
	x := old[len(old)-1]
	*t = old[:len(old)-1]
	return x
}
