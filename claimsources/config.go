package claimsources

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/optview"
	"github.com/jotlib/jwt/internal/urlnorm"
)

// Defaults of Config's bounds.
const (
	// DefaultMaxSources is Config.MaxSources' default: the most members
	// "_claim_sources" may hold.
	DefaultMaxSources = 8
	// DefaultMaxClaims is Config.MaxClaims' default: the most members
	// "_claim_names" may hold.
	DefaultMaxClaims = 64
	// DefaultMaxResponseBytes is Config.MaxResponseBytes' default: the
	// largest distributed claims response body read.
	DefaultMaxResponseBytes = 64 << 10
	// DefaultTimeout bounds a distributed claims request when
	// Config.HTTPClient is nil.
	DefaultTimeout = 10 * time.Second
)

// Source is one Claims Provider (OpenID Connect Core 1.0 section 5.6.2):
// the issuer whose JWTs it signs, its keys, and the endpoints its
// Distributed Claims may be fetched from.
type Source struct {
	// Issuer is the Claims Provider's issuer identifier, which a source
	// JWT's "iss" must equal exactly (section 5.6.2). Required, unique
	// among a Config's Sources.
	Issuer string
	// Key is the Claims Provider's key: any key jwt.NewVerifier takes (a
	// public key, a KeyFunc, a jwk.Set, *jwk.RemoteSet or *jwk.Provider;
	// one bound to another issuer is jwt.ErrInvalidOption). Required.
	Key any
	// Audiences, when set, are the values one of which "aud" must hold;
	// when empty, a JWT with "aud" is ErrUnexpectedAudience.
	Audiences []string
	// Endpoints are the exact https URLs this Claims Provider's
	// Distributed Claims may be fetched from, compared byte for byte.
	Endpoints []string
	// Origins are https origins (scheme://host[:port], RFC 6454) any
	// path of which may be fetched from, compared in RFC 3986 section 6.2.2
	// normal form.
	Origins []string
	// Options are further jwt options of the Claims Provider's verifier
	// (jwt.WithAlgorithms, jwt.WithLeeway, jwt.WithMaxAge, ...). A
	// jwt.WithIssuer, jwt.WithAudience or jwt.WithType in them is
	// jwt.ErrInvalidOption: Issuer, Audiences and the "typ" rule set
	// those.
	Options []jwt.Option
}

// Config configures a Resolver (OpenID Connect Core 1.0 section 5.6.2).
type Config struct {
	// Sources are the Claims Providers trusted; at least one.
	Sources []Source
	// HTTPClient fetches Distributed Claims; nil is a client with
	// DefaultTimeout. Its redirects are never followed.
	HTTPClient *http.Client
	// MaxSources, MaxClaims and MaxResponseBytes bound the work of one
	// resolution; 0 is the default, negative is jwt.ErrInvalidOption.
	MaxSources, MaxClaims int
	MaxResponseBytes      int64
}

// Resolver resolves Aggregated and Distributed Claims (OpenID Connect
// Core 1.0 section 5.6.2). It is safe for concurrent use; make one with
// NewResolver and reuse it.
type Resolver struct {
	byIssuer              map[string]*source
	endpoints             map[string]*source // exact URL
	origins               map[string]*source // normalised origin
	client                *http.Client
	maxSources, maxClaims int
	maxBytes              int64
}

// source is one configured Claims Provider, its verifier made once.
type source struct {
	issuer    string
	verifier  *jwt.Verifier
	audiences bool
}

// typeRule: a source JWT is a plain JWT (RFC 7519 section 5.1), "typ"
// absent or "JWT" (RFC 8725 section 3.11).
var typeRule = jwt.WithType("JWT", "")

// NewResolver returns a Resolver for cfg. No Sources, a Source without
// Issuer or Key, two Sources of one Issuer, an endpoint or origin that is
// not https (or listed by two Sources), a negative bound, or a Source
// option that conflicts with the Source's own rules is
// jwt.ErrInvalidOption.
func NewResolver(cfg Config) (*Resolver, error) {
	if len(cfg.Sources) == 0 {
		return nil, fmt.Errorf("%w: claimsources: Config.Sources is empty: no Claims Provider is trusted", jwt.ErrInvalidOption)
	}
	if cfg.MaxSources < 0 || cfg.MaxClaims < 0 || cfg.MaxResponseBytes < 0 {
		return nil, fmt.Errorf("%w: claimsources: negative Config bound", jwt.ErrInvalidOption)
	}
	r := &Resolver{
		byIssuer:   map[string]*source{},
		endpoints:  map[string]*source{},
		origins:    map[string]*source{},
		maxSources: orDefault(cfg.MaxSources, DefaultMaxSources),
		maxClaims:  orDefault(cfg.MaxClaims, DefaultMaxClaims),
		maxBytes:   int64(orDefault(int(cfg.MaxResponseBytes), DefaultMaxResponseBytes)),
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: DefaultTimeout}
	}
	c := *client
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	r.client = &c
	for i := range cfg.Sources {
		if err := r.add(&cfg.Sources[i]); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func orDefault(v, d int) int {
	if v == 0 {
		return d
	}
	return v
}

// add makes one Source's verifier and records its endpoints.
func (r *Resolver) add(s *Source) error {
	if s.Issuer == "" {
		return fmt.Errorf("%w: claimsources: a Source has no Issuer (OpenID Connect Core 1.0 section 5.6.2)", jwt.ErrInvalidOption)
	}
	if s.Key == nil {
		return fmt.Errorf("%w: claimsources: Source %q has no Key", jwt.ErrInvalidOption, s.Issuer)
	}
	if _, dup := r.byIssuer[s.Issuer]; dup {
		return fmt.Errorf("%w: claimsources: two Sources of issuer %q", jwt.ErrInvalidOption, s.Issuer)
	}
	if slices.Contains(s.Audiences, "") {
		return fmt.Errorf("%w: claimsources: Source %q has an empty audience", jwt.ErrInvalidOption, s.Issuer)
	}
	if err := ownedConflict(s); err != nil {
		return err
	}
	opts := slices.Clone(s.Options)
	opts = append(opts, typeRule, jwt.WithIssuer(s.Issuer), jwt.WithIssuedAt())
	if len(s.Audiences) > 0 {
		opts = append(opts, jwt.WithAudience(s.Audiences...))
	}
	v, err := jwt.NewVerifier(s.Key, opts...)
	if err != nil {
		return fmt.Errorf("claimsources: Source %q: %w", s.Issuer, err)
	}
	src := &source{issuer: s.Issuer, verifier: v, audiences: len(s.Audiences) > 0}
	r.byIssuer[s.Issuer] = src
	for _, e := range s.Endpoints {
		if err := httpsURL(e); err != nil {
			return fmt.Errorf("%w: claimsources: Source %q endpoint %q: %v", jwt.ErrInvalidOption, s.Issuer, e, err)
		}
		if _, dup := r.endpoints[e]; dup {
			return fmt.Errorf("%w: claimsources: endpoint %q listed twice", jwt.ErrInvalidOption, e)
		}
		r.endpoints[e] = src
	}
	for _, o := range s.Origins {
		n, err := urlnorm.Origin(o)
		if err != nil || !isHTTPS(n) {
			return fmt.Errorf("%w: claimsources: Source %q origin %q is not an https origin", jwt.ErrInvalidOption, s.Issuer, o)
		}
		if _, dup := r.origins[n]; dup {
			return fmt.Errorf("%w: claimsources: origin %q listed twice", jwt.ErrInvalidOption, o)
		}
		r.origins[n] = src
	}
	return nil
}

// ownedConflict refuses a Source option that sets what the Source's own
// fields set (the issuer, the audience, the "typ" rule).
func ownedConflict(s *Source) error {
	if optview.Of == nil || len(s.Options) == 0 {
		return nil
	}
	user, err := optview.Of(s.Options)
	if err != nil {
		return nil // jwt.NewVerifier reports it
	}
	if user.Issuer != "" || len(user.Audiences) > 0 || user.Types != nil {
		return fmt.Errorf("%w: claimsources: Source %q: jwt.WithIssuer, jwt.WithAudience and jwt.WithType in Options conflict with Source.Issuer, Source.Audiences and the \"typ\" rule (absent or \"JWT\")",
			jwt.ErrInvalidOption, s.Issuer)
	}
	return nil
}

// httpsURL checks that e is an absolute https URL with a host, without
// user information or fragment.
func httpsURL(e string) error {
	u, err := url.Parse(e)
	switch {
	case err != nil:
		return err
	case u.Scheme != "https":
		return fmt.Errorf("not https")
	case u.Host == "":
		return fmt.Errorf("no host")
	case u.User != nil:
		return fmt.Errorf("user information")
	case strings.Contains(e, "#"):
		return fmt.Errorf("a fragment")
	}
	return nil
}

func isHTTPS(normalised string) bool {
	return strings.HasPrefix(normalised, "https://")
}
