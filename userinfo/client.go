package userinfo

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
)

// DefaultMaxBodySize is the largest response body read when
// Config.MaxBodySize is 0: 1 MiB.
const DefaultMaxBodySize = 1 << 20

// Config is what a relying party knows of the UserInfo Endpoint (OpenID
// Connect Core 1.0 section 5.3) and its provider.
type Config struct {
	// Endpoint is the UserInfo Endpoint's URL: https (http only on the
	// loopback interface), no fragment (Discovery section 3
	// "userinfo_endpoint": "This URL MUST use the https scheme"). Empty:
	// the Provider's discovered "userinfo_endpoint" (ErrNoEndpoint at
	// Fetch when it has none).
	Endpoint string
	// Provider is the discovered OpenID Provider: its "userinfo_endpoint"
	// when Endpoint is empty, its issuer when Issuer is empty, and its keys
	// when Keys is nil. Optional when Endpoint is set.
	Provider *jwk.Provider
	// Issuer is the OP's issuer identifier, which a signed response's "iss"
	// MUST be (section 5.3.2). Empty: Provider's; set beside a Provider it
	// must be the Provider's (else no signed response could pass:
	// jwt.ErrInvalidOption).
	Issuer string
	// ClientID is the relying party's client_id, which a signed response's
	// "aud" MUST be or include (section 5.3.2).
	ClientID string
	// Keys verify a signed response (application/jwt, section 5.3.2): any
	// key jwt.NewVerifier takes (a public key, a jwk.Set, a KeyFunc, a
	// *jwk.Provider). Nil: the Provider. With neither, or without Issuer or
	// ClientID, a signed response is refused (ErrResponse): its claims
	// could not be checked.
	Keys any
	// RequireSigned refuses a JSON response (ErrResponse): for a client
	// registered with "userinfo_signed_response_alg" (OpenID Connect
	// Dynamic Client Registration 1.0 section 2), whose provider must
	// sign. It needs a key, an issuer and ClientID (else
	// jwt.ErrInvalidOption).
	RequireSigned bool
	// HTTPClient sends the requests. Nil: the Provider's client (the one
	// given to jwk.WithHTTPClient, jwk.Provider.HTTPClient), so that the
	// UserInfo Endpoint is reached as the discovery and "jwks_uri" were;
	// http.DefaultClient without a Provider or when the Provider fetches
	// with its own private client. Its redirect policy is replaced (on a
	// copy): no redirect is followed (a 3xx is ErrResponse), so the access
	// token is sent to Endpoint only.
	HTTPClient *http.Client
	// DPoP, when set, sends the access token DPoP-bound (RFC 9449 section
	// 7.1: "Authorization: DPoP", a proof with "ath" per request), through
	// a dpop.Transport over HTTPClient's transport: it remembers the
	// endpoint's DPoP-Nonce and retries once on use_dpop_nonce (section
	// 9). Nil: Bearer (RFC 6750 section 2.1).
	DPoP *dpop.Signer
	// MaxBodySize bounds the response body; 0 is DefaultMaxBodySize,
	// negative is jwt.ErrInvalidOption.
	MaxBodySize int64
}

// Client fetches UserInfo responses (OpenID Connect Core 1.0 section 5.3).
// It is safe for concurrent use; make one and reuse it.
type Client struct {
	endpoint      string
	provider      *jwk.Provider
	verifier      *jwt.Verifier // nil: signed responses refused
	why           string        // why verifier is nil
	requireSigned bool
	http          *http.Client
	dpop          bool
	maxBody       int64
}

// NewClient returns a Client for cfg. opts are further jwt options for the
// verification of signed responses (jwt.WithAlgorithms, jwt.WithLeeway,
// jwt.WithTimeFunc, jwt.WithEncoder, ...); the issuer, audience and "typ"
// rules are the package's (a jwt.WithIssuer or jwt.WithAudience naming
// other values is jwt.ErrInvalidOption). A bad Endpoint, neither Endpoint
// nor Provider, an Issuer other than the Provider's, a negative
// MaxBodySize, RequireSigned without what a signed response needs, or
// opts without a key to apply to are jwt.ErrInvalidOption.
func NewClient(cfg Config, opts ...jwt.Option) (*Client, error) {
	if cfg.Endpoint == "" && cfg.Provider == nil {
		return nil, fmt.Errorf("%w: userinfo: Config.Endpoint or Config.Provider is required", jwt.ErrInvalidOption)
	}
	if cfg.Endpoint != "" {
		if err := checkEndpoint(cfg.Endpoint); err != nil {
			return nil, err
		}
	}
	if cfg.MaxBodySize < 0 {
		return nil, fmt.Errorf("%w: userinfo: negative Config.MaxBodySize %d", jwt.ErrInvalidOption, cfg.MaxBodySize)
	}
	issuer := cfg.Issuer
	if cfg.Provider != nil {
		pi := cfg.Provider.Issuer()
		if pi == "" {
			return nil, fmt.Errorf("%w: userinfo: Config.Provider not made by jwk.NewProvider or jwk.Discover", jwt.ErrInvalidOption)
		}
		if issuer == "" {
			issuer = pi
		} else if issuer != pi {
			return nil, fmt.Errorf("%w: userinfo: Config.Issuer %q is not Config.Provider's issuer %q: no signed response could pass", jwt.ErrInvalidOption, issuer, pi)
		}
	}
	keys := cfg.Keys
	if keys == nil && cfg.Provider != nil {
		keys = cfg.Provider
	}
	c := &Client{
		endpoint:      cfg.Endpoint,
		provider:      cfg.Provider,
		requireSigned: cfg.RequireSigned,
		dpop:          cfg.DPoP != nil,
		maxBody:       cfg.MaxBodySize,
	}
	if c.maxBody == 0 {
		c.maxBody = DefaultMaxBodySize
	}
	switch {
	case keys == nil:
		c.why = "no Config.Keys or Config.Provider to verify it with"
	case issuer == "":
		c.why = "no Config.Issuer to check its \"iss\" against"
	case cfg.ClientID == "":
		c.why = "no Config.ClientID to check its \"aud\" against"
	}
	if c.why == "" {
		v, err := newVerifier(keys, issuer, cfg.ClientID, opts)
		if err != nil {
			return nil, err
		}
		c.verifier = v
	} else {
		if cfg.RequireSigned {
			return nil, fmt.Errorf("%w: userinfo: Config.RequireSigned, but a signed response could never pass: %s", jwt.ErrInvalidOption, c.why)
		}
		if len(opts) > 0 {
			return nil, fmt.Errorf("%w: userinfo: jwt options given, but signed responses cannot be verified (%s): they would never apply", jwt.ErrInvalidOption, c.why)
		}
	}
	base := cfg.HTTPClient
	if base == nil && cfg.Provider != nil {
		base = cfg.Provider.HTTPClient()
	}
	c.http = httpClient(base, cfg.DPoP)
	return c, nil
}

// checkEndpoint accepts an absolute https URL with a host and no fragment
// (Discovery section 3; RFC 6749 section 3.1's rule for endpoints); http
// only on the loopback interface.
func checkEndpoint(raw string) error {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return fmt.Errorf("%w: userinfo: Config.Endpoint: %v", jwt.ErrInvalidOption, err)
	case u.Host == "" || u.Opaque != "":
		return fmt.Errorf("%w: userinfo: Config.Endpoint %q is not an absolute URL with a host", jwt.ErrInvalidOption, raw)
	case u.Fragment != "" || strings.Contains(raw, "#"):
		return fmt.Errorf("%w: userinfo: Config.Endpoint %q has a fragment", jwt.ErrInvalidOption, raw)
	case u.User != nil:
		return fmt.Errorf("%w: userinfo: Config.Endpoint %q has user info", jwt.ErrInvalidOption, raw)
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return nil
	case "http":
		if loopback(u.Hostname()) {
			return nil
		}
	}
	return fmt.Errorf("%w: userinfo: Config.Endpoint %q is not https (Discovery section 3: \"This URL MUST use the https scheme\"; http only on loopback)", jwt.ErrInvalidOption, raw)
}

// loopback reports whether host is localhost or a loopback IP.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// httpClient copies base (nil: http.DefaultClient) with no redirects
// followed, its transport wrapped in a dpop.Transport when signer is set.
func httpClient(base *http.Client, signer *dpop.Signer) *http.Client {
	var c http.Client
	if base != nil {
		c = *base
	} else {
		c = *http.DefaultClient
	}
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	if signer != nil {
		c.Transport = &dpop.Transport{Signer: signer, Base: c.Transport}
	}
	return &c
}

// resolveEndpoint returns the endpoint: Config.Endpoint, or the Provider's
// "userinfo_endpoint", discovering first when it has not yet.
func (c *Client) resolveEndpoint(ctx context.Context) (string, error) {
	if c.endpoint != "" {
		return c.endpoint, nil
	}
	m, ok := c.provider.Metadata()
	if !ok {
		if err := c.provider.Ready(ctx); err != nil {
			return "", fmt.Errorf("%w: userinfo: discovering the UserInfo Endpoint: %w", ErrFetch, err)
		}
		m, _ = c.provider.Metadata()
	}
	if m.UserInfoEndpoint == "" {
		return "", fmt.Errorf("%w: the discovery document of %q has no \"userinfo_endpoint\"", ErrNoEndpoint, c.provider.Issuer())
	}
	return m.UserInfoEndpoint, nil
}
