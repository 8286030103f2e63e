package server

import (
	"slices"
	"testing"

	"lexflow/backend/api"
)

func TestApproveAndRevokeHosts(t *testing.T) {
	a := newAppsAPI(t)
	var doc api.AppDocument
	if code := a.call("POST", "/api/apps", api.AppCreate{Mode: "workflow", Name: "Fetcher"}, &doc); code != 201 {
		t.Fatalf("create app: %d", code)
	}
	path := "/api/apps/" + doc.App.ID + "/hosts"
	var hosts api.AppHosts
	if code := a.call("PUT", path+"/API.Example.org", nil, &hosts); code != 200 || !slices.Equal(hosts.Hosts, []string{"api.example.org"}) {
		t.Fatalf("approve: %d %v", code, hosts)
	}
	a.call("PUT", path+"/10.0.0.7", nil, &hosts)
	a.call("GET", path, nil, &hosts)
	if !slices.Equal(hosts.Hosts, []string{"10.0.0.7", "api.example.org"}) {
		t.Errorf("listed %v", hosts.Hosts)
	}
	if code := a.call("DELETE", path+"/api.example.org", nil, &hosts); code != 200 || !slices.Equal(hosts.Hosts, []string{"10.0.0.7"}) {
		t.Errorf("revoke: %d %v", code, hosts)
	}
	var e struct{ Error api.ErrorBody }
	if code := a.call("PUT", path+"/https:%2F%2Fx.org", nil, &e); code != 400 || e.Error.Field != "host" {
		t.Errorf("a URL as host: %d %+v", code, e)
	}
	if code := a.call("GET", "/api/apps/nope/hosts", nil, &e); code != 404 {
		t.Errorf("unknown app: %d", code)
	}
}
