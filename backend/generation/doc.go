// Package generation turns a question and the evidence retrieved for it into
// an answer a lawyer can check: every claim cited, every citation pointing at
// a retrieved passage, every quote found verbatim in the passage it cites,
// and the whole exchange stored so it can be audited and replayed.
//
// Each layer is its own file and does one thing:
//
//   - prompt.go builds the messages snapshot from the query and the hits;
//   - generator.go calls a model through llm.Provider and returns raw text;
//   - schema.go is the JSON Schema of an answer, enumerating the passages
//     given; output.go asks for it where the server takes one, else JSON
//     mode, else prose, remembering per model which the server took;
//   - postprocess.go parses, aligns citations and checks every claim;
//   - persist.go writes the retrieval and generation records, nothing more;
//   - pipeline.go orchestrates them: ids, timings, the no-evidence answer,
//     the failure policy, and replay.
package generation
