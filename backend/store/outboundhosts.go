package store

import (
	"context"
	"fmt"
	"strings"
)

// ApproveHost lets an app's HTTP request nodes reach host; approving it
// twice changes nothing.
func (db *DB) ApproveHost(ctx context.Context, appID, host string) error {
	_, err := db.sql.ExecContext(ctx, `INSERT INTO app_outbound_hosts (app_id, host, approved_at) VALUES (?, ?, ?)
		ON CONFLICT (app_id, host) DO NOTHING`, appID, strings.ToLower(host), now())
	if err != nil {
		return fmt.Errorf("approve host: %w", err)
	}
	return nil
}

// RevokeHost withdraws an approval.
func (db *DB) RevokeHost(ctx context.Context, appID, host string) error {
	if _, err := db.sql.ExecContext(ctx, `DELETE FROM app_outbound_hosts WHERE app_id = ? AND host = ?`, appID, strings.ToLower(host)); err != nil {
		return fmt.Errorf("revoke host: %w", err)
	}
	return nil
}

// ApprovedHosts lists the hosts approved for an app, sorted.
func (db *DB) ApprovedHosts(ctx context.Context, appID string) ([]string, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT host FROM app_outbound_hosts WHERE app_id = ? ORDER BY host`, appID)
	if err != nil {
		return nil, fmt.Errorf("list approved hosts: %w", err)
	}
	defer rows.Close()
	hosts := []string{}
	for rows.Next() {
		var h string
		if err := rows.Scan(&h); err != nil {
			return nil, fmt.Errorf("list approved hosts: %w", err)
		}
		hosts = append(hosts, h)
	}
	return hosts, rows.Err()
}

// HostApproved reports whether an app may reach host.
func (db *DB) HostApproved(ctx context.Context, appID, host string) (bool, error) {
	var n int
	err := db.sql.QueryRowContext(ctx, `SELECT COUNT(*) FROM app_outbound_hosts WHERE app_id = ? AND host = ?`, appID, strings.ToLower(host)).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("check approved host: %w", err)
	}
	return n > 0, nil
}
