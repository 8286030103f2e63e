package engine_test

import (
	"context"
	"fmt"
	"strings"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
)

// upper is a node type as a node package would write it: the factory decodes
// its data and declares what it reads and writes; Run reads the snapshot and
// streams its output.
type upper struct {
	tpl engine.Template
}

func newUpper(def engine.NodeDef) (engine.Node, error) {
	var data struct {
		Text string `json:"text"`
	}
	if err := def.Decode(&data); err != nil {
		return nil, err
	}
	return upper{tpl: engine.ParseTemplate(data.Text)}, nil
}

func (u upper) Spec() engine.Spec {
	var ins []engine.Input
	for _, sel := range u.tpl.Refs() {
		ins = append(ins, engine.Input{Selector: sel, Type: engine.TypeString})
	}
	return engine.Spec{
		Inputs:  ins,
		Outputs: []engine.Output{{Name: "text", Type: engine.TypeString}},
		Streams: []string{"text"},
	}
}

func (u upper) Run(ctx context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	text := strings.ToUpper(in.Vars.Render(u.tpl))
	if err := in.Stream("text", text); err != nil {
		return engine.NodeResult{}, err
	}
	return engine.NodeResult{Outputs: map[string]engine.Value{"text": engine.String(text)}}, nil
}

// start and answer are minimal versions of the real nodes.
type start struct{}

func (start) Spec() engine.Spec { return engine.Spec{Role: engine.RoleStart} }
func (start) Run(context.Context, engine.NodeInput) (engine.NodeResult, error) {
	return engine.NodeResult{}, nil
}

type answer struct{ tpl engine.Template }

func (a answer) Spec() engine.Spec {
	return engine.Spec{Role: engine.RoleAnswer, Response: a.tpl,
		Outputs: []engine.Output{{Name: engine.ResponseOutput, Type: engine.TypeString}}}
}

func (a answer) Run(_ context.Context, in engine.NodeInput) (engine.NodeResult, error) {
	return engine.NodeResult{Outputs: map[string]engine.Value{engine.ResponseOutput: engine.String(in.Vars.Render(a.tpl))}}, nil
}

const exampleDSL = `version: 0.1.0
kind: lexflow-app
app: {name: Shout, mode: chatflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start}
      - {id: shout, type: upper, data: {text: "{{#sys.query#}}"}}
      - {id: reply, type: answer, data: {answer: "You said: {{#shout.text#}}"}}
    edges:
      - {source: start, target: shout}
      - {source: shout, target: reply}
`

func Example() {
	reg := engine.NewRegistry()
	_ = reg.Register("start", func(engine.NodeDef) (engine.Node, error) { return start{}, nil })
	_ = reg.Register("upper", newUpper)
	_ = reg.Register("answer", func(def engine.NodeDef) (engine.Node, error) {
		var data struct{ Answer string }
		err := def.Decode(&data)
		return answer{tpl: engine.ParseTemplate(data.Answer)}, err
	})

	app, err := dsl.Parse([]byte(exampleDSL))
	if err != nil {
		fmt.Println(err)
		return
	}
	plan, err := engine.Compile(app, reg)
	if err != nil {
		fmt.Println(err)
		return
	}
	log := engine.ObserverFunc(func(e engine.Event) {
		if e.Kind == engine.NodeRunStreamChunk && e.NodeID == "reply" {
			fmt.Printf("%d %s %q\n", e.Seq, e.Kind, e.Chunk)
		}
	})
	res, err := plan.Run(context.Background(), engine.RunInput{Sys: engine.Sys{Query: "objection"}},
		engine.RunOptions{Observers: []engine.Observer{log}})
	fmt.Println(res.Status, res.Answer, err)
	// Output:
	// 2 node_stream_chunk "You said: "
	// 7 node_stream_chunk "OBJECTION"
	// succeeded You said: OBJECTION <nil>
}

func ExampleCompile_problems() {
	app, _ := dsl.Parse([]byte(`version: 0.1.0
kind: lexflow-app
app: {name: Broken, mode: workflow}
workflow:
  graph:
    nodes: [{id: a, type: mystery}, {id: b, type: mystery}]
    edges: [{source: a, target: b}, {source: b, target: a}, {source: a, target: ghost}]
`))
	_, err := engine.Compile(app, engine.NewRegistry())
	fmt.Println(err)
	// Output:
	// compile app: 6 problems: node a: unknown node type: type "mystery" (known: none registered); node b: unknown node type: type "mystery" (known: none registered); edge #3 (a → ghost): dangling edge: target "ghost" is not a node; no start node: add a start node: every run begins there; no end node: a workflow needs an end node to produce its outputs; node a: cycle: a → b → a (workflows must not loop)
}
