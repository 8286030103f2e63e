package nodes

import (
	"fmt"

	"lexflow/backend/engine"
	"lexflow/backend/nodes/tools"
)

// Node type names: Dify's, so that imported apps keep their types, plus
// Lexflow's ask-user.
const (
	TypeStart              = "start"
	TypeEnd                = "end"
	TypeAnswer             = "answer"
	TypeLLM                = "llm"
	TypeKnowledgeRetrieval = "knowledge-retrieval"
	TypeQuestionClassifier = "question-classifier"
	TypeParameterExtractor = "parameter-extractor"
	TypeIfElse             = "if-else"
	TypeTemplateTransform  = "template-transform"
	TypeVariableAggregator = "variable-aggregator"
	TypeTool               = "tool"
	TypeAskUser            = "ask-user"
	TypeAssigner           = "assigner"
	TypeListOperator       = "list-operator"
	TypeCode               = "code"
	TypeHTTPRequest        = "http-request"
	TypeDocExtractor       = "document-extractor"
	TypeIteration          = "iteration"
	TypeLoop               = "loop"
)

// Register adds every node type to reg, bound to deps. The tool registry
// (built-in tools plus deps.Tools) is built here, once.
func Register(reg *engine.Registry, deps Deps) error {
	toolReg, err := Tools(deps)
	if err != nil {
		return fmt.Errorf("register node types: %w", err)
	}
	factories := []struct {
		typ string
		f   engine.NodeFactory
	}{
		{TypeStart, newStart},
		{TypeEnd, newEnd},
		{TypeAnswer, newAnswer},
		{TypeLLM, newLLM(deps, toolReg)},
		{TypeKnowledgeRetrieval, newRetrieval(deps)},
		{TypeQuestionClassifier, newClassifier(deps)},
		{TypeParameterExtractor, newExtractor(deps)},
		{TypeIfElse, newIfElse},
		{TypeTemplateTransform, newTemplateTransform},
		{TypeVariableAggregator, newAggregator},
		{TypeTool, newToolNode(toolReg)},
		{TypeAskUser, newAskUser},
		{TypeCitedAnswer, newCitedAnswer(deps)},
		{TypeAgent, newAgent(deps)},
		{TypeAssigner, newAssigner},
		{TypeListOperator, newListOperator},
		{TypeCode, newCode},
		{TypeHTTPRequest, newHTTPRequest(deps)},
		{TypeDocExtractor, newDocExtractor(deps)},
		{TypeIteration, newIteration},
		{TypeIterationStart, newBodyStart},
		{TypeLoop, newLoop},
		{TypeLoopStart, newBodyStart},
		{TypeLoopEnd, newLoopEnd},
	}
	for _, f := range factories {
		if err := reg.Register(f.typ, f.f); err != nil {
			return fmt.Errorf("register node types: %w", err)
		}
	}
	return nil
}

// Tools is the tool registry nodes use: the built-in tools over deps, then
// deps.Tools.
func Tools(deps Deps) (*tools.Registry, error) {
	all := tools.Builtins(tools.Deps{Search: deps.Search, Chunks: deps.Chunks, Clock: deps.clock()})
	return tools.NewRegistry(append(all, deps.Tools...)...)
}
