package api

import (
	"encoding/json"

	"lexflow/backend/chat"

	"lexflow/backend/generation"
	"lexflow/backend/llm"
	"lexflow/backend/store"
)

// messageDTO converts a message, with the steps of the run that produced it
// (none for a question, or where the caller has not read them).
func messageDTO(m store.Message, steps []store.TimelineNode) Message {
	out := Message{ID: m.ID, ConversationID: m.ConversationID, Seq: m.Seq, Role: m.Role, Content: m.Content, Status: m.Status,
		Error: m.Error, RunID: m.RunID, IsAskUser: m.IsAskUser, CreatedAt: m.CreatedAt, Citations: []generation.Citation{}, Claims: []generation.Claim{}}
	out.Scope = scopeDTO(chat.ParseScope(m.Scope))
	var cites []generation.Citation
	if json.Unmarshal([]byte(m.Citations), &cites) == nil && cites != nil {
		out.Citations = cites
	}
	if m.DetailSequence != "" {
		out.Detail = &GenerationDetail{ReasoningContent: json.RawMessage(m.DetailReasoning),
			ToolCalls: json.RawMessage(m.DetailToolCalls), Sequence: json.RawMessage(m.DetailSequence)}
	}
	if m.GenerationID == "" {
		out.Timeline = timelineDTOs(steps, m, nil)
		return out
	}
	v := generation.ParseVerification(m.Verification)
	out.Claims = nonNil(v.Claims)
	out.Timeline = timelineDTOs(steps, m, nonNil(v.Checks))
	out.Generation = &GenerationSummary{ID: m.GenerationID, Status: m.GenerationStatus, Refused: v.Refused,
		ModelProvider: m.ModelProvider, ModelName: m.ModelName}
	return out
}

// scopeDTO is a question's scope, its lists never null; nil for the whole library.
func scopeDTO(sc chat.Scope) *chat.Scope {
	if sc.Empty() {
		return nil
	}
	sc.Collections, sc.Documents = nonNil(sc.Collections), nonNil(sc.Documents)
	return &sc
}

func auditDTO(r generation.Record) GenerationAudit {
	res := r.Result
	out := GenerationAudit{ID: r.ID, MessageID: r.MessageID, RunID: r.RunID, NodeID: r.NodeID, ReplayOf: r.ReplayOf,
		TraceID: r.TraceID, RequestID: r.RequestID, PromptName: r.Snapshot.PromptName, PromptVersion: r.Snapshot.PromptVersion,
		ModelProvider: r.Raw.Provider, ModelName: r.Raw.Model, ProviderSnapshot: nonNilMap(r.Provider),
		Query: r.Retrieval.Query, RetrievalParameters: nonNilMap(r.Retrieval.Parameters), OutputRaw: r.Raw.Text,
		OutputReasoning: r.Raw.Reasoning, Answer: res.Answer, Refused: res.Refused, Citations: nonNil(res.Citations),
		Claims: nonNil(res.Claims), Status: string(res.Status), Error: res.Error,
		Timing:       Timing{Prompt: r.Timing.PromptMs, LLM: r.Timing.LLMMs, Postprocess: r.Timing.PostprocessMs, Total: r.Timing.TotalMs},
		PromptTokens: r.Raw.Usage.PromptTokens, CompletionTokens: r.Raw.Usage.CompletionTokens, CreatedAt: r.CreatedAt,
		Messages: promptDTOs(r.Snapshot.Messages), Hits: make([]SearchHit, len(r.Retrieval.Hits)), Checks: nonNil(res.Checks)}
	out.Output = outputDTO(r.Raw.Output)
	for i, h := range r.Retrieval.Hits {
		out.Hits[i] = hitDTO(h)
	}
	return out
}

func outputDTO(o generation.Output) OutputFormat {
	out := OutputFormat{Format: string(o.Format), Rejected: make([]OutputRejection, len(o.Rejected)), Remembered: o.Remembered}
	for i, r := range o.Rejected {
		out.Rejected[i] = OutputRejection{Format: string(r.Format), Error: r.Error}
	}
	return out
}

func promptDTOs(ms []llm.Message) []PromptMessage {
	out := make([]PromptMessage, len(ms))
	for i, m := range ms {
		out[i] = PromptMessage{Role: string(m.Role), Content: m.Content}
	}
	return out
}

func nonNilMap(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

// timelineDTOs converts a run's stored steps; a list, never nil. The cited
// answer's checks and timings come from the message's generation record,
// already read with the message, rather than from each step's process data.
func timelineDTOs(nodes []store.TimelineNode, m store.Message, checks []generation.Check) []TimelineNode {
	out := make([]TimelineNode, len(nodes))
	for i, n := range nodes {
		out[i] = TimelineNode{NodeID: n.NodeID, NodeType: n.NodeType, Title: n.Title, Status: n.Status, Error: n.Error,
			IsVirtual: n.IsVirtual, ParentNodeID: n.ParentNodeID, StartedAt: n.StartedAt, FinishedAt: n.FinishedAt,
			ElapsedMs: n.ElapsedMs, PromptTokens: n.PromptTokens, CompletionTokens: n.CompletionTokens, Checks: []generation.Check{},
			Notes: nonNil(n.Notes)}
		if n.NodeID == m.GenerationNodeID && checks != nil { // the cited-answer or agent step that wrote the answer
			out[i].Checks = checks
			var t StepTiming
			if json.Unmarshal([]byte(m.GenerationTiming), &t) == nil {
				out[i].TimingMs = &t
			}
		}
		if n.IsVirtual && (n.ExtractionSource != "" || n.ExtractionPrompt != "") {
			out[i].Extraction = &Extraction{Source: n.ExtractionSource, Prompt: n.ExtractionPrompt, Text: n.ExtractionText}
		}
	}
	return out
}
