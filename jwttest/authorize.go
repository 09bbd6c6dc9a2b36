package jwttest

import (
	"crypto/rand"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/internal/b64url"
)

// Paths of the Provider's OAuth 2.0 endpoints, which its metadata names
// as "authorization_endpoint" and "token_endpoint" (RFC 8414 section 2).
const (
	// PathAuthorize is the authorization endpoint (RFC 6749 section 3.1;
	// OpenID Connect Core 1.0 section 3.1.2), GET (query) or POST (form).
	// Parameters: response_type=code, client_id (ClientID), redirect_uri
	// (SetRedirectURIs), code_challenge and code_challenge_method=S256
	// (RFC 7636), all required; scope, state, nonce, resource (RFC 8707:
	// Audience only), dpop_jkt (RFC 9449 section 10), response_mode=query
	// optional. A valid request is approved as the SetSubject end-user:
	// 302 Found to redirect_uri with "code", "state" and "iss" (RFC 9207
	// section 2); other errors are redirected with "error", but a wrong
	// client_id or redirect_uri is answered 400 (RFC 6749 section 4.1.2.1).
	PathAuthorize = "/authorize"
	// PathToken is the token endpoint (RFC 6749 section 3.2), a POSTed
	// form: grant_type=authorization_code with code, redirect_uri and
	// code_verifier (RFC 6749 section 4.1.3, RFC 7636 section 4.5), or
	// grant_type=client_credentials with an optional scope (RFC 6749
	// section 4.4.2); client_id (or HTTP Basic), client_secret with
	// WithClientSecret, an optional resource (RFC 8707) and DPoP header
	// (RFC 9449 section 5). The access token (RFC 9068) has "aud"
	// Audience, "client_id" ClientID, "sub" the SetSubject end-user (the
	// client for client_credentials) and "scope" the requested scope,
	// echoed in the response; no other claims. With "openid" in the code's
	// scope an ID token comes too ("nonce", "at_hash", "azp", "auth_time").
	PathToken = "/token"
)

// CodeLifetime is how long an authorization code the Provider issues can
// be redeemed, on the provider's clock (Now): RFC 6749 section 4.1.2 asks
// for a short lifetime, ten minutes at most.
const CodeLifetime = time.Minute

// maxParamsSize caps an authorization or token request's form.
const maxParamsSize = 16 << 10

// flowState is what the authorization and token endpoints remember.
type flowState struct {
	mu           sync.Mutex
	subject      string   // SetSubject; "" is DefaultSubject
	redirectURIs []string // SetRedirectURIs; nil: any https or http loopback URL
	codes        map[string]*grant
	used         map[string]bool // redeemed codes (RFC 6749 section 4.1.2)
	dpop         *dpop.Verifier  // the token endpoint's (RFC 9449 section 5)
}

// grant is an issued authorization code's request.
type grant struct {
	clientID, redirectURI string
	challenge             string // code_challenge, S256 (RFC 7636 section 4.2)
	scope, nonce, subject string
	dpopJKT               string // dpop_jkt (RFC 9449 section 10)
	authTime, expires     time.Time
}

// SetSubject sets the end-user the authorization endpoint approves every
// request as (the "sub" of the tokens its codes redeem for, RFC 7519
// section 4.1.2; OpenID Connect Core 1.0 section 2). Empty goes back to
// DefaultSubject. Codes already issued keep their subject.
func (p *Provider) SetSubject(sub string) {
	if p == nil {
		return
	}
	p.flow.mu.Lock()
	p.flow.subject = sub
	p.flow.mu.Unlock()
}

// SetRedirectURIs registers the client's redirection URIs (RFC 6749
// section 3.1.2.2): from then on the authorization endpoint accepts a
// "redirect_uri" only when it is exactly one of them (simple string
// comparison, RFC 6749 section 3.1.2.3 and OAuth 2.0 Security BCP, RFC
// 9700 section 4.1.3), but for the port of an http loopback IP one, which
// the client picks at request time (RFC 8252 section 7.3). Without it any absolute https URL, and any http URL
// of a loopback IP address (RFC 8252 section 7.3), is accepted; "localhost"
// is not a loopback IP literal and is refused (RFC 8252 section 8.3). Each
// uri must be an absolute URI without a fragment (RFC 6749 section 3.1.2;
// a private-use scheme such as "com.example.app:/cb", RFC 8252 section
// 7.1, is accepted here only),
// else the error matches ErrInvalidRedirectURI and nothing changes; no
// uri goes back to accepting any. A nil or zero Provider is ErrNoProvider.
func (p *Provider) SetRedirectURIs(uris ...string) error {
	if !p.ok() {
		return ErrNoProvider
	}
	for _, u := range uris {
		if err := absoluteRedirect(u); err != nil {
			return err
		}
	}
	p.flow.mu.Lock()
	defer p.flow.mu.Unlock()
	if len(uris) == 0 {
		p.flow.redirectURIs = nil
	} else {
		p.flow.redirectURIs = append([]string(nil), uris...)
	}
	return nil
}

// absoluteRedirect checks RFC 6749 section 3.1.2: "The redirection
// endpoint URI MUST be an absolute URI ... MUST NOT include a fragment
// component."
func absoluteRedirect(raw string) error {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return fmt.Errorf("%w: %q: %v", ErrInvalidRedirectURI, raw, err)
	case !u.IsAbs() || u.Opaque != "":
		return fmt.Errorf("%w: %q is not an absolute URI with a path (RFC 6749 section 3.1.2)", ErrInvalidRedirectURI, raw)
	case (u.Scheme == "https" || u.Scheme == "http") && u.Host == "":
		return fmt.Errorf("%w: %q has no host", ErrInvalidRedirectURI, raw)
	case u.Fragment != "" || strings.Contains(raw, "#"):
		return fmt.Errorf("%w: %q has a fragment (RFC 6749 section 3.1.2)", ErrInvalidRedirectURI, raw)
	case u.User != nil:
		return fmt.Errorf("%w: %q has user information", ErrInvalidRedirectURI, raw)
	}
	return nil
}

// checkRedirect checks an authorization request's "redirect_uri" against
// SetRedirectURIs, or the default rule that method documents.
func (p *Provider) checkRedirect(raw string) error {
	if raw == "" {
		return fmt.Errorf("%w: redirect_uri is missing (OpenID Connect Core 1.0 section 3.1.2.1: REQUIRED)", ErrInvalidRedirectURI)
	}
	if err := absoluteRedirect(raw); err != nil {
		return err
	}
	p.flow.mu.Lock()
	registered := p.flow.redirectURIs
	p.flow.mu.Unlock()
	if registered != nil {
		for _, r := range registered {
			if r == raw || sameButLoopbackPort(r, raw) {
				return nil
			}
		}
		return fmt.Errorf("%w: %q is not a registered redirection URI (RFC 6749 section 3.1.2.3)", ErrInvalidRedirectURI, raw)
	}
	u, _ := url.Parse(raw)
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		if loopbackIP(u) {
			return nil
		}
		return fmt.Errorf("%w: %q: http is allowed for a loopback IP address only, 127.0.0.1 or [::1], not localhost (RFC 8252 sections 7.3 and 8.3); register another with SetRedirectURIs", ErrInvalidRedirectURI, raw)
	}
	return fmt.Errorf("%w: %q: scheme %q needs SetRedirectURIs (RFC 8252 section 7.1)", ErrInvalidRedirectURI, raw, u.Scheme)
}

// loopbackIP reports whether u is http on a loopback IP literal (RFC 8252
// section 7.3).
func loopbackIP(u *url.URL) bool {
	ip := net.ParseIP(u.Hostname())
	return u.Scheme == "http" && ip != nil && ip.IsLoopback()
}

// sameButLoopbackPort reports whether registered and got are the same
// http loopback IP redirect URI but for the port, which RFC 8252 section
// 7.3 makes the client's choice at request time ("MUST allow any port";
// RFC 9700 section 2.1).
func sameButLoopbackPort(registered, got string) bool {
	r, err1 := url.Parse(registered)
	g, err2 := url.Parse(got)
	if err1 != nil || err2 != nil || !loopbackIP(r) || !loopbackIP(g) {
		return false
	}
	r.Host, g.Host = r.Hostname(), g.Hostname()
	return r.String() == g.String()
}

// oauthParams reads a request's parameters, each at most once (RFC 6749
// section 3.1: "MUST NOT be included more than once"): the query of a GET,
// the form body of a POST (OpenID Connect Core 1.0 section 3.1.2.1), which
// then has no query. A parameter sent without a value is omitted (RFC 6749
// section 3.1).
func oauthParams(w http.ResponseWriter, r *http.Request, post bool) (map[string]string, error) {
	var vals url.Values
	if post {
		if ct := r.Header.Get("Content-Type"); !strings.EqualFold(strings.TrimSpace(strings.SplitN(ct, ";", 2)[0]), "application/x-www-form-urlencoded") {
			return nil, fmt.Errorf("content type %q, want application/x-www-form-urlencoded (RFC 6749 appendix B)", ct)
		}
		if r.URL.RawQuery != "" {
			return nil, fmt.Errorf("a POST request carries its parameters in the body, not the query")
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxParamsSize)
		if err := r.ParseForm(); err != nil {
			return nil, fmt.Errorf("the form body: %v", err)
		}
		vals = r.PostForm
	} else {
		if len(r.URL.RawQuery) > maxParamsSize {
			return nil, fmt.Errorf("the query is longer than %d bytes", maxParamsSize)
		}
		var err error
		if vals, err = url.ParseQuery(r.URL.RawQuery); err != nil {
			return nil, fmt.Errorf("the query: %v", err)
		}
	}
	out := make(map[string]string, len(vals))
	for k, v := range vals {
		if len(v) > 1 {
			return nil, fmt.Errorf("parameter %q sent %d times (RFC 6749 section 3.1)", k, len(v))
		}
		if v[0] != "" {
			out[k] = v[0]
		}
	}
	return out, nil
}

// authorize is the authorization endpoint (RFC 6749 section 4.1.1, OpenID
// Connect Core 1.0 section 3.1.2.1, RFC 7636 section 4.3): it approves
// every valid request as the SetSubject end-user and redirects with a
// code, "state" and "iss" (RFC 9207). A request naming another client
// or an unacceptable redirect_uri is answered 400 and never redirected
// (RFC 6749 section 4.1.2.1); the other errors are redirected (section
// 4.1.2.1's error codes).
func (p *Provider) authorize(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodPost {
		w.Header().Set("Allow", "GET, POST")
		oauthError(w, http.StatusMethodNotAllowed, "invalid_request", "the authorization endpoint takes GET or POST (OpenID Connect Core 1.0 section 3.1.2.1)")
		return
	}
	q, err := oauthParams(w, r, r.Method == http.MethodPost)
	if err != nil {
		oauthError(w, http.StatusBadRequest, "invalid_request", err.Error())
		return
	}
	// Never redirect before the client and its redirect_uri are known.
	if q["client_id"] != p.ClientID() {
		oauthError(w, http.StatusBadRequest, "invalid_client", fmt.Sprintf("client_id %q is not this provider's client %q (RFC 6749 section 4.1.2.1: not redirected)", q["client_id"], p.ClientID()))
		return
	}
	redirect := q["redirect_uri"]
	if err := p.checkRedirect(redirect); err != nil {
		oauthError(w, http.StatusBadRequest, "invalid_request", err.Error()+" (RFC 6749 section 4.1.2.1: not redirected)")
		return
	}
	back := func(params url.Values) {
		u, _ := url.Parse(redirect)
		v := u.Query() // RFC 6749 section 3.1.2: the query component is retained
		for k, vs := range params {
			v[k] = vs
		}
		if s := q["state"]; s != "" {
			v.Set("state", s)
		}
		v.Set("iss", p.Issuer()) // RFC 9207 section 2
		u.RawQuery = v.Encode()
		w.Header().Set("Cache-Control", "no-store")
		http.Redirect(w, r, u.String(), http.StatusFound)
	}
	fail := func(code, desc string) {
		back(url.Values{"error": {code}, "error_description": {desc}})
	}
	switch {
	case q["response_type"] == "":
		fail("invalid_request", "response_type is missing (RFC 6749 section 4.1.1)")
		return
	case q["response_type"] != "code":
		fail("unsupported_response_type", "only response_type=code is supported (RFC 6749 section 4.1.1)")
		return
	case q["response_mode"] != "" && q["response_mode"] != "query":
		fail("invalid_request", "only response_mode=query is supported (OAuth 2.0 Multiple Response Type Encoding Practices section 2.1)")
		return
	case q["request"] != "":
		fail("request_not_supported", "request objects are not supported (OpenID Connect Core 1.0 section 6)")
		return
	case q["request_uri"] != "":
		fail("request_uri_not_supported", "request_uri is not supported (OpenID Connect Core 1.0 section 6)")
		return
	case q["resource"] != "" && q["resource"] != p.Audience():
		fail("invalid_target", fmt.Sprintf("resource %q is not this provider's audience %q (RFC 8707 section 2)", q["resource"], p.Audience()))
		return
	case q["code_challenge"] == "":
		fail("invalid_request", "code_challenge is required (RFC 7636 section 4.4.1; RFC 9700 section 2.1.1)")
		return
	case q["code_challenge_method"] != "S256":
		fail("invalid_request", "code_challenge_method must be S256; plain, and its default when absent, are refused (RFC 7636 sections 4.3 and 7.2)")
		return
	case !isS256Challenge(q["code_challenge"]):
		fail("invalid_request", "code_challenge is not a base64url SHA-256 hash, 43 characters (RFC 7636 section 4.2)")
		return
	}
	scope, ok := scopeTokens(q["scope"])
	if !ok {
		fail("invalid_scope", "scope is not space-separated scope-tokens (RFC 6749 section 3.3)")
		return
	}
	if jkt := q["dpop_jkt"]; jkt != "" && !isS256Challenge(jkt) {
		fail("invalid_request", "dpop_jkt is not a base64url SHA-256 JWK thumbprint (RFC 9449 section 10)")
		return
	}
	now := p.Now()
	code := rand.Text()
	p.flow.mu.Lock()
	sub := p.flow.subject
	if sub == "" {
		sub = DefaultSubject
	}
	if p.flow.codes == nil {
		p.flow.codes = map[string]*grant{}
	}
	for c, g := range p.flow.codes { // drop the expired ones
		if now.After(g.expires) {
			delete(p.flow.codes, c)
		}
	}
	p.flow.codes[code] = &grant{
		clientID: q["client_id"], redirectURI: redirect, challenge: q["code_challenge"],
		scope: scope, nonce: q["nonce"], subject: sub, dpopJKT: q["dpop_jkt"],
		authTime: now, expires: now.Add(CodeLifetime),
	}
	p.flow.mu.Unlock()
	back(url.Values{"code": {code}})
}

// isS256Challenge reports whether s is 43 base64url characters, the
// encoding of a SHA-256 hash (RFC 7636 section 4.2; RFC 7638 section 3).
func isS256Challenge(s string) bool {
	if len(s) != b64url.EncodedLen(32) {
		return false
	}
	_, err := b64url.DecodeString(s)
	return err == nil
}

// scopeTokens checks a "scope" (RFC 6749 section 3.3: scope-token
// *( SP scope-token ), scope-token = 1*NQCHAR) and returns it.
func scopeTokens(s string) (string, bool) {
	if s == "" {
		return "", true
	}
	for _, tok := range strings.Split(s, " ") {
		if tok == "" {
			return "", false
		}
		for i := 0; i < len(tok); i++ {
			if c := tok[i]; c < 0x21 || c > 0x7e || c == '"' || c == '\\' {
				return "", false
			}
		}
	}
	return s, true
}

// hasScope reports whether the space-separated scope holds want.
func hasScope(scope, want string) bool {
	for _, s := range strings.Split(scope, " ") {
		if s == want {
			return true
		}
	}
	return false
}
