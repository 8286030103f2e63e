package ingest

import (
	"encoding/xml"
	"io"
)

// xmlElement is a start tag by local name, namespaces dropped (DOCX parts
// use fixed prefixes, and matching local names is what readers do).
type xmlElement struct {
	local string
	attrs []xml.Attr
}

func (e xmlElement) attr(local string) string {
	for _, a := range e.attrs {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

// walkXML calls fn for every start tag of a small part (styles, numbering,
// relationships), ignoring syntax errors after what it could read.
func walkXML(r io.Reader, fn func(xmlElement)) {
	dec := xml.NewDecoder(r)
	for {
		tok, err := dec.Token()
		if err != nil {
			return
		}
		if se, ok := tok.(xml.StartElement); ok {
			fn(xmlElement{local: se.Name.Local, attrs: se.Attr})
		}
	}
}
