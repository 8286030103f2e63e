package store

import (
	"context"
	"slices"
	"testing"
)

// Hosts are approved per app, case-insensitively, and go with the app.
func TestApprovedHosts(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	a, _ := db.SaveApp(ctx, App{Name: "Fetch", Mode: "workflow", DSL: "x"})
	b, _ := db.SaveApp(ctx, App{Name: "Other", Mode: "workflow", DSL: "x"})
	for _, h := range []string{"API.example.org", "api.example.org", "data.example.net"} {
		if err := db.ApproveHost(ctx, a.ID, h); err != nil {
			t.Fatal(err)
		}
	}
	if hosts, _ := db.ApprovedHosts(ctx, a.ID); !slices.Equal(hosts, []string{"api.example.org", "data.example.net"}) {
		t.Errorf("approved %v", hosts)
	}
	if ok, _ := db.HostApproved(ctx, a.ID, "Api.Example.org"); !ok {
		t.Error("an approved host is refused")
	}
	if ok, _ := db.HostApproved(ctx, b.ID, "api.example.org"); ok {
		t.Error("another app's approval counts")
	}
	_ = db.RevokeHost(ctx, a.ID, "API.EXAMPLE.ORG")
	if ok, _ := db.HostApproved(ctx, a.ID, "api.example.org"); ok {
		t.Error("a revoked host is still approved")
	}
	if err := db.DeleteApp(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if hosts, _ := db.ApprovedHosts(ctx, a.ID); len(hosts) != 0 {
		t.Errorf("a deleted app keeps %v", hosts)
	}
}
