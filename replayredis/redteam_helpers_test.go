package replayredis_test

// Helpers of the red-team tests (prefix rt): a redis-server with extra
// arguments, and a TCP proxy in front of one.

import (
	"io"
	"net"
	"strings"
	"sync"
	"testing"
)

// rtStartRedis starts a redis-server with extra arguments (startRedis).
func rtStartRedis(t *testing.T, extra ...string) *redisServer {
	t.Helper()
	return startRedis(t, extra...)
}

// rtProxy forwards TCP connections to a Redis; while cut is set, the first
// connection that carries a SET command has that command delivered to
// Redis and its reply dropped, the connection closed: a reply lost on the
// way back (a failover, an idle timeout of a load balancer, a reset).
type rtProxy struct {
	l    net.Listener
	mu   sync.Mutex
	cut  bool
	cuts int
}

func rtNewProxy(t *testing.T, target string) *rtProxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &rtProxy{l: l}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go p.serve(c, target)
		}
	}()
	return p
}

func (p *rtProxy) addr() string { return p.l.Addr().String() }

func (p *rtProxy) serve(client net.Conn, target string) {
	server, err := net.Dial("tcp", target)
	if err != nil {
		client.Close()
		return
	}
	var mu sync.Mutex
	drop := false
	go func() { // client -> server
		buf := make([]byte, 64<<10)
		for {
			n, err := client.Read(buf)
			if n > 0 {
				lower := strings.ToLower(string(buf[:n]))
				if strings.Contains(lower, "\r\nset\r\n") {
					p.mu.Lock()
					if p.cut {
						p.cut = false
						p.cuts++
						mu.Lock()
						drop = true
						mu.Unlock()
					}
					p.mu.Unlock()
				}
				if _, werr := server.Write(buf[:n]); werr != nil {
					break
				}
			}
			if err != nil {
				break
			}
		}
		server.Close()
	}()
	buf := make([]byte, 64<<10)
	for { // server -> client
		n, err := server.Read(buf)
		mu.Lock()
		d := drop
		mu.Unlock()
		if d {
			break // the reply is lost: close without forwarding it
		}
		if n > 0 {
			if _, werr := client.Write(buf[:n]); werr != nil {
				break
			}
		}
		if err != nil {
			if err != io.EOF {
				_ = err
			}
			break
		}
	}
	client.Close()
	server.Close()
}
