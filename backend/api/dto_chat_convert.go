package api

import (
	"encoding/json"

	"lexflow/backend/generation"
	"lexflow/backend/llm"
	"lexflow/backend/store"
)

func messageDTO(m store.Message) Message {
	out := Message{ID: m.ID, ConversationID: m.ConversationID, Seq: m.Seq, Role: m.Role, Content: m.Content, Status: m.Status,
		Error: m.Error, RunID: m.RunID, IsAskUser: m.IsAskUser, CreatedAt: m.CreatedAt, Citations: []Citation{}, Claims: []Claim{}}
	var cites []generation.Citation
	if json.Unmarshal([]byte(m.Citations), &cites) == nil {
		out.Citations = citationDTOs(cites)
	}
	if m.DetailSequence != "" {
		out.Detail = &GenerationDetail{ReasoningContent: json.RawMessage(m.DetailReasoning),
			ToolCalls: json.RawMessage(m.DetailToolCalls), Sequence: json.RawMessage(m.DetailSequence)}
	}
	if m.GenerationID == "" {
		return out
	}
	v := generation.ParseVerification(m.Verification)
	out.Claims = claimDTOs(v.Claims)
	out.Generation = &GenerationSummary{ID: m.GenerationID, Status: m.GenerationStatus, Refused: v.Refused,
		ModelProvider: m.ModelProvider, ModelName: m.ModelName}
	return out
}

func citationDTOs(cs []generation.Citation) []Citation {
	out := make([]Citation, len(cs))
	for i, c := range cs {
		quotes := make([]Quote, len(c.Quotes))
		for j, q := range c.Quotes {
			quotes[j] = Quote(q)
		}
		out[i] = Citation{Marker: c.Marker, NodeID: c.NodeID, Rank: c.Rank, Score: c.Score, Quotes: quotes,
			Excerpt: c.Excerpt, Locator: LocatorOf(c.Locator)}
	}
	return out
}

func claimDTOs(cs []generation.Claim) []Claim {
	out := make([]Claim, len(cs))
	for i, c := range cs {
		out[i] = Claim{Text: c.Text, Start: c.Start, End: c.End, Markers: nonNil(c.Markers), Verdict: c.Verdict}
	}
	return out
}

func auditDTO(r generation.Record) GenerationAudit {
	res := r.Result
	out := GenerationAudit{ID: r.ID, MessageID: r.MessageID, RunID: r.RunID, NodeID: r.NodeID, ReplayOf: r.ReplayOf,
		TraceID: r.TraceID, RequestID: r.RequestID, PromptName: r.Snapshot.PromptName, PromptVersion: r.Snapshot.PromptVersion,
		ModelProvider: r.Raw.Provider, ModelName: r.Raw.Model, ProviderSnapshot: nonNilMap(r.Provider),
		Query: r.Retrieval.Query, RetrievalParameters: nonNilMap(r.Retrieval.Parameters), OutputRaw: r.Raw.Text,
		OutputReasoning: r.Raw.Reasoning, Answer: res.Answer, Refused: res.Refused, Citations: citationDTOs(res.Citations),
		Claims: claimDTOs(res.Claims), Status: string(res.Status), Error: res.Error,
		Timing:       Timing{Prompt: r.Timing.PromptMs, LLM: r.Timing.LLMMs, Postprocess: r.Timing.PostprocessMs, Total: r.Timing.TotalMs},
		PromptTokens: r.Raw.Usage.PromptTokens, CompletionTokens: r.Raw.Usage.CompletionTokens, CreatedAt: r.CreatedAt,
		Messages: promptDTOs(r.Snapshot.Messages), Hits: make([]SearchHit, len(r.Retrieval.Hits)), Checks: make([]Check, len(res.Checks))}
	for i, h := range r.Retrieval.Hits {
		out.Hits[i] = hitDTO(h)
	}
	for i, c := range res.Checks {
		out.Checks[i] = Check(c)
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
