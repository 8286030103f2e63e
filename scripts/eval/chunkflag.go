package main

import (
	"fmt"
	"strconv"
	"strings"

	"lexflow/backend/ingest"
)

// chunkFlag is -chunk "target,max,overlap,min" (code points): chunk sizes to
// try instead of the product's defaults. Each setting gets its own cache.
type chunkFlag struct{ opts ingest.ChunkOptions }

func (f *chunkFlag) String() string {
	o := f.opts
	return fmt.Sprintf("%d,%d,%d,%d", o.Target, o.Max, o.Overlap, o.Min)
}

func (f *chunkFlag) Set(s string) error {
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return fmt.Errorf("want target,max,overlap,min, e.g. %s", (&chunkFlag{ingest.DefaultChunkOptions()}).String())
	}
	var v [4]int
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 0 {
			return fmt.Errorf("%q is not a size in code points", p)
		}
		v[i] = n
	}
	f.opts = ingest.ChunkOptions{Target: v[0], Max: v[1], Overlap: v[2], Min: v[3]}
	return nil
}

// cacheName names the cache of a corpus ingested with these chunk sizes:
// prefix, the start of the corpus hash ("*" for a glob), the sizes.
func (f *chunkFlag) cacheName(prefix, corpusHash string) string {
	return prefix + "-" + corpusHash[:min(12, len(corpusHash))] + "-c" + strings.ReplaceAll(f.String(), ",", "-")
}
