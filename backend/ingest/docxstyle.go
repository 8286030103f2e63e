package ingest

import (
	"strconv"
	"strings"
)

// readStyles maps paragraph style ids to heading levels (1 = top): styles
// named "heading N" or "Title", or with an outline level, and styles based
// on them.
func readStyles(a *docxArchive) (map[string]int, error) {
	rc, err := a.open("word/styles.xml")
	if err != nil || rc == nil {
		return map[string]int{}, err
	}
	defer rc.Close()
	levels, based := map[string]int{}, map[string]string{}
	var id string
	walkXML(rc, func(el xmlElement) {
		switch el.local {
		case "style":
			id = el.attr("styleId")
		case "name":
			if lvl := headingStyleLevel(el.attr("val")); lvl > 0 && id != "" {
				levels[id] = lvl
			}
		case "basedOn":
			based[id] = el.attr("val")
		case "outlineLvl":
			if v, err := strconv.Atoi(el.attr("val")); err == nil && v < 9 && id != "" && levels[id] == 0 {
				levels[id] = v + 1
			}
		}
	})
	for id := range based {
		if levels[id] == 0 {
			levels[id] = inheritedLevel(id, levels, based)
		}
	}
	return levels, nil
}

func inheritedLevel(id string, levels map[string]int, based map[string]string) int {
	for hop := 0; hop < 10 && id != ""; hop++ {
		if l := levels[id]; l > 0 {
			return l
		}
		id = based[id]
	}
	return 0
}

// headingStyleLevel reads a style name such as "heading 2" or "Title".
func headingStyleLevel(name string) int {
	n := strings.ToLower(strings.TrimSpace(name))
	if n == "title" {
		return 1
	}
	if rest, ok := strings.CutPrefix(n, "heading"); ok {
		if v, err := strconv.Atoi(strings.TrimSpace(rest)); err == nil && v >= 1 && v <= 9 {
			return v
		}
	}
	return 0
}
