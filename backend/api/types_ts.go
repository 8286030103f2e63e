package api

import (
	"reflect"

	"lexflow/backend/chat"
	"lexflow/backend/dsl"
	"lexflow/backend/evidence"
	"lexflow/backend/generation"
	"lexflow/backend/tsgen"
)

// tsHeader starts the generated frontend module; the unions are the string
// sets the structs refer to by name.
const tsHeader = `// Code generated from the DTOs of backend/api by "make generate". DO NOT EDIT.

export type ProviderKind = 'ollama' | 'openai' | 'extractive';
export type DocumentStatus = 'queued' | 'parsing' | 'indexing' | 'ready' | 'failed' | 'deleting';
export type RunStatus = 'running' | 'succeeded' | 'failed' | 'cancelled' | 'interrupted';
export type MessageStatus = 'streaming' | 'done' | 'interrupted' | 'failed';
export type GenerationStatus = 'success' | 'partial' | 'failed' | 'no_evidence';
`

// TypeScript renders the frontend's DTO module (frontend/src/lib/api.gen.ts).
func TypeScript() string {
	return tsgen.Render(tsHeader,
		reflect.TypeFor[ErrorBody](),
		reflect.TypeFor[SystemInfo](),
		reflect.TypeFor[Provider](),
		reflect.TypeFor[ProviderInput](),
		reflect.TypeFor[Model](),
		reflect.TypeFor[ProviderTest](),
		reflect.TypeFor[TryRequest](),
		reflect.TypeFor[StreamRef](),
		reflect.TypeFor[Event](),
		reflect.TypeFor[Delta](),
		reflect.TypeFor[TryDone](),
		reflect.TypeFor[Settings](),
		reflect.TypeFor[DefaultModel](),
		reflect.TypeFor[EventCheckRequest](),
		reflect.TypeFor[EventCheckTick](),
		reflect.TypeFor[SelfTest](),
		reflect.TypeFor[SelfTestResult](),
		reflect.TypeFor[SelfTestStage](),
		reflect.TypeFor[Collection](),
		reflect.TypeFor[CollectionInput](),
		reflect.TypeFor[OCRLanguages](),
		reflect.TypeFor[Document](),
		reflect.TypeFor[DocumentTitle](),
		reflect.TypeFor[UploadResult](),
		reflect.TypeFor[LocalPaths](),
		reflect.TypeFor[LocalFile](),
		reflect.TypeFor[LocalProblem](),
		reflect.TypeFor[LocalFileList](),
		reflect.TypeFor[IngestProgress](),
		reflect.TypeFor[evidence.Unit](),
		reflect.TypeFor[evidence.DocRef](),
		reflect.TypeFor[evidence.Locator](),
		reflect.TypeFor[Chunk](),
		reflect.TypeFor[SearchRequest](),
		reflect.TypeFor[SearchHit](),
		reflect.TypeFor[SearchResponse](),
		reflect.TypeFor[PageSpan](),
		reflect.TypeFor[DocumentSource](),
		reflect.TypeFor[HighlightBox](),
		reflect.TypeFor[PageHighlight](),
		reflect.TypeFor[App](),
		reflect.TypeFor[AppImport](),
		reflect.TypeFor[NodeRunStarted](),
		reflect.TypeFor[Tool](),
		reflect.TypeFor[dsl.NodeImport](),
		reflect.TypeFor[dsl.ModelMapping](),
		reflect.TypeFor[dsl.DatasetMapping](),
		reflect.TypeFor[dsl.ImportReport](),
		reflect.TypeFor[AppImported](),
		reflect.TypeFor[AppTemplate](),
		reflect.TypeFor[AppCreate](),
		reflect.TypeFor[AppRename](),
		reflect.TypeFor[AppDocument](),
		reflect.TypeFor[NodeOutputs](),
		reflect.TypeFor[VariableDecl](),
		reflect.TypeFor[AppSave](),
		reflect.TypeFor[AppHosts](),
		reflect.TypeFor[DSLCheck](),
		reflect.TypeFor[Validation](),
		reflect.TypeFor[CompileProblem](),
		reflect.TypeFor[RunRequest](),
		reflect.TypeFor[RunStarted](),
		reflect.TypeFor[Run](),
		reflect.TypeFor[NodeExecution](),
		reflect.TypeFor[GenerationDetail](),
		reflect.TypeFor[RunDetail](),
		reflect.TypeFor[Conversation](),
		reflect.TypeFor[ConversationInput](),
		reflect.TypeFor[TurnSettings](),
		reflect.TypeFor[SendMessage](),
		reflect.TypeFor[chat.Scope](),
		reflect.TypeFor[chat.Named](),
		reflect.TypeFor[RegenerateRequest](),
		reflect.TypeFor[generation.Quote](),
		reflect.TypeFor[generation.Citation](),
		reflect.TypeFor[generation.Claim](),
		reflect.TypeFor[generation.Check](),
		reflect.TypeFor[GenerationSummary](),
		reflect.TypeFor[Message](),
		reflect.TypeFor[TimelineNode](),
		reflect.TypeFor[StepTiming](),
		reflect.TypeFor[Extraction](),
		reflect.TypeFor[Turn](),
		reflect.TypeFor[Timing](),
		reflect.TypeFor[PromptMessage](),
		reflect.TypeFor[OutputFormat](),
		reflect.TypeFor[OutputRejection](),
		reflect.TypeFor[GenerationAudit](),
		reflect.TypeFor[GenerationAuditView](),
		reflect.TypeFor[ReplayRequest](),
	)
}
