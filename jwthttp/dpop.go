package jwthttp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/internal/sentinel"
)

// DPoPMode says which access tokens the Middleware accepts: bearer tokens
// (RFC 6750), DPoP-bound ones (RFC 9449 section 7), or both. In every
// mode a bearer token bound to a DPoP key ("cnf" "jkt", RFC 9449 section
// 6.1) is refused (RFC 9449 section 7.2; see WithDPoP).
type DPoPMode int

const (
	// DPoPDisabled accepts bearer tokens only (RFC 6750), the zero value:
	// the DPoP scheme is an unsupported one, so a request whose
	// Authorization field holds "DPoP <token>" alone carries no bearer
	// token (ErrNoToken: 401, a Bearer challenge without error code, RFC
	// 6750 section 3.1, "attempted using an unsupported authentication
	// method").
	DPoPDisabled DPoPMode = iota
	// DPoPAllowed accepts both: "Bearer <token>" (RFC 6750 section 2) and
	// "DPoP <token>" with a DPoP proof (RFC 9449 section 7.1). Challenges
	// offer both schemes, Bearer's first (RFC 9449 section 7.2; RFC 9110
	// section 11.6.1).
	DPoPAllowed
	// DPoPRequired accepts DPoP-bound access tokens only (RFC 9449
	// section 7.1): a request with a bearer token is one of an
	// unsupported scheme (ErrDPoPRequired, matching ErrNoToken: 401, a DPoP
	// challenge without error code, RFC 6750 section 3.1), and challenges
	// offer DPoP alone. The metadata document says
	// "dpop_bound_access_tokens_required": true and
	// "bearer_methods_supported": [] (RFC 9728 section 2). Sources other
	// than the Authorization header (a form, query or cookie token is a
	// bearer token) are refused by New.
	DPoPRequired
)

// String names the mode ("DPoPDisabled", ...).
func (m DPoPMode) String() string {
	switch m {
	case DPoPDisabled:
		return "DPoPDisabled"
	case DPoPAllowed:
		return "DPoPAllowed"
	case DPoPRequired:
		return "DPoPRequired"
	}
	return fmt.Sprintf("DPoPMode(%d)", int(m))
}

// ErrDPoPRequired reports a request sent with the Bearer scheme (or a
// form, query or cookie token) to a Middleware in DPoPRequired mode (RFC
// 9449 section 7.1). It matches ErrNoToken: the request attempted an
// unsupported authentication method, so its challenge carries no error
// code (RFC 6750 section 3.1), and CredentialsOptional lets it through
// anonymous as it does a request of any other unsupported scheme.
var ErrDPoPRequired error = sentinel.New("jwthttp: a bearer token where DPoP is required", ErrNoToken)

// WithDPoP accepts DPoP-bound access tokens (RFC 9449 section 7) in mode
// (DPoPAllowed, DPoPRequired; DPoPDisabled, where v may be nil, turns it
// off), checked with v. A request "Authorization: DPoP <token>" (the
// scheme in any case; token68, section 7.1) passes when, in this order:
// the VerifyFunc accepts the token (401 invalid_token) and it names the
// resource; the token carries "cnf" "jkt" (dpop.BoundKey; else
// dpop.ErrNotBound, 401 invalid_token, a token that is not a JWT
// included: DPoP needs JWT access tokens carrying "cnf" "jkt"; a "cnf"
// binding by another method is dpop.ErrUnsupportedBinding, 401
// invalid_token); v.VerifyRequest accepts the request's one DPoP proof for
// the request's method and URL (htu from the verifier's origins and the
// path the client sent, r.RequestURI's, so http.StripPrefix in front is
// fine) and its "ath" for the token (a 401 with
// error="invalid_dpop_proof" for dpop.ErrInvalidProof, a replayed proof
// included; error="use_dpop_nonce" with a DPoP-Nonce header for
// dpop.ErrUseNonce, section 9; 503 with Retry-After, no challenge, for
// replay.ErrUnavailable: a replay store that cannot answer refuses, fail
// closed); the proof's key is the one the token is bound to
// (Proof.CheckBinding: dpop.ErrBindingMismatch, 401 invalid_token); then
// RequireScopes and the Rules. ProofFrom gives the handler the verified
// proof. A DPoP header sent beside a bearer token is not read: the token
// is a bearer token, accepted as one unless it is bound.
//
// In DPoPDisabled and DPoPAllowed mode, and without WithDPoP too, a bearer
// token whose verified claims carry "cnf" "jkt" is refused (dpop.ErrBoundTokenAsBearer,
// 401 invalid_token): RFC 9449 section 7.2 requires it of a resource
// accepting both schemes; we refuse it everywhere, where a resource unaware
// of DPoP would accept it (section 7.2), since a DPoP-bound token presented
// without its proof is what a thief of the token would send. So is one
// whose "cnf" binds it by another method without "jkt" ("x5t#S256" of
// mutual TLS, RFC 8705: dpop.ErrUnsupportedBinding, 401 invalid_token),
// which peers reading "jkt" alone accept as a bearer token: an mTLS-bound
// token needs a verifier that checks the client certificate. A bearer
// token that is not a JWT (an opaque token a VerifyFunc of one's own
// accepted, dpop.ErrNotJWT) has no claims to read and is taken as unbound
// (section 7.2): the VerifyFunc answers for its binding.
//
// Under DPoPRequired, a request with the Bearer scheme, its token bound or
// not, is a 401 without error code (ErrDPoPRequired, RFC 6750 section 3.1:
// an unsupported scheme) with a DPoP challenge only: its token is not
// verified or read.
//
// Every 401 with a DPoP challenge carries a fresh DPoP-Nonce when v has a
// nonce source (dpop.Config.Nonces; RFC 9449 sections 8.2 and 9), so a
// client learns the nonce from its first refusal; WithDPoPNonceOnSuccess
// sends one on accepted requests too. For browser clients, a CORS handler
// in front must expose WWW-Authenticate and DPoP-Nonce
// (Access-Control-Expose-Headers, RFC 9449 sections 7.1 and 8).
//
// A nil v with DPoPAllowed or DPoPRequired, an unknown mode, WithDPoP
// given twice, a verifier accepting no algorithm, one that cannot check a
// request (neither dpop.Config.Origins nor TrustRequestHost: its
// VerifyRequest is dpop.ErrInvalidConfig), one whose nonce source fails,
// and DPoPRequired with a form, query or cookie source (WithSources) are
// jwt.ErrInvalidOption from New.
func WithDPoP(v *dpop.Verifier, mode DPoPMode) Option {
	return func(c *config) error {
		if c.dpopSet {
			return fmt.Errorf("%w: jwthttp: WithDPoP given twice", errOption)
		}
		switch mode {
		case DPoPDisabled:
		case DPoPAllowed, DPoPRequired:
			if v == nil {
				return fmt.Errorf("%w: jwthttp: WithDPoP: nil *dpop.Verifier with %v", errOption, mode)
			}
			c.dpop = v
		default:
			return fmt.Errorf("%w: jwthttp: WithDPoP: unknown mode %v", errOption, mode)
		}
		c.dpopSet, c.dpopMode = true, mode
		return nil
	}
}

// WithDPoPNonceOnSuccess sends a fresh DPoP-Nonce (RFC 9449 sections 8.2
// and 9: "the server MAY supply a new nonce") on the response to every
// accepted DPoP request, before the handler runs, so that a client
// replacing its nonce from each response never meets use_dpop_nonce
// when a nonce ages. It needs WithDPoP in DPoPAllowed or DPoPRequired
// mode with a verifier that has a nonce source (dpop.Config.Nonces): New
// refuses it otherwise (jwt.ErrInvalidOption), as it could never send
// one.
func WithDPoPNonceOnSuccess() Option {
	return func(c *config) error {
		c.nonceOnSuccess = true
		return nil
	}
}

// setupDPoP checks WithDPoP's configuration at New and keeps what each
// request needs.
func (m *Middleware[C]) setupDPoP() error {
	v := m.cfg.dpop
	if v == nil {
		if m.cfg.nonceOnSuccess {
			return fmt.Errorf("%w: jwthttp: WithDPoPNonceOnSuccess without WithDPoP in DPoPAllowed or DPoPRequired mode: no DPoP request to answer", errOption)
		}
		return nil
	}
	algs := v.Algorithms()
	if len(algs) == 0 {
		return fmt.Errorf("%w: jwthttp: WithDPoP: the verifier accepts no proof algorithm (RFC 9449 section 7.1 algs)", errOption)
	}
	names := make([]string, len(algs))
	for i, a := range algs {
		names[i] = a.String()
	}
	// A verifier without origins refuses every request (dpop.ErrInvalidConfig) before reading it: ask
	// it with a request without proof, which any other answers with dpop.ErrNoProof.
	probe := &http.Request{Method: http.MethodGet, URL: &url.URL{Path: "/"}, Header: http.Header{}}
	if _, err := v.VerifyRequest(context.Background(), probe, ""); errors.Is(err, jwt.ErrInvalidOption) {
		return fmt.Errorf("%w: jwthttp: WithDPoP: the verifier cannot check a request's proof: %w", errOption, err)
	}
	nonce, err := v.NewNonce()
	if err != nil {
		return fmt.Errorf("%w: jwthttp: WithDPoP: the verifier's nonce source fails: %w", errOption, err)
	}
	if m.cfg.nonceOnSuccess && nonce == "" {
		return fmt.Errorf("%w: jwthttp: WithDPoPNonceOnSuccess: the verifier has no nonce source (dpop.Config.Nonces)", errOption)
	}
	if s := m.cfg.sources; m.cfg.dpopMode == DPoPRequired && (s.Form || s.Query || s.Cookie != "") {
		return fmt.Errorf("%w: jwthttp: WithDPoP(DPoPRequired) with WithSources accepting a form, query or cookie token: those are bearer tokens (RFC 6750 section 2), which DPoPRequired refuses", errOption)
	}
	m.algs, m.algsAttr, m.nonces = names, strings.Join(names, " "), nonce != ""
	return nil
}

// dpopProof verifies the DPoP proof of r, a request carrying the verified
// access token with the DPoP scheme (RFC 9449 section 7.1): the token is
// bound ("cnf" "jkt", section 6.1), the proof is valid for r and token
// (section 4.3, "ath" included), and its key is the bound one.
func (m *Middleware[C]) dpopProof(r *http.Request, token string) (*dpop.Proof, error) {
	jkt, err := dpop.BoundKey(token)
	if errors.Is(err, dpop.ErrNotJWT) {
		return nil, fmt.Errorf("%w: %w (DPoP needs a JWT access token carrying \"cnf\" \"jkt\")", dpop.ErrNotBound, err)
	}
	if err != nil {
		return nil, err
	}
	if jkt == "" {
		return nil, dpop.ErrNotBound // refused before the proof spends a replay entry
	}
	p, err := m.cfg.dpop.VerifyRequest(r.Context(), r, token)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, fmt.Errorf("%w: jwthttp: the verifier returned no proof and no error", dpop.ErrInvalidProof)
	}
	if err := p.CheckBinding(jkt); err != nil {
		return nil, err
	}
	return p, nil
}

// setNonce sets a fresh DPoP-Nonce on h (RFC 9449 section 8.2).
func (m *Middleware[C]) setNonce(h http.Header) error {
	nonce, err := m.cfg.dpop.NewNonce()
	if err != nil {
		return err
	}
	if validNonce(nonce) {
		h.Set("DPoP-Nonce", nonce)
	}
	return nil
}

// validNonce reports whether s is a nonce (RFC 9449 section 8.1: 1*NQCHAR),
// which a header carries unchanged.
func validNonce(s string) bool {
	return s != "" && keep(s, isScopeChar) == s
}

// ProofFrom returns the verified DPoP proof of the request (RFC 9449
// section 7.1: its key's thumbprint JKT is the access token's "cnf"
// "jkt"), for a handler that records the key or the proof's "jti". ok is
// false for a bearer token, an anonymous request, or a context that did
// not pass through the Middleware.
func ProofFrom(ctx context.Context) (proof *dpop.Proof, ok bool) {
	if ctx == nil {
		return nil, false
	}
	v, found := ctx.Value(verifiedKey{}).(*verified)
	if !found || v.proof == nil {
		return nil, false
	}
	return v.proof, true
}
