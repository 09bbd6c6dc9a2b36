//lint:file-ignore SA1019 the guard checks the deprecated Dial and DialTLS a caller may still set (they are what http.Transport uses when set)

package vc

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"reflect"
	"syscall"
	"time"
)

// errInternalAddress is a connection refused because its address is not
// globally reachable (draft-ietf-oauth-sd-jwt-vc section 7.1).
var errInternalAddress = errors.New("address is not globally reachable (draft-ietf-oauth-sd-jwt-vc section 7.1, RFC 6890)")

// notGlobal are the special-purpose ranges (RFC 6890 and its updates) that
// netip.Addr's predicates do not cover and that are not globally reachable.
var notGlobal = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),   // shared address space (RFC 6598)
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // TEST-NET-1
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // TEST-NET-2
	netip.MustParsePrefix("203.0.113.0/24"),  // TEST-NET-3
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, and the limited broadcast
	netip.MustParsePrefix("192.88.99.0/24"),  // 6to4 relay anycast (RFC 7526): may reach private IPv4
	netip.MustParsePrefix("::/96"),           // IPv4-compatible (RFC 4291 2.5.5.1, deprecated), :: and ::1 among them
	netip.MustParsePrefix("::ffff:0:0/96"),   // IPv4-mapped (RFC 6890: not global; its IPv4 address is checked too)
	netip.MustParsePrefix("::ffff:0:0:0/96"), // IPv4-translated (RFC 2765): may reach private IPv4
	netip.MustParsePrefix("fec0::/10"),       // site-local (RFC 3879, deprecated)
	netip.MustParsePrefix("64:ff9b::/96"),    // NAT64: may reach private IPv4
	netip.MustParsePrefix("64:ff9b:1::/48"),  // local-use NAT64
	netip.MustParsePrefix("100::/64"),        // discard-only
	netip.MustParsePrefix("2001::/23"),       // IETF protocol assignments
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("2002::/16"),       // 6to4: may reach private IPv4
}

// globallyReachable reports whether a is an address section 7.1 lets a
// Consumer connect to.
func globallyReachable(a netip.Addr) bool {
	for _, p := range notGlobal {
		if p.Contains(a) {
			return false
		}
	}
	a = a.Unmap()
	if !a.IsValid() || a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return false
	}
	for _, p := range notGlobal {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// refuseInternal is a net.Dialer Control function: it runs after name
// resolution on the address about to be dialled, so neither a DNS name nor
// a redirect reaches an internal address.
func refuseInternal(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil || !globallyReachable(ap.Addr()) {
		return fmt.Errorf("%w: %s", errInternalAddress, address)
	}
	return nil
}

// stdDefaultTransport is http.DefaultTransport as net/http made it, before
// an application could replace it: its dialling is a plain net.Dialer's,
// which guardedClient may replace by one that checks before connecting.
var stdDefaultTransport = http.DefaultTransport

// stdDefaultDial identifies the code of net/http's DefaultTransport
// DialContext, so that one an application set in its place is seen.
var stdDefaultDial = dialCode(stdDefaultTransport)

// dialCode is the code pointer of rt's DialContext, 0 when rt is not an
// *http.Transport or has none.
func dialCode(rt http.RoundTripper) uintptr {
	t, ok := rt.(*http.Transport)
	if !ok || t == nil || t.DialContext == nil {
		return 0
	}
	return reflect.ValueOf(t.DialContext).Pointer()
}

// guardedClient returns the client the fetches use. With allowInternal it
// is client itself (or a private default one). Otherwise every connection
// must reach a globally reachable address:
//   - a nil client becomes a private one whose dialer refuses the others
//     before connecting (net.Dialer Control);
//   - a client with a nil Transport gets a copy of http.DefaultTransport
//     without its environment proxy (http.ProxyFromEnvironment; another
//     proxy is refused), dialling as net/http does, checked before
//     connecting; a dialer the application set on http.DefaultTransport
//     (or a replacing *http.Transport's) is kept and wrapped as a
//     client's own;
//   - a client's *http.Transport is copied with its dialling wrapped (the
//     deprecated Dial and DialTLS too, never dropped): a literal address
//     is checked before their dialer runs, and a connection to another
//     address is closed before a byte is sent.
//
// A Transport (or a replaced http.DefaultTransport) that is not an
// *http.Transport, or that uses a proxy (the dialler sees the proxy's
// address, not the one asked for), cannot be guarded: ErrInvalidOption.
func guardedClient(client *http.Client, allowInternal bool) (*http.Client, error) {
	if client == nil {
		dialer := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
		if !allowInternal {
			dialer.Control = refuseInternal
		}
		return &http.Client{Transport: &http.Transport{
			DialContext:         dialer.DialContext,
			ForceAttemptHTTP2:   true,
			TLSHandshakeTimeout: 10 * time.Second,
			MaxIdleConnsPerHost: 4,
			IdleConnTimeout:     90 * time.Second,
		}}, nil
	}
	if allowInternal {
		return client, nil
	}
	var base *http.Transport
	standard := false // http.DefaultTransport's dialling as net/http made it
	envProxy := false // http.DefaultTransport's environment proxy, not used
	switch t := client.Transport.(type) {
	case nil:
		dt, ok := http.DefaultTransport.(*http.Transport)
		if !ok {
			return nil, fmt.Errorf("%w: the client has no Transport and http.DefaultTransport (%T) is not an *http.Transport, which cannot be made to refuse internal addresses (draft-ietf-oauth-sd-jwt-vc section 7.1): give the client an *http.Transport, or guard it yourself and set AllowInternalAddresses", ErrInvalidOption, http.DefaultTransport)
		}
		base = dt
		standard = http.DefaultTransport == stdDefaultTransport && dt != nil && dt.Dial == nil &&
			stdDefaultDial != 0 && dialCode(dt) == stdDefaultDial
		envProxy = dt != nil && dt.Proxy != nil &&
			reflect.ValueOf(dt.Proxy).Pointer() == reflect.ValueOf(http.ProxyFromEnvironment).Pointer()
	case *http.Transport:
		base = t
	default:
		return nil, fmt.Errorf("%w: the client's Transport (%T) cannot be made to refuse internal addresses (draft-ietf-oauth-sd-jwt-vc section 7.1): guard it yourself and set AllowInternalAddresses", ErrInvalidOption, t)
	}
	if base == nil {
		return nil, fmt.Errorf("%w: a nil *http.Transport", ErrInvalidOption)
	}
	if base.Proxy != nil && !envProxy {
		return nil, fmt.Errorf("%w: the client's Transport uses a proxy, which hides the address dialled (draft-ietf-oauth-sd-jwt-vc section 7.1): have the proxy refuse internal addresses and set AllowInternalAddresses", ErrInvalidOption)
	}
	t := base.Clone()
	t.Proxy = nil // only reached for http.DefaultTransport's environment proxy, which is not used
	switch {
	case standard || t.DialContext == nil && t.Dial == nil:
		// net/http's own dialer settings, checked before connecting.
		d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second, Control: refuseInternal}
		t.DialContext = d.DialContext
	case t.DialContext != nil:
		t.DialContext = checkedDial(t.DialContext) // it has priority over Dial, which net/http then ignores
	default:
		t.DialContext = checkedDial(withContext(t.Dial))
	}
	t.Dial = nil
	switch {
	case t.DialTLSContext != nil:
		t.DialTLSContext = checkedDial(t.DialTLSContext) // it has priority over DialTLS
	case t.DialTLS != nil:
		t.DialTLSContext = checkedDial(withContext(t.DialTLS))
	}
	t.DialTLS = nil
	c := *client
	c.Transport = t
	return &c, nil
}

// withContext adapts a deprecated Transport.Dial or Transport.DialTLS to
// the context form; the context only bounds the wait for it.
func withContext(dial func(network, addr string) (net.Conn, error)) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(_ context.Context, network, addr string) (net.Conn, error) { return dial(network, addr) }
}

// checkedDial wraps dial: an address that is a literal IP address not
// globally reachable is refused before dial runs; a connection whose
// remote address is not globally reachable is closed and refused.
func checkedDial(dial func(ctx context.Context, network, addr string) (net.Conn, error)) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		if ap, err := netip.ParseAddrPort(addr); err == nil && !globallyReachable(ap.Addr()) {
			return nil, fmt.Errorf("%w: %s", errInternalAddress, addr)
		}
		conn, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		remote := conn.RemoteAddr()
		if remote == nil {
			conn.Close()
			return nil, fmt.Errorf("%w: the connection has no remote address", errInternalAddress)
		}
		ap, perr := netip.ParseAddrPort(remote.String())
		if perr != nil || !globallyReachable(ap.Addr()) {
			conn.Close()
			return nil, fmt.Errorf("%w: %s", errInternalAddress, remote)
		}
		return conn, nil
	}
}
