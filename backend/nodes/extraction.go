package nodes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"lexflow/backend/engine"
)

// Variable extraction: a tool parameter of type "extraction"
// is filled by a virtual LLM node, "{tool}_ext_{i}", that replays an
// upstream node's conversation (its "context") and asks the extraction
// prompt. The virtual node is an ordinary LLM node (llm.go) whose data
// carries an "extraction" block; this file builds that data and narrows the
// node's record and errors to what an extraction is.

// Sentinels of extraction failures; each comes as a *Failure whose type is
// the matching ErrorType name.
var (
	ErrVariableNotFound    = errors.New("variable not found")
	ErrInvalidVariableType = errors.New("invalid variable type")
	ErrSourceNodeNotFound  = errors.New("source node not found")
	ErrModelConfigNotFound = errors.New("model config not found")
	ErrLLMInvocation       = errors.New("llm invocation failed")
)

// ErrorType names of extraction failures (ErrorTypeModelConfig is shared
// with model resolution).
const (
	ErrorTypeVariableNotFound    = "variable_not_found"
	ErrorTypeInvalidVariableType = "invalid_variable_type"
	ErrorTypeSourceNodeNotFound  = "source_node_not_found"
	ErrorTypeLLMInvocation       = "llm_invocation_failed"
)

// extractionParam is the value of a tool parameter of type "extraction".
type extractionParam struct {
	SourceNodeID     string       `json:"source_node_id"`
	SourceVariable   string       `json:"source_variable"`
	ExtractionPrompt string       `json:"extraction_prompt"`
	Model            *modelConfig `json:"model"`
}

// extractionInfo is the "extraction" block of a virtual LLM node's data.
type extractionInfo struct {
	Source string `json:"source"` // "llm1.context"
	Prompt string `json:"prompt"`
	// NoModel names the source when neither the extraction nor its source
	// has a model: the node then fails with model_config_not_found.
	NoModel string `json:"no_model,omitempty"`
}

// compileExtraction checks an extraction parameter and builds its virtual
// node; field names the parameter for errors.
func compileExtraction(def engine.NodeDef, field string, raw json.RawMessage, id string) (engine.VirtualNode, error) {
	var p extractionParam
	if err := json.Unmarshal(raw, &p); err != nil {
		return engine.VirtualNode{}, fieldError(field, "This extraction could not be read: set it up again.", "want {source_node_id, source_variable, extraction_prompt, model?}: %v", err)
	}
	p.SourceVariable = firstNonEmpty(p.SourceVariable, "context")
	sel := engine.Selector{p.SourceNodeID, p.SourceVariable}
	if err := checkSelector(field+".source_node_id", sel); err != nil {
		return engine.VirtualNode{}, err
	}
	if strings.TrimSpace(p.ExtractionPrompt) == "" {
		return engine.VirtualNode{}, fieldError(field+".extraction_prompt", "Say what to extract.", "is empty: say what to extract")
	}
	peer, ok := def.Peer(p.SourceNodeID)
	if !ok {
		return engine.VirtualNode{}, fieldError(field+".source_node_id", "The step it extracts from no longer exists: choose another.", "%q: %v", p.SourceNodeID, ErrSourceNodeNotFound)
	}
	data, err := extractionData(p, sel, peer)
	if err != nil {
		return engine.VirtualNode{}, fieldError(field+".model", "Choose a model for the extraction (or one for the step it reads).", "%v", err)
	}
	return engine.VirtualNode{ID: id, Type: TypeLLM, Title: extractionTitle(p.ExtractionPrompt), Data: data,
		ExtractionSource: sel.String(), ExtractionPrompt: p.ExtractionPrompt}, nil
}

// extractionData is the virtual LLM node's data: the conversation from the
// source, then the prompt as the user's next message, with the model
// resolved (explicit, else the source's).
func extractionData(p extractionParam, sel engine.Selector, peer engine.PeerNode) (json.RawMessage, error) {
	info := extractionInfo{Source: sel.String(), Prompt: p.ExtractionPrompt}
	model := p.Model
	if model == nil {
		model = peerModel(peer)
	}
	if model == nil {
		info.NoModel, model = peer.ID, &modelConfig{}
	}
	if _, err := model.parse(); err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{
		"model": model, "conversation": sel, "extraction": info,
		"prompt_template": []map[string]string{{"role": "user", "text": p.ExtractionPrompt}},
	})
}

// peerModel is a node's "model" block, if it has one.
func peerModel(peer engine.PeerNode) *modelConfig {
	var data struct {
		Model *modelConfig `json:"model"`
	}
	if json.Unmarshal(peer.Data, &data) != nil {
		return nil
	}
	return data.Model
}

func extractionTitle(prompt string) string {
	const max = 40
	r := []rune(strings.Join(strings.Fields(prompt), " "))
	if len(r) > max {
		return "Extraction: " + string(r[:max]) + "…"
	}
	return "Extraction: " + string(r)
}

// extractionNode narrows an LLM node to an extraction: inputs
// {context_source, extraction_prompt}, outputs {text} (trimmed, never
// empty) and typed failures.
type extractionNode struct {
	llm  *llmNode
	info extractionInfo
}

func (x extractionNode) spec() engine.Spec {
	s := x.llm.spec()
	s.Outputs = []engine.Output{{Name: "text", Type: engine.TypeString}}
	return s
}

func (x extractionNode) run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	inputs := map[string]any{"context_source": x.info.Source, "extraction_prompt": x.info.Prompt}
	if x.info.NoModel != "" {
		return engine.NodeResult{Inputs: inputs}, &Failure{Type: ErrorTypeModelConfig,
			Err: fmt.Errorf("%w: the extraction names no model and its source %s has none", ErrModelConfigNotFound, x.info.NoModel)}
	}
	res, err := x.llm.run(ctx, in)
	res.Inputs = inputs
	if res.ProcessData != nil {
		res.ProcessData["source"], res.ProcessData["prompt"] = x.info.Source, x.info.Prompt
	}
	if err != nil {
		return res, x.failure(ctx, err)
	}
	text := strings.TrimSpace(res.Outputs["text"].Text())
	if text == "" {
		return res, &Failure{Type: ErrorTypeLLMInvocation, Err: fmt.Errorf("%w: the model returned an empty reply", ErrLLMInvocation)}
	}
	res.Outputs = map[string]engine.Value{"text": engine.String(text)}
	return res, nil
}

// failure types an error: the conversation's and the model resolution's
// own types stand; anything else from the model is an LLM invocation
// failure that still unwraps to the provider's *llm.Error.
func (x extractionNode) failure(ctx context.Context, err error) error {
	var f *Failure
	if ctx.Err() != nil || (errors.As(err, &f) && oneOf(f.Type, ErrorTypeVariableNotFound, ErrorTypeInvalidVariableType, ErrorTypeModelConfig)) {
		return err
	}
	return &Failure{Type: ErrorTypeLLMInvocation, Err: fmt.Errorf("%w: %w", ErrLLMInvocation, err)}
}
