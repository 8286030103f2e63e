package engine

// DifyRegistry lends the stub node types to the external tests of imported Dify apps.
var DifyRegistry = difyRegistry
