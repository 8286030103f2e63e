package api

import (
	"context"
	"net"
	"strings"
)

// AppHosts are the hosts an app's HTTP request nodes may reach besides
// loopback: Lexflow is offline until the user approves one.
type AppHosts struct {
	Hosts []string `json:"hosts"`
}

// Hosts lists the hosts approved for an app.
func (s *AppService) Hosts(ctx context.Context, appID string) (AppHosts, error) {
	if _, err := s.db.GetApp(ctx, appID); err != nil {
		return AppHosts{}, err
	}
	hosts, err := s.db.ApprovedHosts(ctx, appID)
	return AppHosts{Hosts: hosts}, err
}

// ApproveHost lets an app reach a host (a name or an address, no scheme or port).
func (s *AppService) ApproveHost(ctx context.Context, appID, host string) (AppHosts, error) {
	host = strings.ToLower(strings.TrimSpace(host))
	if !validHost(host) {
		return AppHosts{}, invalid("host", "Enter a host name such as api.example.org, without http:// or a port.")
	}
	if _, err := s.db.GetApp(ctx, appID); err != nil {
		return AppHosts{}, err
	}
	if err := s.db.ApproveHost(ctx, appID, host); err != nil {
		return AppHosts{}, err
	}
	return s.Hosts(ctx, appID)
}

// RevokeHost withdraws an approval.
func (s *AppService) RevokeHost(ctx context.Context, appID, host string) (AppHosts, error) {
	if err := s.db.RevokeHost(ctx, appID, host); err != nil {
		return AppHosts{}, err
	}
	return s.Hosts(ctx, appID)
}

// validHost accepts an IP address or a DNS name.
func validHost(h string) bool {
	if net.ParseIP(h) != nil {
		return true
	}
	if h == "" || len(h) > 253 || strings.HasPrefix(h, ".") || strings.HasSuffix(h, ".") {
		return false
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return false
		}
	}
	return true
}
