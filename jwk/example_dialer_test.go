package jwk_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"syscall"
	"time"

	"github.com/jotlib/jwt/jwk"
)

// notPublic are ranges the netip.Addr methods below do not cover and
// that are not the public internet (RFC 6890); extend it for your network.
var notPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),     // "this network"
	netip.MustParsePrefix("100.64.0.0/10"), // carrier-grade NAT (RFC 6598)
	netip.MustParsePrefix("192.0.0.0/24"),  // IETF protocol assignments
	netip.MustParsePrefix("198.18.0.0/15"), // benchmarking
	netip.MustParsePrefix("64:ff9b::/96"),  // NAT64: may reach private IPv4
}

// refusePrivate is a net.Dialer Control function: it runs after name
// resolution, on the address about to be dialled, so neither a DNS name
// nor a redirect can reach a private, loopback or link-local address
// (cloud metadata services live at 169.254.169.254).
func refusePrivate(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return err
	}
	a := ap.Addr().Unmap()
	bad := a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified()
	for _, p := range notPublic {
		bad = bad || p.Contains(a)
	}
	if bad {
		return fmt.Errorf("refusing to connect to %s: not a public address", a)
	}
	return nil
}

// A service that lets its tenants register issuers fetches whatever URL
// their discovery documents name ("jwks_uri" may be any https host): give
// it a client that dials public addresses only. Proxy is nil: through a
// proxy, the dialer would see the proxy's address, not the one asked for.
func ExampleWithHTTPClient_refusePrivateAddresses() {
	dialer := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second, Control: refusePrivate}
	client := &http.Client{Transport: &http.Transport{
		Proxy:               nil,
		DialContext:         dialer.DialContext,
		ForceAttemptHTTP2:   true,
		TLSHandshakeTimeout: 10 * time.Second,
		MaxIdleConnsPerHost: 4,
	}}

	// A tenant's issuer inside the service's own network (here on 127.0.0.1).
	internal := httptest.NewTLSServer(http.NotFoundHandler())
	defer internal.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := jwk.Discover(ctx, internal.URL, jwk.WithHTTPClient(client))
	fmt.Println(errors.Is(err, jwk.ErrFetch), strings.Contains(err.Error(), "not a public address"))
	// Output: true true
}
