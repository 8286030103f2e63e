package server

import (
	"strings"
	"testing"

	"lexflow/backend/api"
)

// A step runs alone only after a whole run recorded what it read; the run
// of the step alone is in the history, marked with the step and its source.
func TestRunningOneStepAlone(t *testing.T) {
	srv, _ := newRunsAPI(t)
	a := &testAPI{t: t, srv: srv}
	var imported api.AppImported
	if code := a.call("POST", "/api/apps/import", api.AppImport{DSL: streamDSL}, &imported); code != 201 {
		t.Fatalf("import: %d", code)
	}
	path := "/api/apps/" + imported.App.ID + "/nodes/s/run"
	var refused struct{ Error api.ErrorBody }
	if code := a.call("POST", path, nil, &refused); code != 409 || refused.Error.Code != "never_ran" {
		t.Fatalf("before any run: %d %+v", code, refused)
	}
	if code := a.call("POST", "/api/apps/"+imported.App.ID+"/nodes/nope/run", nil, nil); code != 404 {
		t.Errorf("unknown step: %d, want 404", code)
	}
	var whole api.RunStarted
	a.call("POST", "/api/apps/"+imported.App.ID+"/runs", api.RunRequest{}, &whole)
	readRunEvents(t, srv.URL+"/api/runs/"+whole.RunID+"/events", 0)

	var started api.NodeRunStarted
	if code := a.call("POST", path, nil, &started); code != 202 || started.SourceRunID != whole.RunID {
		t.Fatalf("run alone: %d %+v", code, started)
	}
	events := readRunEvents(t, srv.URL+"/api/runs/"+started.RunID+"/events", 0)
	if last := events[len(events)-1].Type; last != "run_succeeded" {
		t.Errorf("last event %s", last)
	}
	var detail api.RunDetail
	a.call("GET", "/api/runs/"+started.RunID, nil, &detail)
	if detail.Run.SingleNodeID != "s" || detail.Run.SourceRunID != whole.RunID || len(detail.Nodes) != 1 || detail.Nodes[0].Variables == nil {
		t.Errorf("recorded %+v with %d steps", detail.Run, len(detail.Nodes))
	}
}

func TestToolsAreListedWithTheirParameters(t *testing.T) {
	a := newAppsAPI(t)
	var list []api.Tool
	if code := a.call("GET", "/api/tools", nil, &list); code != 200 || len(list) < 4 {
		t.Fatalf("tools: %d, %d", code, len(list))
	}
	for _, tool := range list {
		if tool.Name == "" || tool.Description == "" || len(tool.Parameters) == 0 {
			t.Errorf("tool %+v", tool)
		}
	}
}

// A step that is itself broken is refused in words, without the compile
// error's technical detail; a step broken elsewhere does not matter.
func TestRunningABrokenStepAloneSaysWhatToFix(t *testing.T) {
	srv, _ := newRunsAPI(t)
	a := &testAPI{t: t, srv: srv}
	dsl := strings.Replace(streamDSL, "      - {id: end, type: end, data: {title: End}}\n",
		"      - {id: end, type: end, data: {title: End}}\n      - {id: odd, type: quantum, data: {}}\n", 1)
	appID := importApp(a, dsl)
	var refused struct{ Error api.ErrorBody }
	code := a.call("POST", "/api/apps/"+appID+"/nodes/odd/run", nil, &refused)
	if code != 422 || !strings.HasPrefix(refused.Error.Message, "This step needs a fix first: Lexflow does not know this kind of step") ||
		strings.Contains(refused.Error.Message, "quantum") {
		t.Errorf("broken step alone: %d %q", code, refused.Error.Message)
	}
	if code := a.call("POST", "/api/apps/"+appID+"/nodes/s/run", nil, &refused); code != 409 || refused.Error.Code != "never_ran" {
		t.Errorf("a sound step beside it: %d %+v, want only that it never ran", code, refused)
	}
}
