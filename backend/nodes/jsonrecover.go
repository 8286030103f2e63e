package nodes

import (
	"encoding/json"
	"regexp"
	"strings"
)

// Local models often wrap the JSON they were asked for: code fences,
// prose before and after, <think> blocks, trailing commas, single quotes,
// Python literals, unquoted keys. recoverJSON finds the object they meant.

var (
	thinkBlock    = regexp.MustCompile(`(?s)<think>.*?</think>`)
	codeFence     = regexp.MustCompile("(?s)```[a-zA-Z]*\\s*(.*?)```")
	trailingComma = regexp.MustCompile(`,\s*([}\]])`)
	unquotedKey   = regexp.MustCompile(`([{,]\s*)([\p{L}_][\p{L}\p{N}_]*)\s*:`)
	pythonLiteral = regexp.MustCompile(`\b(True|False|None)\b`)
)

// maxCandidates bounds the objects tried in one reply.
const maxCandidates = 20

// recoverJSON returns the first JSON object found in text, and whether
// it needed repairs (anything but a clean object).
func recoverJSON(text string) (map[string]any, bool, bool) {
	text = strings.TrimSpace(thinkBlock.ReplaceAllString(text, ""))
	for i, cand := range jsonCandidates(text) {
		if obj, ok := parseObject(cand); ok {
			return obj, i > 0 || cand != text, true
		}
		if obj, ok := parseObject(repairJSON(cand)); ok {
			return obj, true, true
		}
	}
	return nil, false, false
}

func parseObject(s string) (map[string]any, bool) {
	var obj map[string]any
	if json.Unmarshal([]byte(s), &obj) != nil || obj == nil {
		return nil, false
	}
	return obj, true
}

// jsonCandidates lists the whole text, fenced blocks, then every balanced
// {...} span in order.
func jsonCandidates(text string) []string {
	out := []string{text}
	for _, m := range codeFence.FindAllStringSubmatch(text, maxCandidates) {
		out = append(out, strings.TrimSpace(m[1]))
	}
	for i := 0; i < len(text) && len(out) < maxCandidates; i++ {
		if text[i] != '{' {
			continue
		}
		if end := balancedEnd(text, i); end > 0 {
			out = append(out, text[i:end])
		}
	}
	return out
}

// balancedEnd returns the index after the brace closing the one at start,
// skipping braces inside quoted strings; 0 when it is never closed.
func balancedEnd(text string, start int) int {
	depth := 0
	var quote byte
	for i := start; i < len(text); i++ {
		c := text[i]
		switch {
		case quote != 0 && c == '\\':
			i++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '{':
			depth++
		case c == '}':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return 0
}

// repairJSON fixes the usual slips of small models.
func repairJSON(s string) string {
	s = strings.NewReplacer("“", `"`, "”", `"`, "‘", "'", "’", "'").Replace(s)
	if !strings.Contains(s, `"`) {
		s = strings.ReplaceAll(s, "'", `"`)
	}
	s = trailingComma.ReplaceAllString(s, "$1")
	s = unquotedKey.ReplaceAllString(s, `$1"$2":`)
	return pythonLiteral.ReplaceAllStringFunc(s, func(m string) string {
		return map[string]string{"True": "true", "False": "false", "None": "null"}[m]
	})
}
