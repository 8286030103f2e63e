// Package dsl is Lexflow's app document: {version, kind: lexflow-app, app:
// {name, mode, description, icon}, workflow: {environment_variables,
// conversation_variables, graph: {nodes: [{id, type, data, position}],
// edges: [{id, source, target, sourceHandle, targetHandle}], notes}}, import}.
//
// Parse and Decode read it from YAML or JSON, Export writes it. Node data
// stays raw JSON for the node's package to decode, and every key this
// package does not know is kept (Extra), so read → write is lossless, key
// order included. Documents over MaxDSLSize are refused before they are read
// in full. YAML is read with the scalar rules of YAML 1.1, as Dify's reader
// does, and written so that YAML 1.1 readers read it back (yaml11.go).
//
// An app made by an import keeps the import's report (ImportReport): each
// node's outcome, the model mapping and whether the app could run. Reading
// and converting other formats (Dify's) is backend/nodes/dify's job; this
// package knows no node type and runs nothing.
package dsl
