package clientauth

import (
	"context"
	"fmt"
	"mime"
	"net/http"
	"net/url"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
)

// MaxFormBytes bounds the request body VerifyRequest reads.
const MaxFormBytes = 64 << 10

// VerifyRequest authenticates the client of a token request (RFC 7523
// section 2.2; RFC 6749 section 3.2): a POST whose body is
// application/x-www-form-urlencoded (at most MaxFormBytes), with no
// client_assertion, client_assertion_type, client_id or client_secret in
// the URL query (RFC 6749 section 2.3.1) and no Authorization header (RFC
// 6749 section 2.3: one authentication method per request;
// ErrInvalidRequest), then VerifyForm on the body's parameters. The
// request's form is parsed (r.PostForm is set for the handler's other
// parameters).
func (v *Verifier) VerifyRequest(r *http.Request) (*Claims, error) {
	if r == nil {
		return nil, fmt.Errorf("%w: nil request", ErrInvalidRequest)
	}
	if r.Method != http.MethodPost {
		return nil, fmt.Errorf("%w: method %s, not POST (RFC 6749 section 3.2)", ErrInvalidRequest, bounded.Quote(r.Method))
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/x-www-form-urlencoded" {
		return nil, fmt.Errorf("%w: Content-Type %s, not application/x-www-form-urlencoded (RFC 6749 section 4.1.3)",
			ErrInvalidRequest, bounded.Quote(r.Header.Get("Content-Type")))
	}
	if _, ok := r.Header["Authorization"]; ok {
		return nil, fmt.Errorf("%w: an Authorization header beside client_assertion: \"The client MUST NOT use more than one authentication method in each request\" (RFC 6749 section 2.3)",
			ErrInvalidRequest)
	}
	if r.URL != nil {
		q := r.URL.Query()
		for _, name := range []string{"client_assertion", "client_assertion_type", "client_id", "client_secret"} {
			if q.Has(name) {
				return nil, fmt.Errorf("%w: %s in the URL query (RFC 6749 section 2.3.1)", ErrInvalidRequest, name)
			}
		}
	}
	if r.Body != nil && r.PostForm == nil {
		r.Body = http.MaxBytesReader(nil, r.Body, MaxFormBytes)
	}
	if err := r.ParseForm(); err != nil {
		return nil, fmt.Errorf("%w: form: %w", ErrInvalidRequest, err)
	}
	return v.VerifyForm(r.Context(), r.PostForm)
}

// VerifyForm authenticates a client by the token request's parameters
// (RFC 7523 section 2.2): client_assertion_type must be AssertionType,
// client_assertion appear once, and client_id, OPTIONAL (RFC 7521 section
// 4.2), appear at most once, and no client_secret appear (RFC 6749 section
// 2.3: "The client MUST NOT use more than one authentication method in
// each request"; ErrInvalidRequest). The client is client_id when given, else the
// assertion's unverified "sub", which must equal its "iss" (RFC 7523
// section 3 items 1 and 2); only that client's keys (Config.ClientKeys)
// verify the assertion, whose verified "iss" and "sub" must be that client
// id (ErrClientMismatch). Then every rule of RFC 7523 section 3 with the
// Verifier's: the audience rule (ErrAudience), "exp" within
// Config.MaxLifetime (ErrLifetime), no claim of another kind of JWT
// (ErrOtherKind), a non-empty "jti" (jwt.ErrMissingClaim), and, once every
// other rule passed (the jwt.WithValidator checks of NewVerifier's opts
// included), the "jti" used once (ErrReplayed; replay.ErrUnavailable when
// the store cannot tell). ErrorCode gives the OAuth error of any
// refusal.
func (v *Verifier) VerifyForm(ctx context.Context, form url.Values) (*Claims, error) {
	if v == nil || v.core == nil {
		return nil, errNilVerifier
	}
	typ, err := single(form, "client_assertion_type")
	if err != nil {
		return nil, err
	}
	if _, ok := form["client_secret"]; ok {
		return nil, fmt.Errorf("%w: client_secret beside client_assertion: \"The client MUST NOT use more than one authentication method in each request\" (RFC 6749 section 2.3)",
			ErrInvalidRequest)
	}
	if typ != AssertionType {
		return nil, fmt.Errorf("%w: got %s (RFC 7523 section 2.2)", ErrUnsupportedAssertionType, bounded.Quote(typ))
	}
	assertion, err := single(form, "client_assertion")
	if err != nil {
		return nil, err
	}
	clientID := ""
	if _, ok := form["client_id"]; ok {
		if clientID, err = single(form, "client_id"); err != nil {
			return nil, err
		}
	}
	if clientID != "" {
		// The keys are client_id's; the core requires the verified "iss"
		// to be it (clientKeys), the rules "sub".
		return v.verify(ctx, assertion, clientID)
	}
	// No client_id: the client is the one the assertion names, read
	// unverified for routing only, and named by "iss" and "sub" alike
	// before any key is asked for.
	u, err := jwt.ReadUnverified(assertion)
	if err != nil {
		return nil, err
	}
	reg := u.Registered()
	switch {
	case reg.Issuer == "" || reg.Subject == "":
		return nil, fmt.Errorf("%w: %w: \"iss\" and \"sub\" name the client (RFC 7523 section 3 items 1 and 2)", ErrClientMismatch, jwt.ErrMissingClaim)
	case reg.Issuer != reg.Subject:
		return nil, fmt.Errorf("%w: \"iss\" %s is not \"sub\" %s (OpenID Connect Core 1.0 section 9)", ErrClientMismatch, bounded.Quote(reg.Issuer), bounded.Quote(reg.Subject))
	}
	return v.verify(ctx, assertion, reg.Subject)
}

// single returns the one non-empty value of name in form (RFC 6749 section
// 3.2: "Request and response parameters MUST NOT be included more than
// once").
func single(form url.Values, name string) (string, error) {
	vs := form[name]
	switch {
	case len(vs) == 0:
		return "", fmt.Errorf("%w: %s missing (RFC 7523 section 2.2)", ErrInvalidRequest, name)
	case len(vs) > 1:
		return "", fmt.Errorf("%w: %s given %d times (RFC 6749 section 3.2)", ErrInvalidRequest, name, len(vs))
	case vs[0] == "":
		return "", fmt.Errorf("%w: empty %s", ErrInvalidRequest, name)
	}
	return vs[0], nil
}
