-- The hosts a person approved for an app's HTTP request nodes: Lexflow is
-- offline by default, and a host is reached only once approved here for
-- that app (loopback needs no approval). Hosts are stored lower-case.
CREATE TABLE app_outbound_hosts (
    app_id      TEXT NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
    host        TEXT NOT NULL,
    approved_at TEXT NOT NULL,
    PRIMARY KEY (app_id, host)
);
