package replayredis_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestMain says on stderr, before any test runs, when redis-server is
// absent: the tests that need it skip, and plain go test (without -v)
// shows why.
func TestMain(m *testing.M) {
	if _, ok := findRedisServer(); !ok {
		fmt.Fprintln(os.Stderr, "replayredis: redis-server not found (no executable redis-server in PATH or at /usr/bin): "+
			"the tests against a real Redis skip (run scripts/install-redis.sh)")
	}
	os.Exit(m.Run())
}

// The test binary's redis-server must be executable (exec.LookPath): a
// file that is not is not found, and the tests skip saying so.
func TestRedisServerFoundOnlyWhenExecutable(t *testing.T) {
	p := filepath.Join(t.TempDir(), "redis-server")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, ok := lookRedisServer(p); ok {
		t.Errorf("a redis-server without execute permission found: %s", got)
	}
	if err := os.Chmod(p, 0o755); err != nil {
		t.Fatal(err)
	}
	if got, ok := lookRedisServer(p); !ok || got != p {
		t.Errorf("an executable redis-server not found: %q, %v", got, ok)
	}
}
