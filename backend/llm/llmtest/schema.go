package llmtest

import (
	"bytes"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"lexflow/backend/llm"
)

// Structured output. A request may ask for a JSON Schema (Request.Schema) or
// JSON mode. The server then behaves like one that enforces the schema by
// constrained decoding: it never sends a reply that does not conform. A
// scripted reply that would break the schema is answered with HTTP 500
// instead and recorded as a violation, because no enforcing server could
// have sent it; a schema that is not a valid JSON Schema is a violation too.
// Servers made by New fail their test on any violation left unread (see
// TakeViolations). RefuseFormats makes the server an older one that rejects
// a schema, or JSON mode too, with the HTTP 400 such servers give.
//
// The validator is github.com/santhosh-tekuri/jsonschema/v6: it passes the
// official JSON-Schema-Test-Suite for every draft, compiles the schema
// against the draft's meta-schema (so a malformed schema we send is caught,
// not just a bad reply), and depends only on golang.org/x/text, which the
// module already requires. Checking the few keywords our schema uses by hand
// would pass a schema using any keyword it does not know; it is linked only
// into tests and the fakellm command, never into Lexflow itself.

// RefuseFormats makes the server reject chat requests asking for these reply
// formats (llm.FormatSchema, llm.FormatJSON) with HTTP 400 and the message
// an older server of each protocol gives. No formats accepts every format again.
func (s *Server) RefuseFormats(formats ...llm.Format) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refused = slices.Clone(formats)
}

// refusal is the error message for a request asking for a refused format.
func (s *Server) refusal(req Request) (string, bool) {
	s.mu.Lock()
	refused := slices.Contains(s.refused, req.Format)
	s.mu.Unlock()
	if !refused {
		return "", false
	}
	return refusals[req.Protocol][req.Format], true
}

// refusals are what older servers answer: Ollama before 0.5 decodes
// "format" as a string; OpenAI-compatible servers that predate json_schema
// (or JSON mode) name the response_format they cannot take.
var refusals = map[Protocol]map[llm.Format]string{
	ProtocolOllama: {
		llm.FormatSchema: "json: cannot unmarshal object into Go struct field ChatRequest.format of type string",
		llm.FormatJSON:   `invalid format: "json" is not supported`,
	},
	ProtocolOpenAI: {
		llm.FormatSchema: `'response_format.type' must be 'text' or 'json_object', got 'json_schema'`,
		llm.FormatJSON:   `'response_format.type' 'json_object' is not supported by this model`,
	},
}

// Violations lists, oldest first, the replies the server would not send
// because they broke the request's schema, and the schemas it could not
// compile.
func (s *Server) Violations() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.violations)
}

// TakeViolations returns the violations and forgets them, for a test that
// provokes one on purpose.
func (s *Server) TakeViolations() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.violations
	s.violations = nil
	return v
}

// conform checks the reply against the request's schema. It answers the
// request with HTTP 500 and records a violation when the reply breaks it.
func (s *Server) conform(w http.ResponseWriter, req Request, reply Reply) bool {
	err := checkReply(req, reply)
	if err == nil {
		return true
	}
	msg := fmt.Sprintf("llmtest: model %q: %v", req.Model, err)
	s.mu.Lock()
	s.violations = append(s.violations, msg)
	s.mu.Unlock()
	if req.Protocol == ProtocolOpenAI {
		writeOpenAIError(w, http.StatusInternalServerError, msg, "")
	} else {
		writeOllamaError(w, http.StatusInternalServerError, msg)
	}
	return false
}

// checkReply validates the content of a reply against the request's schema.
// Replies that fail on purpose, stop at the token limit or call tools are
// not checked: an enforcing server sends those too.
func checkReply(req Request, reply Reply) error {
	if len(req.Schema) == 0 || reply.Fault.Kind != FaultNone || reply.Finish == "length" || reply.has(PartToolCall) {
		return nil
	}
	schema, err := compileSchema(req.Schema)
	if err != nil {
		return err
	}
	text := reply.text(PartContent)
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		return fmt.Errorf("the reply is not one JSON value, which the request's schema demands: %v: %.200q", err, text)
	}
	if err := schema.Validate(doc); err != nil {
		return fmt.Errorf("the reply breaks the request's schema, so a server enforcing it could not send it: %v", err)
	}
	return nil
}

// schemaURL names a request's schema inside the compiler; it is never fetched.
const schemaURL = "urn:llmtest:request-schema"

// compileSchema compiles a schema sent with a request (draft 2020-12 unless
// it names another with $schema).
func compileSchema(raw []byte) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("the request's schema is not JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, fmt.Errorf("the request's schema: %v", err)
	}
	schema, err := c.Compile(schemaURL)
	if err != nil {
		return nil, fmt.Errorf("the request's schema is not a valid JSON Schema: %v", err)
	}
	return schema, nil
}

// text joins the text of the reply's parts of one kind. Inline <think>
// parts are not content here: a server constrains what follows them.
func (r Reply) text(kind PartKind) string {
	var b strings.Builder
	for _, p := range r.Parts {
		if p.Kind == kind {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

func (r Reply) has(kind PartKind) bool {
	return slices.ContainsFunc(r.Parts, func(p Part) bool { return p.Kind == kind })
}
