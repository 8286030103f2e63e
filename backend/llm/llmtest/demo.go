package llmtest

import (
	"strings"
	"time"
)

// Demo model names served by InstallDemo.
const (
	DemoChat     = "fake-chat"
	DemoReasoner = "fake-reasoner"
	DemoTools    = "fake-tools"
)

// InstallDemo sets up the deterministic models the fakellm command serves for
// end-to-end tests, each streaming with delay between frames so streaming is
// visible in a browser:
//
//   - fake-chat echoes "You said: <last user message>" (JSON when asked);
//   - fake-reasoner streams reasoning first, then the same echo;
//   - fake-tools calls the first offered tool (or "search") with
//     {"query": <last user message>}, and after a tool result answers
//     "The tool returned: <result>".
func (s *Server) InstallDemo(delay time.Duration) {
	s.SetModels(DemoChat, DemoReasoner, DemoTools)
	s.Respond(DemoChat, func(req Request) Reply {
		r := Echo(req)
		r.Delay = delay
		return r
	})
	s.Respond(DemoReasoner, func(req Request) Reply {
		r := Echo(req)
		r.Parts = append([]Part{Reasoning("The user wrote: " + req.LastUser() + ". I will repeat it back.")}, r.Parts...)
		r.Delay = delay
		return r
	})
	s.Respond(DemoTools, func(req Request) Reply {
		r := demoTools(req)
		r.Delay = delay
		return r
	})
}

func demoTools(req Request) Reply {
	if last := req.Last(); last.Role == "tool" {
		return Text("The tool returned: " + strings.TrimSpace(last.Content))
	}
	name := "search"
	if len(req.Tools) > 0 {
		name = req.Tools[0]
	}
	return Reply{Parts: []Part{Tool(name, map[string]string{"query": req.LastUser()})}}
}
