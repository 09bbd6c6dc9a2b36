package jwthttp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

// errOption is the error of every unusable Option: it matches
// jwt.ErrInvalidOption.
var errOption = jwt.ErrInvalidOption

// Option configures a Middleware (New): where tokens are taken from (RFC
// 6750 section 2), its challenges (section 3), its resource (RFC 9728).
type Option func(*config) error

// config is what the Options set.
type config struct {
	sources       Sources
	sourcesSet    bool
	realm         string
	resource      *Resource
	optional      bool
	scopes        []string
	rules         []any
	errorHandler  ErrorHandler
	audByVerifier bool

	dpop           *dpop.Verifier // nil: DPoP disabled
	dpopMode       DPoPMode
	dpopSet        bool
	nonceOnSuccess bool
}

// WithSources says where a token may be sent (RFC 6750 section 2; the
// default is the Authorization header only). It also gives the metadata
// document's bearer_methods_supported (RFC 9728 section 2). A
// Sources.Cookie that is not an RFC 6265 cookie-name is
// jwt.ErrInvalidOption.
func WithSources(s Sources) Option {
	return func(c *config) error {
		if c.sourcesSet {
			return fmt.Errorf("%w: jwthttp: WithSources given twice", errOption)
		}
		if s.Cookie != "" && !validCookieName(s.Cookie) {
			return fmt.Errorf("%w: jwthttp: WithSources: Sources.Cookie is not a cookie-name (RFC 6265 section 4.1.1: a token, no separator, space or control character)", errOption)
		}
		c.sources, c.sourcesSet = s, true
		return nil
	}
}

// WithRealm sets the challenges' realm attribute (RFC 6750 section 3; RFC
// 9110 section 11.5). It must be printable ASCII.
func WithRealm(realm string) Option {
	return func(c *config) error {
		if realm == "" || !printable(realm) {
			return fmt.Errorf("%w: jwthttp: WithRealm: the realm must be non-empty printable ASCII", errOption)
		}
		c.realm = realm
		return nil
	}
}

// WithResource names the protected resource (RFC 9728; RFC 8707): every
// challenge carries its metadata URL in resource_metadata (RFC 9728
// section 5.1), and Middleware.Metadata serves its document. The audience
// is the verifier's to check: configure it with res.ID
// (jwt.WithAudience(res.ID), accesstoken.Config{Audience: res.ID}). The
// Middleware checks it again, reading "aud" from claims embedding
// claims.Registered (by value or by pointer), *accesstoken.Claims,
// map[string]any or *map[string]any: a verified token whose "aud" does not
// name res.ID (or res.Audience) is a 401 invalid_token matching
// jwt.ErrInvalidAudience, so a verifier made without WithAudience cannot
// accept another resource's tokens (RFC 8707 section 2; RFC 9068 section
// 4). For a claims type whose "aud" it cannot read (a named map type, a
// field of your own) New refuses WithResource with jwt.ErrInvalidOption
// unless WithAudienceCheckedByVerifier says the verifier checks it.
func WithResource(res Resource) Option {
	return func(c *config) error {
		if c.resource != nil {
			return fmt.Errorf("%w: jwthttp: WithResource given twice", errOption)
		}
		c.resource = &res
		return nil
	}
}

// WithAudienceCheckedByVerifier says the VerifyFunc alone checks that a
// token's "aud" names the resource (RFC 8707 section 2; RFC 9068 section
// 4), for a claims type whose "aud" the Middleware cannot read (see
// WithResource): without it New refuses such a type with WithResource
// rather than skip the check silently. It needs WithResource.
func WithAudienceCheckedByVerifier() Option {
	return func(c *config) error {
		c.audByVerifier = true
		return nil
	}
}

// CredentialsOptional lets a request without any token (RFC 6750 section
// 3.1: "lacks any authentication information") through to the handler,
// anonymous (ClaimsFrom reports false); a request carrying a token, valid
// or not, is verified as ever, and a bad one refused. Rules do not run for
// an anonymous request; New refuses it with RequireScopes.
func CredentialsOptional() Option {
	return func(c *config) error {
		c.optional = true
		return nil
	}
}

// WithErrorHandler replaces WriteError, which answers refused requests
// (RFC 6750 section 3); the handler receives the typed cause (Error).
func WithErrorHandler(h ErrorHandler) Option {
	return func(c *config) error {
		if h == nil {
			return fmt.Errorf("%w: jwthttp: WithErrorHandler: nil handler", errOption)
		}
		c.errorHandler = h
		return nil
	}
}

// Middleware verifies the bearer token of each request (RFC 6750 section
// 2) before the handler it wraps runs, and answers a refusal with the
// challenge of section 3. It is safe for concurrent use; one Middleware
// per set of requirements (RequireScopes per route: New another).
type Middleware[C any] struct {
	verify   VerifyFunc[C]
	cfg      config
	rules    []func(*http.Request, C) error
	scopesOf func(C) []string
	scope    string       // the required scopes, space-delimited
	audOK    func(C) bool // "aud" names the resource; nil: not readable
	isNil    func(C) bool // the claims are a nil pointer, map or interface; nil: C cannot be nil
	metadata *MetadataHandler
	algs     []string // the DPoP proof algorithms (RFC 9449 section 7.1)
	algsAttr string   // algs, space-delimited
	nonces   bool     // the DPoP verifier has a nonce source (RFC 9449 section 9)
}

// New returns a Middleware verifying bearer tokens (RFC 6750), and
// DPoP-bound ones with WithDPoP (RFC 9449 section 7), with verify (see
// Core, AccessTokens). A nil verify, an unusable option, or options
// no request could pass (a Rule of another claims type, RequireScopes on
// claims that report no scope or naming a scope outside Resource.Scopes,
// RequireScopes with CredentialsOptional) are jwt.ErrInvalidOption.
func New[C any](verify VerifyFunc[C], opts ...Option) (*Middleware[C], error) {
	if verify == nil {
		return nil, fmt.Errorf("%w: jwthttp: New: nil VerifyFunc", errOption)
	}
	m := &Middleware[C]{verify: verify, cfg: config{errorHandler: WriteError}, isNil: nilCheck[C]()}
	for _, o := range opts {
		if o == nil {
			return nil, fmt.Errorf("%w: jwthttp: New: nil Option", errOption)
		}
		if err := o(&m.cfg); err != nil {
			return nil, err
		}
	}
	for _, r := range m.cfg.rules {
		rule, ok := r.(func(*http.Request, C) error)
		if !ok {
			var zero C
			return nil, fmt.Errorf("%w: jwthttp: Rule takes %T, not the Middleware's claims type %T", errOption, r, zero)
		}
		m.rules = append(m.rules, rule)
	}
	if len(m.cfg.scopes) > 0 {
		if m.cfg.optional {
			return nil, fmt.Errorf("%w: jwthttp: RequireScopes with CredentialsOptional: an anonymous request would pass where a token without the scope is refused", errOption)
		}
		read, ok := scopeReader[C]()
		if !ok {
			var zero C
			return nil, fmt.Errorf("%w: jwthttp: RequireScopes: claims type %T reports no scopes; implement Scopes() []string (embed jwthttp.ScopeClaims)", errOption, zero)
		}
		m.scopesOf = read
		m.scope = strings.Join(m.cfg.scopes, " ")
	}
	if err := m.setupDPoP(); err != nil {
		return nil, err
	}
	if res := m.cfg.resource; res != nil {
		h, err := newMetadataHandler(*res, m.cfg.sources, m.dpopMetadata())
		if err != nil {
			return nil, err
		}
		for _, s := range m.cfg.scopes {
			if len(res.Scopes) > 0 && !contains(res.Scopes, s) {
				return nil, fmt.Errorf("%w: jwthttp: RequireScopes: %q is not in Resource.Scopes (scopes_supported, RFC 9728 section 2)", errOption, s)
			}
		}
		m.metadata = h
		aud := res.Audience
		if aud == "" {
			aud = res.ID
		}
		m.audOK = audienceReader[C](aud)
		if m.audOK == nil && !m.cfg.audByVerifier {
			var zero C
			return nil, fmt.Errorf("%w: jwthttp: WithResource: the Middleware cannot read \"aud\" of claims type %T (embed claims.Registered, or use map[string]any), so it cannot check the audience (RFC 8707 section 2): make the verifier check it (jwt.WithAudience(res.ID)) and say so with WithAudienceCheckedByVerifier", errOption, zero)
		}
	} else if m.cfg.audByVerifier {
		return nil, fmt.Errorf("%w: jwthttp: WithAudienceCheckedByVerifier without WithResource: there is no resource whose audience to check", errOption)
	}
	return m, nil
}

// Metadata returns the handler of the Protected Resource Metadata
// document (RFC 9728 section 3) of WithResource's resource, nil without
// one.
func (m *Middleware[C]) Metadata() *MetadataHandler {
	if m == nil {
		return nil
	}
	return m.metadata
}

// Handler returns next protected: it runs with the verified claims in the
// request's context (ClaimsFrom) once the request's one token (Sources)
// passed the VerifyFunc, the scope requirement and the Rules; any refusal
// goes to the error handler (WriteError by default) and next does not run.
// A token sent in the query (Sources.Query) makes the response
// Cache-Control: private (RFC 6750 section 2.3). The Middleware applies to
// every method: put a CORS handler for preflight OPTIONS requests, which
// carry no credentials, in front of it. A nil or zero Middleware, or a nil
// next, answers every request with 500, and so does any Middleware a nil
// *http.Request.
func (m *Middleware[C]) Handler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if m == nil || m.verify == nil || next == nil || r == nil {
			http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
			return
		}
		ctx, inQuery, e := m.check(r)
		if e != nil {
			m.cfg.errorHandler(w, r, e)
			return
		}
		if m.cfg.nonceOnSuccess {
			if _, isDPoP := ProofFrom(ctx); isDPoP {
				if err := m.setNonce(w.Header()); err != nil {
					m.cfg.errorHandler(w, r, &Error{Status: http.StatusInternalServerError, Cause: fmt.Errorf("jwthttp: the DPoP nonce source failed: %w", err)})
					return
				}
			}
		}
		if inQuery {
			w.Header().Set("Cache-Control", "private") // RFC 6750 section 2.3
		}
		if ctx != nil {
			r = r.WithContext(ctx)
		}
		next.ServeHTTP(w, r)
	})
}

// check verifies r's token: the context carrying its claims, nil for an
// anonymous request let through, and whether the token came from the
// query; or the refusal.
func (m *Middleware[C]) check(r *http.Request) (context.Context, bool, *Error) {
	token, sch, inQuery, err := m.cfg.sources.credential(r, m.cfg.dpop != nil)
	if err == nil && sch == bearerScheme && m.cfg.dpopMode == DPoPRequired {
		err = ErrDPoPRequired
	}
	if err != nil {
		if errors.Is(err, ErrNoToken) && m.cfg.optional {
			return nil, false, nil
		}
		return nil, false, m.refuse(err, sch)
	}
	ctx, e := m.verified(r, token, sch)
	return ctx, inQuery, e
}

// verified runs the VerifyFunc, the audience check, the DPoP proof's
// checks (RFC 9449 section 7.1) or the bearer token's (section 7.2), the
// scope check and the Rules on token, sent with sch: the context carrying
// its claims, or the refusal.
func (m *Middleware[C]) verified(r *http.Request, token string, sch scheme) (context.Context, *Error) {
	rc := &requestCtx{probe: probeCtx{Context: r.Context(), p: bindingProbe{token: token}}}
	claims, err := m.verify(&rc.probe, token)
	if err != nil {
		return nil, m.refuse(err, sch)
	}
	if m.isNil != nil && m.isNil(claims) {
		return nil, m.refuse(ErrNilClaims, sch)
	}
	if m.audOK != nil && !m.audOK(claims) {
		return nil, m.refuse(errWrongResource, sch)
	}
	var proof *dpop.Proof
	switch {
	case sch == dpopScheme:
		if proof, err = m.dpopProof(r, token); err != nil {
			return nil, m.refuse(err, sch)
		}
	case rc.probe.p.unbound(token): // no "cnf" at all: dpop.BoundKey would find no binding (dpop_probe.go)
	default:
		if err := dpop.CheckBearer(token); err != nil { // RFC 9449 section 7.2
			return nil, m.refuse(err, sch)
		}
	}
	if m.scopesOf != nil && missingScope(m.scopesOf(claims), m.cfg.scopes) {
		return nil, m.refuse(ErrInsufficientScope, sch)
	}
	for _, rule := range m.rules {
		if err := rule(r, claims); err != nil {
			return nil, m.refuse(RuleCause(err), sch)
		}
	}
	rc.verifiedCtx = verifiedCtx{Context: r.Context(), v: verified{claims: claims, token: token, proof: proof}}
	return &rc.verifiedCtx, nil
}

// nilCheck returns the function reporting whether a C is nil, or nil when
// no C is (a struct, a string...). Checking a pointer or a map allocates
// nothing.
func nilCheck[C any]() func(C) bool {
	switch reflect.TypeFor[C]().Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return func(c C) bool { return reflect.ValueOf(any(c)).IsNil() }
	case reflect.Interface: // nil, or holding a nil pointer, map, ... (as jwtgrpc refuses)
		return func(c C) bool {
			v := reflect.ValueOf(any(c))
			if !v.IsValid() {
				return true
			}
			switch v.Kind() {
			case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer, reflect.Slice, reflect.Interface:
				return v.IsNil()
			}
			return false
		}
	case reflect.Slice:
		return func(c C) bool { return reflect.ValueOf(&c).Elem().IsNil() }
	}
	return nil
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// printable reports whether s is printable ASCII (RFC 9110 quoted-string
// content without obs-text).
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
