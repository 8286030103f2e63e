package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"lexflow/backend/llm/llmtest"
)

func difyFixture(name string) string {
	return filepath.Join("..", "nodes", "dify", "testdata", "dify", name+".yml")
}

// app import reports node by node, maps models to configured ones, gives a
// second import of one file its own name, and exits 1 for an app that
// cannot run yet.
func TestAppImportReportsAndMapsModels(t *testing.T) {
	dir := t.TempDir()
	llm := llmtest.New(t)
	llm.InstallDemo(0)
	run(t, dir, "provider", "add", "--name", "Fake", "--kind", "openai", "--base-url", llm.OpenAIURL(), "--default-model", "fake-chat")

	r := run(t, dir, "app", "import", difyFixture("workflow_branches"))
	if r.code != ExitOK {
		t.Fatalf("import: %+v", r)
	}
	for _, want := range []string{`Imported workflow "Clause screen" from Dify 0.1.3`, "model ollama/qwen2.5:7b → Fake/fake-chat (the default model)",
		"changed  Review", "replaced by Fake/fake-chat", "the app can run"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, r.stdout)
		}
	}
	r = run(t, dir, "app", "import", difyFixture("workflow_branches"), "--model-map", "ollama/qwen2.5:7b=Fake/fake-reasoner")
	if r.code != ExitOK || !strings.Contains(r.stdout, `"Clause screen (2)"`) || !strings.Contains(r.stdout, "→ Fake/fake-reasoner (as chosen)") {
		t.Errorf("second import: %+v", r)
	}
	if r := run(t, dir, "app", "import", difyFixture("workflow_branches"), "--name", "Clause screen (2)"); !strings.Contains(r.stdout, `"Clause screen (2) (2)"`) {
		t.Errorf("a taken --name: %+v", r)
	}
	if r := run(t, dir, "run", "Clause screen", "--inputs", `{"clause":"x","jurisdiction":"UAE"}`); r.code != ExitOK {
		t.Errorf("run by a unique name: %+v", r)
	}
	if r := run(t, dir, "app", "import", difyFixture("workflow_branches"), "--model-map", "openai/gpt-4=Fake/fake-chat"); r.code != ExitFailed ||
		!strings.Contains(r.stderr, `the app uses no model "openai/gpt-4"; it uses "ollama/qwen2.5:7b"`) {
		t.Errorf("a model map the app does not use: %+v", r)
	}
	if r := run(t, dir, "app", "import", difyFixture("workflow_branches"), "--default-model", "Nobody/x"); r.code != ExitFailed ||
		!strings.Contains(r.stderr, `no provider is configured for "Nobody/x"`) {
		t.Errorf("an unknown default model: %+v", r)
	}
}

// A Dify dataset id is not a collection here: the node needs attention and
// the import exits 1, saying the app cannot run yet.
func TestAppImportOfUnrunnableAppFails(t *testing.T) {
	dir := t.TempDir()
	r := run(t, dir, "app", "import", difyFixture("chatflow_rag"))
	if r.code != ExitFailed {
		t.Fatalf("import: %+v", r)
	}
	if !strings.Contains(r.stdout, "needs attention") || !strings.Contains(r.stdout, "Choose a collection") ||
		!strings.Contains(r.stderr, "cannot run yet") {
		t.Errorf("report:\n%s\nstderr: %s", r.stdout, r.stderr)
	}
	if r := run(t, dir, "app", "list"); !strings.Contains(r.stdout, "Knowledge QA") {
		t.Errorf("the app was not kept for fixing: %+v", r)
	}
}

// --collection and --dataset-map settle a Dify app's datasets as
// --model-map settles its models: the node searches that collection, the
// report says so, and the app can run.
func TestAppImportMapsDatasetsToCollections(t *testing.T) {
	dir := t.TempDir()
	const dataset = "6084ed3f-d100-4df2-a277-b40d639ea7c6"
	run(t, dir, "collection", "create", "Leases")
	r := run(t, dir, "app", "import", difyFixture("chatflow_rag"), "--collection", "leases")
	if r.code != ExitOK || !strings.Contains(r.stdout, "dataset "+dataset+` → collection "Leases"`) ||
		!strings.Contains(r.stdout, `replaced by collection "Leases"`) || !strings.Contains(r.stdout, "the app can run") {
		t.Fatalf("--collection: %+v", r)
	}
	if r := run(t, dir, "app", "import", difyFixture("chatflow_rag"), "--dataset-map", dataset+"=Leases"); r.code != ExitOK {
		t.Errorf("--dataset-map: %+v", r)
	}
	for _, tc := range []struct{ flag, value, want string }{
		{"--dataset-map", dataset + "=Wills", `there is no collection "Wills"; the collections are "Leases"`},
		{"--dataset-map", "d1=Leases", `the app searches no dataset "d1"; it searches "` + dataset + `"`},
		{"--collection", "Wills", `there is no collection "Wills"`},
	} {
		if r := run(t, dir, "app", "import", difyFixture("chatflow_rag"), tc.flag, tc.value); r.code != ExitFailed || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%s %s: %+v", tc.flag, tc.value, r)
		}
	}
	if r := run(t, dir, "app", "import", difyFixture("chatflow_rag")); r.code != ExitFailed ||
		!strings.Contains(r.stdout, "no collection: choose one with --collection or --dataset-map") {
		t.Errorf("no mapping: %+v", r)
	}
}

// Dify's basic chat, completion and agent-chat apps import runnable and run like any other.
func TestAppImportOfBasicAppsRuns(t *testing.T) {
	dir := t.TempDir()
	llm := llmtest.New(t)
	llm.InstallDemo(0)
	run(t, dir, "provider", "add", "--name", "Fake", "--kind", "openai", "--base-url", llm.OpenAIURL(), "--default-model", "fake-chat")
	if r := run(t, dir, "app", "import", difyFixture("basic_chat")); r.code != ExitOK || !strings.Contains(r.stdout, "imported as a chatflow of 3 steps") {
		t.Fatalf("import chat app: %+v", r)
	}
	r := run(t, dir, "run", "Lease helper", "--query", "When is rent due?", "--json")
	if r.code != ExitOK || !strings.Contains(r.stdout, "You said: When is rent due?") {
		t.Errorf("chat turn: %+v", r)
	}
	if r := run(t, dir, "app", "import", difyFixture("basic_completion")); r.code != ExitOK {
		t.Fatalf("import completion app: %+v", r)
	}
	r = run(t, dir, "run", "Clause summary", "--inputs", `{"clause":"The tenant pays rent monthly."}`, "--json")
	if r.code != ExitOK || !strings.Contains(r.stdout, "The tenant pays rent monthly.") {
		t.Errorf("completion run: %+v", r)
	}
	// An agent-chat app's agent reads its tools as a Dify agent's: current_time runs as ours.
	run(t, dir, "collection", "create", "Research")
	if r := run(t, dir, "app", "import", difyFixture("basic_agent"), "--collection", "Research"); r.code != ExitOK || !strings.Contains(r.stdout, "the app can run") {
		t.Fatalf("import agent-chat app: %+v", r)
	}
	if r := run(t, dir, "run", "Research agent", "--query", "What day is it?", "--json"); r.code != ExitOK || !strings.Contains(r.stdout, "You said: What day is it?") {
		t.Errorf("agent turn: %+v", r)
	}
}
