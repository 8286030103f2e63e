package nodes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/url"
	"strings"

	"lexflow/backend/engine"
)

// httpBody is Dify's body block: data is a text (older exports: the JSON or
// raw text itself, or "key:value" lines for forms) or a list of {key, type:
// text | file, value}.
type httpBody struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

type httpBodyItem struct {
	Key   string `json:"key"`
	Type  string `json:"type"`
	Value string `json:"value"`
}

// items reads data in either form; a text becomes one keyless item, or
// key:value items for the form types.
func (b httpBody) items() []httpBodyItem {
	var list []httpBodyItem
	if json.Unmarshal(b.Data, &list) == nil {
		return list
	}
	var text string
	if json.Unmarshal(b.Data, &text) != nil {
		return nil
	}
	if b.Type != "form-data" && b.Type != "x-www-form-urlencoded" {
		return []httpBodyItem{{Type: "text", Value: text}}
	}
	for _, kv := range keyValueLines(text) {
		list = append(list, httpBodyItem{Key: kv[0], Type: "text", Value: kv[1]})
	}
	return list
}

func (b httpBody) check() error {
	switch b.Type {
	case "", "none", "json", "raw-text", "x-www-form-urlencoded", "form-data":
	case "binary":
		return fieldError("body.type", "Sending a file is not supported yet: send text or JSON.", "binary body")
	default:
		return fieldError("body.type", "Choose the kind of body.", "body type %q", b.Type)
	}
	for i, it := range b.items() {
		if it.Type == "file" {
			return fieldError(fmt.Sprintf("body.data[%d]", i), "Sending a file is not supported yet: send text.", "file form field %q", it.Key)
		}
	}
	return nil
}

// texts are the templates the body holds, for the node's inputs.
func (b httpBody) texts() []string {
	var out []string
	for _, it := range b.items() {
		out = append(out, it.Key, it.Value)
	}
	return out
}

// encode renders the body and names its content type.
func (b httpBody) encode(vars engine.Vars) (io.Reader, string, error) {
	items := b.items()
	switch b.Type {
	case "json", "raw-text":
		var text strings.Builder
		for _, it := range items {
			text.WriteString(renderText(vars, it.Value))
		}
		if b.Type == "json" {
			if !json.Valid([]byte(text.String())) {
				return nil, "", fmt.Errorf("the JSON body is not valid JSON once filled in")
			}
			return strings.NewReader(text.String()), "application/json", nil
		}
		return strings.NewReader(text.String()), "text/plain", nil
	case "x-www-form-urlencoded":
		form := url.Values{}
		for _, it := range items {
			form.Add(renderText(vars, it.Key), renderText(vars, it.Value))
		}
		return strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", nil
	case "form-data":
		return multipartBody(vars, items)
	}
	return nil, "", nil
}

func multipartBody(vars engine.Vars, items []httpBodyItem) (io.Reader, string, error) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, it := range items {
		if err := w.WriteField(renderText(vars, it.Key), renderText(vars, it.Value)); err != nil {
			return nil, "", err
		}
	}
	if err := w.Close(); err != nil {
		return nil, "", err
	}
	return &buf, w.FormDataContentType(), nil
}
