package ingest

import (
	"io"
	"strings"
	"unicode/utf8"
)

// extractMarkdown is extractText plus the headings Markdown marks: ATX lines
// ("## Article 5") and setext underlines ("===", "---"), outside fenced code.
func extractMarkdown(r io.ReaderAt, size int64, limits Limits) (Extracted, error) {
	ex, err := extractText(r, size, limits)
	if err != nil {
		return Extracted{}, err
	}
	ex.Marks = markdownMarks(ex.Text)
	ex.Title = frontMatterTitle(ex.Text)
	return ex, nil
}

// frontMatterTitle is the title: of a file's YAML front matter, quotes
// removed; empty without one.
func frontMatterTitle(text string) string {
	if !strings.HasPrefix(text, "---\n") && !strings.HasPrefix(text, "---\r\n") {
		return ""
	}
	for i, ln := range strings.Split(text, "\n")[1:] {
		ln = strings.TrimSpace(ln)
		if ln == "---" || ln == "..." || i > 50 {
			break
		}
		if v, ok := strings.CutPrefix(ln, "title:"); ok {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return ""
}

func markdownMarks(text string) []Mark {
	var marks []Mark
	var fence bool
	var prev line
	front := strings.HasPrefix(text, "---\n") || strings.HasPrefix(text, "---\r\n")
	for ln := range lines(text) {
		if len(marks) >= maxHeadings {
			break // no more can become headings
		}
		trimmed := strings.TrimSpace(ln.text)
		if front { // YAML front matter: up to the closing --- or ...
			if ln.start > 0 && (trimmed == "---" || trimmed == "...") {
				front = false
			}
			continue
		}
		switch {
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			fence = !fence
		case fence:
		case atxLevel(ln.text) > 0:
			marks = append(marks, Mark{Start: ln.start, End: ln.start + utf8.RuneCountInString(strings.TrimRight(ln.text, " \t\r")), Level: atxLevel(ln.text)})
		case setextLevel(trimmed) > 0 && strings.TrimSpace(prev.text) != "" && atxLevel(prev.text) == 0:
			marks = append(marks, Mark{Start: prev.start, End: prev.start + utf8.RuneCountInString(strings.TrimRight(prev.text, " \t\r")), Level: setextLevel(trimmed)})
		}
		prev = ln
	}
	return marks
}

// atxLevel is the number of leading #s of an ATX heading line, or 0.
func atxLevel(s string) int {
	if strings.HasPrefix(s, "    ") {
		return 0
	}
	s = strings.TrimLeft(s, " ")
	n := len(s) - len(strings.TrimLeft(s, "#"))
	if n < 1 || n > 6 || (len(s) > n && s[n] != ' ' && s[n] != '\t' && s[n] != '\r') {
		return 0
	}
	return n
}

func setextLevel(trimmed string) int {
	switch {
	case len(trimmed) >= 2 && strings.Trim(trimmed, "=") == "":
		return 1
	case len(trimmed) >= 2 && strings.Trim(trimmed, "-") == "":
		return 2
	}
	return 0
}
