package api

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"lexflow/backend/dsl"
	"lexflow/backend/store"
)

// mapDatasets points each dataset id the DSL names at a collection: an id
// that is a collection here keeps it; any other goes where the caller's
// DatasetMap says, else to the caller's Collection, else nowhere (a compile
// problem then asks to choose a collection). Unlike models, no collection
// is proposed: searching the wrong one answers from the wrong documents.
func (s *AppService) mapDatasets(ctx context.Context, rep *dsl.ImportReport, in AppImport) error {
	for from := range in.DatasetMap {
		if !slices.ContainsFunc(rep.Datasets, func(d dsl.DatasetMapping) bool { return d.From == from }) {
			return invalid("datasetMap", fmt.Sprintf("the app searches no dataset %q; it searches %s", from, datasetList(rep.Datasets)))
		}
	}
	if len(rep.Datasets) == 0 {
		return nil
	}
	colls, err := s.db.ListCollections(ctx)
	if err != nil {
		return err
	}
	var fallback *store.Collection
	if in.Collection != "" {
		c, ok := findCollection(colls, in.Collection)
		if !ok {
			return invalid("collection", noCollection(in.Collection, colls))
		}
		fallback = &c
	}
	for i := range rep.Datasets {
		if err := mapDataset(&rep.Datasets[i], colls, in.DatasetMap, fallback); err != nil {
			return err
		}
	}
	return nil
}

func mapDataset(d *dsl.DatasetMapping, colls []store.Collection, chosen map[string]string, fallback *store.Collection) error {
	if c, ok := findCollection(colls, d.From); ok && c.ID == d.From {
		d.To, d.Collection = c.ID, c.Name
		return nil
	}
	if to := chosen[d.From]; to != "" {
		c, ok := findCollection(colls, to)
		if !ok {
			return invalid("datasetMap", noCollection(to, colls))
		}
		d.To, d.Collection = c.ID, c.Name
		return nil
	}
	if fallback != nil {
		d.To, d.Collection = fallback.ID, fallback.Name
	}
	return nil
}

// findCollection finds a collection by id, else by name (any case).
func findCollection(colls []store.Collection, idOrName string) (store.Collection, bool) {
	for _, c := range colls {
		if c.ID == idOrName {
			return c, true
		}
	}
	for _, c := range colls {
		if strings.EqualFold(c.Name, strings.TrimSpace(idOrName)) {
			return c, true
		}
	}
	return store.Collection{}, false
}

func noCollection(name string, colls []store.Collection) string {
	if len(colls) == 0 {
		return fmt.Sprintf("there is no collection %q: the library has none yet", name)
	}
	names := make([]string, len(colls))
	for i, c := range colls {
		names[i] = c.Name
	}
	return fmt.Sprintf("there is no collection %q; the collections are %s", name, quotedList(names))
}

func datasetList(ds []dsl.DatasetMapping) string {
	ids := make([]string, len(ds))
	for i, d := range ds {
		ids[i] = d.From
	}
	return quotedList(ids)
}
