// Package agent runs a model in rounds with tools until it answers: the loop
// behind the Agent node. It knows models (llm.Provider)
// and a Toolbox, nothing about workflows, evidence or storage.
//
// Two strategies speak to the model:
//
//   - function calling: tools are offered as function definitions and the
//     model's tool calls come back as structured deltas (OpenAI tool_calls,
//     Ollama message.tool_calls);
//   - ReAct: for models without function calling, the tools are described
//     in the system prompt and the model writes "Thought: / Action: /
//     Action Input: / Final Answer:" lines, which a streaming parser turns
//     into the same reasoning, tool-call and content deltas.
//
// "auto" starts with function calling and falls back to ReAct when the
// server says the model does not support tools.
//
// Every round streams into one llm.DetailBuilder, so all rounds merge into
// one generation detail in stream order: reasoning segments, tool calls with
// their results, and content spans. Tool calls run with a timeout; a failing
// tool, an unknown tool or unreadable arguments become an observation the
// model reads, never a crash; a tool that must end the run instead fails
// with a HaltError, which Run returns. A guard refuses a call identical to an earlier
// one, and the round limit ends the loop with a last round without tools,
// so the user gets the best answer the model can give from what it found.
package agent
