package api

import (
	"context"
	"strings"
)

// OCRLanguages reports whether Tesseract is installed, its languages and the
// command that installs it.
func (s *SystemService) OCRLanguages(ctx context.Context) (OCRLanguages, error) {
	info := s.opts.OCR()
	return OCRLanguages{Installed: info.Installed, Languages: nonNil(info.Languages), InstallCommand: info.Install}, nil
}

// ocrLanguage checks a collection's OCR language: empty (automatic), or
// Tesseract language names of 3 to 8 letters or "_" joined by "+".
func ocrLanguage(raw string) (string, error) {
	lang := strings.TrimSpace(raw)
	if lang == "" {
		return "", nil
	}
	for _, l := range strings.Split(lang, "+") {
		if len(l) < 3 || len(l) > 8 || strings.Trim(l, "abcdefghijklmnopqrstuvwxyz_") != "" {
			return "", invalid("ocrLanguage", `the OCR language must be empty (automatic) or Tesseract language codes joined by "+", such as "ara+eng"`)
		}
	}
	return lang, nil
}
