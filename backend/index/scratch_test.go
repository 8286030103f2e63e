package index

import (
	"context"
	"os"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"lexflow/backend/evidence"
)

func scratchIndex(t *testing.T, n int) *Index {
	dir := os.Getenv("SCRATCH_DIR")
	if dir == "" {
		t.Skip()
	}
	_, statErr := os.Stat(dir)
	x, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if os.IsNotExist(statErr) {
		start := time.Now()
		c := newCorpus(1)
		if err := c.chunks(n, 5000, func(b []evidence.Chunk) error { return x.Add(context.Background(), b) }); err != nil {
			t.Fatal(err)
		}
		t.Logf("built %d in %v", n, time.Since(start))
	}
	return x
}

func threadCPU() time.Duration {
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts)
	return time.Duration(ts.Nano())
}

func TestScratchTune(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SCRATCH_N"))
	x := scratchIndex(t, n)
	defer x.Close()
	qs := newCorpus(2).queries(1000)
	ctx := context.Background()
	x.tuning = tuning{}
	exact := make([][]string, len(qs))
	for i, q := range qs {
		hits, _ := x.Search(ctx, Query{Text: q})
		exact[i] = hitIDs(hits)
	}
	runtime.LockOSThread()
	for _, f := range []float64{0, 0.3, 0.2, 0.1, 0.05, 0.02} {
		x.tuning = tuning{commonFraction: f, minCommon: 1}
		var cpu, wall []time.Duration
		overlap := 0.0
		for i, q := range qs {
			s, w := threadCPU(), time.Now()
			hits, err := x.Search(ctx, Query{Text: q})
			cpu, wall = append(cpu, threadCPU()-s), append(wall, time.Since(w))
			if err != nil {
				t.Fatal(err)
			}
			common := 0
			for _, id := range hitIDs(hits) {
				if slices.Contains(exact[i], id) {
					common++
				}
			}
			overlap += float64(common) / float64(max(1, len(exact[i])))
		}
		slices.Sort(cpu)
		slices.Sort(wall)
		t.Logf("fraction %.2f cpu p50 %v p90 %v p99 %v | wall p50 %v p99 %v | overlap@10 %.3f", f,
			cpu[len(cpu)/2], cpu[len(cpu)*9/10], cpu[len(cpu)*99/100], wall[len(wall)/2], wall[len(wall)*99/100], overlap/float64(len(qs)))
	}
}

func TestScratchProfile(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SCRATCH_N"))
	x := scratchIndex(t, n)
	defer x.Close()
	f, _ := strconv.ParseFloat(os.Getenv("FRACTION"), 64)
	x.tuning = tuning{commonFraction: f, minCommon: 1}
	qs := newCorpus(2).queries(1000)
	for range 3 {
		for _, q := range qs {
			x.Search(context.Background(), Query{Text: q})
		}
	}
}
