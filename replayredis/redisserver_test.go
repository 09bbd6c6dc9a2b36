package replayredis_test

import (
	"bytes"
	"context"
	"errors"
	"net"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// redisServer is a redis-server child process of the test, on a free
// loopback port, with no persistence: every test gets its own.
type redisServer struct {
	t    *testing.T
	cmd  *exec.Cmd
	addr string
	out  *syncBuffer

	mu      sync.Mutex
	stopped bool // SIGSTOP sent, no SIGCONT yet
}

// findRedisServer finds an executable redis-server in PATH or at
// /usr/bin (exec.LookPath: a file without an execute bit is not found).
func findRedisServer() (string, bool) {
	return lookRedisServer("redis-server", "/usr/bin/redis-server")
}

// lookRedisServer is the first of names exec.LookPath finds.
func lookRedisServer(names ...string) (string, bool) {
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p, true
		}
	}
	return "", false
}

// redisServerBinary finds redis-server, or skips the test saying how to
// install it.
func redisServerBinary(t *testing.T) string {
	t.Helper()
	if p, ok := findRedisServer(); ok {
		return p
	}
	t.Skip("redis-server not installed: run `sudo bash scripts/install-redis.sh` (Debian package redis-server)")
	return ""
}

// startRedis starts a redis-server with extra arguments, waits until it
// answers PING (NOAUTH or WRONGPASS count: it is up), and kills it when
// the test ends.
func startRedis(t *testing.T, extra ...string) *redisServer {
	t.Helper()
	bin := redisServerBinary(t)
	var last error
	for range 3 { // a free port can be taken between the probe and the start
		s, err := tryStartRedis(t, bin, extra)
		if err == nil {
			return s
		}
		last = err
	}
	t.Fatalf("redis-server did not start: %v", last)
	return nil
}

func tryStartRedis(t *testing.T, bin string, extra []string) (*redisServer, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &redisServer{t: t, addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), out: &syncBuffer{}}
	s.cmd = exec.Command(bin, append([]string{
		"--port", strconv.Itoa(port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--daemonize", "no",
		"--dir", t.TempDir(), "--loglevel", "warning"}, extra...)...)
	s.cmd.Stdout, s.cmd.Stderr = s.out, s.out
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	exited := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		s.mu.Lock()
		if s.stopped {
			_ = s.cmd.Process.Signal(syscall.SIGCONT)
		}
		s.mu.Unlock()
		_ = s.cmd.Process.Kill()
		<-exited
	})
	c := redis.NewClient(&redis.Options{Addr: s.addr, DialTimeout: 100 * time.Millisecond, MaxRetries: -1})
	defer c.Close()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		select {
		case <-exited:
			return nil, errors.New("redis-server exited: " + s.out.String())
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		err = c.Ping(ctx).Err()
		cancel()
		if err == nil || strings.Contains(err.Error(), "NOAUTH") || strings.Contains(err.Error(), "WRONGPASS") {
			return s, nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return nil, errors.New("redis-server did not answer PING within 5 s: " + err.Error() + "; output: " + s.out.String())
}

// client is a go-redis client of s, closed when the test ends.
func (s *redisServer) client(opts *redis.Options) *redis.Client {
	if opts == nil {
		opts = &redis.Options{}
	}
	opts.Addr = s.addr
	c := redis.NewClient(opts)
	s.t.Cleanup(func() { _ = c.Close() })
	return c
}

// kill ends the server: Redis down.
func (s *redisServer) kill() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		_ = s.cmd.Process.Signal(syscall.SIGCONT)
		s.stopped = false
	}
	if err := s.cmd.Process.Kill(); err != nil {
		s.t.Fatal(err)
	}
	// Killed is not yet gone: wait until the port refuses connections.
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		c, err := net.DialTimeout("tcp", s.addr, 50*time.Millisecond)
		if err != nil {
			return
		}
		_ = c.Close()
	}
	s.t.Fatal("redis-server still accepts connections after SIGKILL")
}

// pause stops the server's process (SIGSTOP): it accepts connections (the
// kernel completes handshakes) and reads nothing: Redis slow.
func (s *redisServer) pause() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		s.t.Fatal(err)
	}
	s.stopped = true
}

// resume continues a paused server (SIGCONT).
func (s *redisServer) resume() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		s.t.Fatal(err)
	}
	s.stopped = false
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// syncBuffer collects the server's output for failure messages.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
