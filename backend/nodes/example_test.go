package nodes_test

import (
	"context"
	"fmt"

	"lexflow/backend/dsl"
	"lexflow/backend/engine"
	"lexflow/backend/nodes"
)

// Register the node types, then compile and run an app that uses them: a
// workflow that checks an input and renders a Jinja template.
func ExampleRegister() {
	reg := engine.NewRegistry()
	if err := nodes.Register(reg, nodes.Deps{}); err != nil {
		fmt.Println(err)
		return
	}
	app, err := dsl.Parse([]byte(`version: 0.1.0
kind: lexflow-app
app: {name: Notice, mode: workflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {variables: [{variable: days, type: number, required: true}]}}
      - id: check
        type: if-else
        data: {cases: [{case_id: short, conditions: [{variable_selector: [start, days], comparison_operator: "<", value: "30"}]}]}
      - id: warn
        type: template-transform
        data: {template: "Only {{ d }} days: below the {{ [30, 60] | min }}-day minimum.", variables: [{variable: d, value_selector: [start, days]}]}
      - {id: end, type: end, data: {outputs: [{variable: message, value_selector: [warn, output]}]}}
    edges:
      - {source: start, target: check}
      - {source: check, sourceHandle: short, target: warn}
      - {source: warn, target: end}
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	plan, err := engine.Compile(app, reg)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := plan.Run(context.Background(), engine.RunInput{Inputs: map[string]any{"days": "14"}}, engine.RunOptions{})
	fmt.Println(res.Outputs["message"].Text(), err)
	// Output:
	// Only 14 days: below the 30-day minimum. <nil>
}
