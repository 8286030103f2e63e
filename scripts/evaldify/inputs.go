package main

import (
	"encoding/json"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
)

// sampleQuery is the chat message every chatflow is run with.
const sampleQuery = "What notice does the agreement require before termination?"

// startVariable is the part of a Start input this command fills in.
type startVariable struct {
	Variable string   `json:"variable"`
	Type     string   `json:"type"`
	Options  []string `json:"options"`
	MaxLen   int      `json:"max_length"`
}

// sampleInput fills every Start input with a plausible value of its type
// (a select gets its first option, a text no more than its maximum length)
// and asks chatflows sampleQuery.
func sampleInput(app *dsl.App) engine.RunInput {
	in := engine.RunInput{Inputs: map[string]any{}}
	if app.App.Mode == dsl.ModeChatflow {
		in.Sys.Query = sampleQuery
	}
	for _, n := range app.Workflow.Graph.Nodes {
		if n.Type != "start" {
			continue
		}
		var data struct {
			Variables []startVariable `json:"variables"`
		}
		_ = json.Unmarshal(n.Data, &data)
		for _, v := range data.Variables {
			if x := sampleValue(v); x != nil {
				in.Inputs[v.Variable] = x
			}
		}
	}
	return in
}

func sampleValue(v startVariable) any {
	switch v.Type {
	case "number":
		return 3
	case "checkbox":
		return true
	case "select":
		if len(v.Options) > 0 {
			return v.Options[0]
		}
		return "option"
	case "file":
		return sampleFile()
	case "file-list":
		return []any{sampleFile()}
	case "json_object":
		return map[string]any{"clause": "termination"}
	}
	text := "The tenant may end the lease with thirty days' written notice."
	if v.MaxLen > 0 && len(text) > v.MaxLen {
		text = text[:v.MaxLen] // the form would not take more
	}
	return text
}

// sampleFile is a document input; no node reads its bytes yet.
func sampleFile() engine.File {
	return engine.File{Name: "lease.txt", Type: "document", MIMEType: "text/plain", Extension: ".txt", TransferMethod: "local_file"}
}
