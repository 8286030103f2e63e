// Package engine runs Lexflow apps: a compiler that validates an app's DSL
// (package dsl) once, and an event-driven executor. It knows no node type,
// provider or database: node types plug in through a Registry, and
// persistence and UI forwarding observe the event stream. backend/archtest
// keeps it from importing node types.
//
// # Build, compile, run
//
//	app, err := dsl.Parse(data)                // Lexflow's DSL (dify.Import reads Dify's too)
//	plan, err := engine.Compile(app, registry) // every problem at once, as a *CompileError
//	res, err := plan.Run(ctx, engine.RunInput{Inputs: ..., Sys: ...}, engine.RunOptions{Observers: ...})
//	out, err := dsl.Export(app, dsl.FormatYAML)
//
// A Plan is immutable and runs concurrently any number of times. Start
// returns an *Execution with Cancel, Done and Wait instead of blocking.
//
// # The DSL
//
// The document (package dsl) is {version, kind: lexflow-app, app, workflow:
// {environment_variables, conversation_variables, graph: {nodes, edges}}}.
// Node data stays raw JSON for the node's package to decode.
//
// Variables are addressed by selectors [node_id, var, ...path] and by Dify's
// template syntax {{#node_id.var#}}; the namespaces sys, env and conversation
// hold system, environment and conversation variables. ParseTemplate splits a
// template into literal and reference segments.
//
// # Plugging in a node type (the seam for backend/nodes)
//
// A node package registers a NodeFactory per type. The factory decodes
// NodeDef.Data and returns a Node whose Spec declares, once:
//   - Role: RoleStart, RoleEnd (outputs become the run's outputs) or
//     RoleAnswer (what a chatflow needs), else RoleNone;
//   - Inputs: every selector Run reads, with the expected Type. Compile
//     checks each against what upstream nodes declare; at run time
//     NodeInput.Vars holds exactly these, as a snapshot;
//   - Outputs: names and types; results are checked against them;
//   - Handles: branch handles (IF/ELSE case ids, classifier class ids); Run
//     returns the one taken in NodeResult.Handle. With error_strategy
//     fail_branch the engine adds "fail-branch";
//   - Streams: outputs Run streams with NodeInput.Stream (an LLM's "text");
//   - Response: for Answer-like nodes, the template the engine streams, in
//     order, as the node's "answer" output (see answer.go);
//   - Virtual: sub-nodes the node runs through NodeInput.RunVirtual (the
//     variable extraction): they are built by the registry, get
//     their own events marked IsVirtual with ParentNodeID and the extraction
//     fields, use the parent's retry settings, and put their outputs in the
//     pool without triggering edges. NodeDef.Peer reads another node's data
//     (to inherit a source LLM's model);
//   - Body: for a container (an iteration, a loop), the steps whose DSL
//     parentId is the node. They compile as a graph of their own, starting
//     at Body.Start, and read what the steps before the container produce
//     and the container's Body.Locals ([container, name]); a step of it may
//     write those locals (a loop's variables) through NodeResult.Writes.
//     Run calls NodeInput.RunBody once per round (from as many goroutines
//     as it likes); each round runs on a dispatcher and pool of its own, its
//     events re-emitted as the run's with ParentNodeID and Round, and
//     returns Body.Reads as the round left them. A RoleBreak step (Dify's
//     loop-end) tells the container to stop.
//
// The engine itself reads the settings every node has from its data: title,
// retry_config {max_retries, retry_interval (ms)}, error_strategy (fail,
// default_value, fail_branch; Dify's hyphenated spellings too), default_value
// [{key, type, value}] and timeout (seconds, per attempt). Run must honour its
// context; one that does not is abandoned after RunOptions.AbandonAfter. A
// panic becomes a failure (ErrNodePanic). Failures arrive as *NodeError,
// which names the node and unwraps to the cause.
//
// # Execution
//
// One dispatcher goroutine owns a run's state — readiness, edge states, the
// variable pool, the answer coordinator, the event sequence — so nothing in
// a run is locked. A fixed pool of workers runs nodes and reports back on one
// channel (stream chunks, retries, virtual sub-node events, results). When a
// node finishes, its outputs enter the pool and each outgoing edge is taken
// or not; a node runs once every incoming edge is resolved and one was
// taken, so joins wait for all live predecessors, and nodes reachable only
// through untaken edges are skipped with an explicit NodeRunSkipped.
//
// # Events and observers
//
// Every run emits RunStarted, then node events (NodeRunStarted,
// NodeRunStreamChunk, NodeRunRetry, NodeRunSucceeded — with status
// "exception" when an error strategy handled a failure — NodeRunFailed,
// NodeRunSkipped), then one of RunSucceeded, RunFailed, RunCancelled. Each
// carries the run id and a per-run sequence number. Observers get them in
// order on their own goroutine with an unbounded queue (see Observer for
// why): a slow observer never slows the dispatcher, none is ever dropped, a
// panicking one is recovered, and Run returns once all have seen the end.
// Persistence (workflow_runs, node_executions, replay from a sequence
// number) and UI forwarding are observers; ChanObserver adapts a channel.
package engine
