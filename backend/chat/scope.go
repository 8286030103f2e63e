package chat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"lexflow/backend/nodes"
	"lexflow/backend/store"
)

// ErrUnknownDocument is a question scoped to a document the library does not hold.
var ErrUnknownDocument = errors.New("the question names a document that is not in the library")

// A question's scope is what it searches. The choice the user makes in the
// composer (collections, or documents) is sticky: it is saved with the
// conversation and preselected for the next question until changed.
// Documents @-mentioned in a question (Settings.Mentioned) join that
// question's scope only. When any document is in scope, the search covers
// exactly those documents, whatever collections are chosen: a document
// names its own collection, and a lawyer who picks “Lease” means the lease.

// Scope is what a question searched, with the names things had when it was
// asked (a document's name is its title). It is kept with the question
// (store.Message.Scope) and is the API's shape for it; empty means the
// whole library.
type Scope struct {
	Collections []Named `json:"collections"`
	Documents   []Named `json:"documents"`
}

// Named is a collection or a document of a scope.
type Named struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// ParseScope reads a question's stored scope; anything unreadable is the whole library.
func ParseScope(s string) Scope {
	var sc Scope
	if s != "" {
		_ = json.Unmarshal([]byte(s), &sc)
	}
	return sc
}

// Empty says the scope is the whole library.
func (sc Scope) Empty() bool { return len(sc.Collections) == 0 && len(sc.Documents) == 0 }

func (sc Scope) encode() string {
	if sc.Empty() {
		return ""
	}
	b, _ := json.Marshal(sc)
	return string(b)
}

// searched is what a turn with these settings searches: its documents and
// the mentioned ones, in order and once each; else its collections.
func (set Settings) searched() (collections, documents []string) {
	for _, id := range slices.Concat(set.DocumentIDs, set.Mentioned) {
		if id != "" && !slices.Contains(documents, id) {
			documents = append(documents, id)
		}
	}
	if len(documents) > 0 {
		return nil, documents
	}
	return set.CollectionIDs, nil
}

// withScope is set searching exactly what sc names, as a regenerated answer does.
func (set Settings) withScope(sc Scope) Settings {
	ids := func(ns []Named) []string {
		out := make([]string, len(ns))
		for i, n := range ns {
			out[i] = n.ID
		}
		return out
	}
	set.CollectionIDs, set.DocumentIDs, set.Mentioned = ids(sc.Collections), ids(sc.Documents), nil
	return set
}

// scopeOf names what a turn with these settings searches. A document not in
// the library is an error: searching everything instead would answer from
// sources the user excluded.
func (s *Service) scopeOf(ctx context.Context, set Settings) (Scope, error) {
	colls, docs := set.searched()
	sc, missing, err := lookup(ctx, s.db, colls, docs)
	if err == nil && len(missing) > 0 {
		err = fmt.Errorf("%w: %q", ErrUnknownDocument, missing[0])
	}
	return sc, err
}

// lookup names collections and documents; a collection not found keeps its
// id, a document not found keeps its id and is listed in missing.
func lookup(ctx context.Context, db *store.DB, colls, docs []string) (sc Scope, missing []string, err error) {
	if len(docs) > 0 {
		titles, err := db.DocumentTitles(ctx, docs)
		if err != nil {
			return sc, nil, err
		}
		for _, id := range docs {
			title, ok := titles[id]
			if !ok {
				title, missing = id, append(missing, id)
			}
			sc.Documents = append(sc.Documents, Named{ID: id, Name: title})
		}
	}
	for _, id := range colls {
		name := id
		if c, err := db.GetCollection(ctx, id); err == nil {
			name = c.Name
		}
		sc.Collections = append(sc.Collections, Named{ID: id, Name: name})
	}
	return sc, missing, nil
}

// Describe names what a retrieval searched, for no-evidence answers and
// records (nodes.Deps.Scope): `the documents “Distributor Agreement”,
// “Lease”` when it was restricted to documents, else `the collection
// "Statutes"` or `all collections`.
func Describe(db *store.DB) nodes.ScopeFunc {
	return func(ctx context.Context, s nodes.SearchScope) (string, []string) {
		sc, _, _ := lookup(ctx, db, s.CollectionIDs, s.DocumentIDs) // names not found show ids
		if len(sc.Documents) > 0 {
			titles := make([]string, len(sc.Documents))
			for i, d := range sc.Documents {
				titles[i] = d.Name
			}
			return listed("document", "“", titles, "”"), titles
		}
		if len(sc.Collections) == 0 {
			return "all collections", nil
		}
		names := make([]string, len(sc.Collections))
		for i, c := range sc.Collections {
			names[i] = c.Name
		}
		return listed("collection", `"`, names, `"`), nil
	}
}

// listed is `the document “Lease”` or `the documents “Lease”, “NDA”`.
func listed(noun, open string, names []string, close string) string {
	if len(names) > 1 {
		noun += "s"
	}
	return "the " + noun + " " + open + strings.Join(names, close+", "+open) + close
}
