package extractive_test

import (
	"context"
	"fmt"

	"lexflow/backend/llm"
	"lexflow/backend/llm/extractive"
)

func Example() {
	prompt := extractive.Render([]extractive.Block{
		{Rank: 1, ID: "labour-12", Locator: "Labour Law › Article 12", Text: "Either party may end the contract with thirty days' notice. Notice must be written."},
		{Rank: 2, ID: "labour-13", Locator: "Labour Law › Article 13", Text: "Wages are paid monthly by bank transfer."},
	}, "How much notice ends the contract?")
	p := extractive.New(extractive.Options{})
	req := llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: prompt}}}
	resp, _ := p.Chat(context.Background(), req, nil)
	fmt.Println(resp.Content)
	// Output:
	// {"answer":"Either party may end the contract with thirty days' notice. [1]","citations":[{"node_id":"labour-12","rank":1,"quote":"Either party may end the contract with thirty days' notice."}]}
}
