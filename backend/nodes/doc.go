// Package nodes implements Lexflow's workflow node types on the engine's
// plug-in seam (engine.Node, engine.Registry). Type names and data fields
// are Dify's, so an imported Dify app's node data decodes as written:
//
//	start               variables [{variable, label, type, required, max_length, options, default}]
//	end                 outputs [{variable, value_selector, value_type?}]
//	answer              answer (template; streamed in order by the engine)
//	llm                 model, prompt_template, prompt_config, memory, context, vision; tools, max_iterations (Lexflow)
//	knowledge-retrieval query_variable_selector, dataset_ids, retrieval_mode, multiple_retrieval_config
//	                    {top_k, score_threshold}, metadata_filtering_*, document_ids (Lexflow)
//	question-classifier query_variable_selector, model, classes [{id, name}], instruction, memory
//	parameter-extractor query, model, parameters [{name, type, description, required, options}],
//	                    instruction, reasoning_mode (prompt | function_call), memory
//	if-else             cases [{case_id, logical_operator, conditions}] (or conditions + logical_operator)
//	template-transform  template (a Jinja2 subset, package jinja), variables [{variable, value_selector}]
//	variable-aggregator variables [selector…], output_type, advanced_settings {group_enabled, groups}
//	tool                provider_id, tool_name, tool_parameters {name: {type, value}}, tool_configurations
//	ask-user            question, intent (Lexflow's own)
//	assigner            version "2": items [{variable_selector, input_type, operation, value}];
//	                    version 1: assigned_variable_selector, write_mode, input_variable_selector
//	list-operator       variable, filter_by, extract_by, order_by, limit
//	code                code, code_language (javascript | python3), variables, outputs
//	http-request        method, url, headers, params, body, authorization, timeout (approved hosts only)
//	document-extractor  variable_selector, is_array_file
//	agent               also Dify's form: agent_strategy_name, agent_parameters (difyagent.go)
//	iteration           iterator_selector, output_selector, output_type, start_node_id, is_parallel,
//	                    parallel_nums, error_handle_mode, flatten_output; its steps (parentId) run per item
//	loop                loop_variables, break_conditions, logical_operator, loop_count, start_node_id
//	iteration-start, loop-start   a body's first step; loop-end ends the loop after its round
//
// Register(reg, deps) registers them all; Deps carries what they need as
// small interfaces (Models, Search, Chunks, Clock, extra Tools). Every
// factory checks its data once, when the app compiles, and names the field
// at fault; every node declares the selectors it reads (from its selectors
// and templates) so engine.Compile checks references before anything runs.
//
// # LLM-family nodes
//
// llm, question-classifier and parameter-extractor share one model call
// path (llmcall.go): the model is resolved through Models at run time, the
// deltas are recorded in stream order by an llm.DetailBuilder, and the
// process data carries the messages sent, model, provider, parameters,
// usage, finish reason and, under DetailKey ("generation_detail"), the
// llm.Detail the run recorder moves to llm_generation_details. All three
// output "context" built by BuildContext: the prompt messages without
// system messages, plus the reply, as [{role, text, files}]. Provider
// failures come back as *Failure values whose ErrorType is the llm error's
// code and which still unwrap to the *llm.Error, so the engine's retry and
// error strategies apply and the UI can say "Ollama is not running".
//
// Variable extraction: a tool parameter of type "extraction"
// ({source_node_id, source_variable: context, extraction_prompt, model?})
// becomes a virtual LLM node "{tool}_ext_{i}" — an llm node whose
// "conversation" replays the source's context (trimmed to
// ConversationWords) before the prompt — run by the tool before its own
// work with the tool's retry settings. virtual_nodes declares full
// sub-nodes under local ids ("tool.local"), read through variable
// parameters such as [ext_1, text]. Failures are typed (ErrVariableNotFound,
// ErrInvalidVariableType, ErrSourceNodeNotFound, ErrModelConfigNotFound,
// ErrLLMInvocation); under default_value the tool runs with "" instead.
//
// Memory (chatflows): earlier turns come in the run input HistoryInput
// ("sys.history") as [{role, text}], oldest first; a node with a memory
// block keeps memory.window.size exchanges of it and then adds the current
// query (memory.query_prompt_template, default {{#sys.query#}}).
//
// The LLM node streams its "text" output. It may also offer tools (Lexflow:
// "tools": ["fetch_article", …]); the model's calls run locally, their
// results go back to the model and into the generation detail, for at most
// max_iterations rounds (default 5). Tool calls a node did not offer are
// recorded, not run.
//
// # Ask-user
//
// An ask-user node ends the run with a question; its outputs hold
// AskUserFlag ("__ask_user") = true, question and intent, which the chat
// layer stores as the conversation's pending ask-user state.
package nodes
