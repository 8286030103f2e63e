package nodes

import (
	"strings"
	"unicode"

	"lexflow/backend/nodes/tools"
)

// How a class was read from a reply, recorded in process data.
type classMatchKind string

const (
	matchJSON     classMatchKind = "json" // a clean JSON object
	matchRepaired classMatchKind = "json_repaired"
	matchName     classMatchKind = "text_name" // a class name in prose
	matchID       classMatchKind = "text_id"   // a class id in prose
	matchNone     classMatchKind = "none"
)

// classKeys are the JSON keys small models use for the category, ids first.
func classKeys() []string {
	return []string{"category_id", "class_id", "id", "category", "class", "category_name", "class_name", "name", "label"}
}

// matchClass reads the class a model chose, tolerating what local models
// do: fenced or repaired JSON, prose around it, only the name or the id,
// other case, spacing or Arabic spelling variants.
func matchClass(reply string, classes []classItem) (classItem, classMatchKind) {
	if obj, repaired, ok := recoverJSON(reply); ok {
		for _, key := range classKeys() {
			if v, has := obj[key]; has {
				if cl, found := classByValue(scalarText(v), classes); found {
					if repaired {
						return cl, matchRepaired
					}
					return cl, matchJSON
				}
			}
		}
	}
	text := thinkBlock.ReplaceAllString(reply, "")
	if cl, ok := classByValue(text, classes); ok {
		return cl, matchName
	}
	if cl, ok := classByName(text, classes); ok {
		return cl, matchName
	}
	if cl, ok := classByID(text, classes); ok {
		return cl, matchID
	}
	return classItem{}, matchNone
}

// classByValue matches a whole value to an id, then a name.
func classByValue(v string, classes []classItem) (classItem, bool) {
	want := normalizeLabel(v)
	if want == "" {
		return classItem{}, false
	}
	for _, cl := range classes {
		if normalizeLabel(cl.ID) == want {
			return cl, true
		}
	}
	for _, cl := range classes {
		if normalizeLabel(cl.Name) == want {
			return cl, true
		}
	}
	return classItem{}, false
}

// classByName finds class names inside prose; the longest wins (so "civil
// law" is not taken for "law"), ties go to the earliest mention.
func classByName(text string, classes []classItem) (classItem, bool) {
	hay := " " + normalizeLabel(text) + " "
	best, bestLen, bestAt := classItem{}, 0, len(hay)
	for _, cl := range classes {
		name := normalizeLabel(cl.Name)
		if name == "" {
			continue
		}
		at := strings.Index(hay, " "+name+" ")
		if at >= 0 && (len(name) > bestLen || len(name) == bestLen && at < bestAt) {
			best, bestLen, bestAt = cl, len(name), at
		}
	}
	return best, bestLen > 0
}

// classByID finds a class id standing alone in prose ("Category: 2"); it
// only answers when exactly one class id appears.
func classByID(text string, classes []classItem) (classItem, bool) {
	words := map[string]bool{}
	for _, w := range strings.Fields(normalizeLabel(text)) {
		words[w] = true
	}
	var found []classItem
	for _, cl := range classes {
		if id := normalizeLabel(cl.ID); id != "" && words[id] {
			found = append(found, cl)
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return classItem{}, false
}

// normalizeLabel compares labels as a reader would: case, digits, Arabic
// letter variants and diacritics folded; punctuation and quotes turned to
// spaces; whitespace collapsed.
func normalizeLabel(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsPunct(r) || unicode.IsSymbol(r) {
			return ' '
		}
		return r
	}, s)
	return tools.NormalizeText(s)
}
