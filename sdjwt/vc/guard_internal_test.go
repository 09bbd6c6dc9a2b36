//lint:file-ignore SA1019 the guard checks the deprecated Dial and DialTLS a caller may still set (they are what http.Transport uses when set)

package vc

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// stubRoundTripper is an http.RoundTripper that is not an *http.Transport.
type stubRoundTripper struct{}

func (stubRoundTripper) RoundTrip(*http.Request) (*http.Response, error) {
	return nil, errors.New("stub")
}

// An application may replace http.DefaultTransport with any RoundTripper:
// a client with a nil Transport then cannot be guarded, and says so.
func TestSDJWTVC_7_1_ReplacedDefaultTransportRefusedNotPanicking(t *testing.T) {
	saved := http.DefaultTransport
	http.DefaultTransport = stubRoundTripper{}
	defer func() { http.DefaultTransport = saved }()
	if _, err := guardedClient(&http.Client{}, false); !errors.Is(err, ErrInvalidOption) {
		t.Fatalf("got %v; want ErrInvalidOption", err)
	}
	if _, err := guardedClient(&http.Client{}, true); err != nil {
		t.Fatalf("with AllowInternalAddresses: %v", err)
	}
}

// freePort is a 127.0.0.1 address nothing listens on.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// countingListener accepts on 127.0.0.1 and counts the connections.
func countingListener(t *testing.T) (string, *atomic.Int64) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	var n atomic.Int64
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			n.Add(1)
			c.Close()
		}
	}()
	return ln.Addr().String(), &n
}

// For a nil Transport the address is checked before connecting: an open
// and a closed internal port give the same refusal, and no connection is
// made.
func TestSDJWTVC_7_1_NilTransportRefusesBeforeConnecting(t *testing.T) {
	open, accepted := countingListener(t)
	c, err := guardedClient(&http.Client{}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, addr := range []string{open, freePort(t)} {
		_, err := c.Get("https://" + addr + "/")
		if !errors.Is(err, errInternalAddress) {
			t.Fatalf("%s: got %v; want errInternalAddress", addr, err)
		}
		if strings.Contains(err.Error(), "refused") && !strings.Contains(err.Error(), "not globally reachable") {
			t.Fatalf("%s: the port's state shows: %v", addr, err)
		}
	}
	if n := accepted.Load(); n != 0 {
		t.Fatalf("%d connections made", n)
	}
}

// A literal internal address is refused before their dialer runs.
func TestSDJWTVC_7_1_LiteralAddressRefusedBeforeTheirDial(t *testing.T) {
	var dials atomic.Int64
	dial := checkedDial(func(ctx context.Context, network, addr string) (net.Conn, error) {
		dials.Add(1)
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	})
	for _, addr := range []string{freePort(t), "[::1]:443", "10.0.0.1:443"} {
		if _, err := dial(context.Background(), "tcp", addr); !errors.Is(err, errInternalAddress) {
			t.Fatalf("%s: got %v; want errInternalAddress", addr, err)
		}
	}
	if dials.Load() != 0 {
		t.Fatalf("their dialer ran %d times", dials.Load())
	}
}

// The deprecated Transport.Dial and Transport.DialTLS are guarded as
// DialContext and DialTLSContext are: kept (never silently replaced) and
// checked.
func TestSDJWTVC_7_1_DeprecatedDialAndDialTLSGuarded(t *testing.T) {
	open, _ := countingListener(t)
	var dials atomic.Int64
	d := func(network, addr string) (net.Conn, error) {
		dials.Add(1)
		return net.Dial(network, open) // a name resolved to an internal address
	}
	for name, tr := range map[string]*http.Transport{
		"Dial":    {Dial: d},
		"DialTLS": {DialTLS: d},
		"Both":    {Dial: d, DialTLS: d},
	} {
		dials.Store(0)
		c, err := guardedClient(&http.Client{Transport: tr}, false)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g := c.Transport.(*http.Transport)
		if g.Dial != nil || g.DialTLS != nil {
			t.Fatalf("%s: an unguarded deprecated dial kept", name)
		}
		_, err = c.Get("https://issuer.example.com/")
		if !errors.Is(err, errInternalAddress) || dials.Load() == 0 {
			t.Fatalf("%s: got %v after %d dials; want their dial used and refused", name, err, dials.Load())
		}
	}
}

// A dialer the application set on net/http's DefaultTransport is kept
// (checked after connecting), never replaced by ours.
func TestSDJWTVC_7_1_DialerSetOnDefaultTransportKept(t *testing.T) {
	dt := http.DefaultTransport.(*http.Transport)
	saved := dt.DialContext
	open, _ := countingListener(t)
	var dials atomic.Int64
	dt.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		dials.Add(1)
		return (&net.Dialer{}).DialContext(ctx, network, open)
	}
	defer func() { dt.DialContext = saved }()
	c, err := guardedClient(&http.Client{}, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Get("https://issuer.example.com/"); !errors.Is(err, errInternalAddress) || dials.Load() == 0 {
		t.Fatalf("got %v after %d dials; want their dialer used and refused", err, dials.Load())
	}
}
