package jwttest

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"net/url"
)

// clientAuth authenticates the client of a token request (RFC 6749
// section 3.2.1) and returns its client_id, or the reason it is
// invalid_client. Without WithClientSecret the client is public
// (publicClientID); with it, confidential (confidentialClientID).
func (p *Provider) clientAuth(r *http.Request, q map[string]string) (string, string) {
	if p.cfg.clientSecret == "" {
		return publicClientID(r, q)
	}
	return p.confidentialClientID(r, q)
}

// confidentialClientID is RFC 6749 section 2.3.1 for the client of
// WithClientSecret: client_secret_basic (HTTP Basic, the client_id and
// secret each form-urlencoded first) or client_secret_post (client_id and
// client_secret in the form), never both ("MUST NOT use more than one
// authentication method in each request", section 2.3). Section 4.4.2:
// "The client MUST authenticate with the authorization server"; so must
// the code grant's confidential client (section 4.1.3). The secret is
// compared in constant time.
func (p *Provider) confidentialClientID(r *http.Request, q map[string]string) (string, string) {
	const methods = ` (token_endpoint_auth_methods_supported is ["client_secret_basic","client_secret_post"])`
	if q["client_assertion"] != "" || q["client_assertion_type"] != "" {
		return "", "client assertions are not supported" + methods
	}
	id, secret := q["client_id"], q["client_secret"]
	if len(r.Header.Values("Authorization")) > 0 {
		user, pass, ok := r.BasicAuth()
		if len(r.Header.Values("Authorization")) > 1 || !ok {
			return "", "the Authorization header is not one HTTP Basic credential" + methods
		}
		if secret != "" {
			return "", "client_secret_basic and client_secret_post in one request (RFC 6749 section 2.3: one method per request)"
		}
		u, err1 := url.QueryUnescape(user) // RFC 6749 section 2.3.1: form-urlencoded first
		s, err2 := url.QueryUnescape(pass)
		if err1 != nil || err2 != nil || u == "" {
			return "", "the HTTP Basic user and password are not a form-urlencoded client_id and secret (RFC 6749 section 2.3.1)"
		}
		if id != "" && id != u {
			return "", "the form's client_id and the HTTP Basic user differ (RFC 6749 section 2.3)"
		}
		id, secret = u, s
	}
	if id == "" || secret == "" {
		return "", "the client did not authenticate: RFC 6749 section 4.4.2 (and 3.2.1 for a confidential client) requires client_secret_basic or client_secret_post" + methods
	}
	want := sha256.Sum256([]byte(p.cfg.clientSecret)) // equal lengths: no length leak
	got := sha256.Sum256([]byte(secret))
	if subtle.ConstantTimeCompare(want[:], got[:]) != 1 || id != p.ClientID() {
		return "", "unknown client or wrong client secret (RFC 6749 section 2.3.1)"
	}
	return id, ""
}

// publicClientID is the client a token request names (RFC 6749 section
// 2.1, a public client: token_endpoint_auth_methods_supported "none"; a
// test client stands in for a public one even for client_credentials,
// which RFC 6749 section 4.4 reserves for confidential clients: see
// WithClientSecret):
// client_id in the form, or an HTTP Basic header with the client_id and
// an empty password (RFC 6749 section 2.3.1: the secret "MAY" be omitted
// when empty; requests-oauthlib and x/oauth2's auto-detection send it), or
// both when they agree. A secret, an assertion, a password, another
// scheme, or no client_id is the reason returned (invalid_client).
func publicClientID(r *http.Request, q map[string]string) (string, string) {
	if q["client_secret"] != "" || q["client_assertion"] != "" || q["client_assertion_type"] != "" {
		return "", "client secrets and assertions are not supported: token_endpoint_auth_methods_supported is [\"none\"]"
	}
	id := q["client_id"]
	if len(r.Header.Values("Authorization")) > 0 {
		user, pass, ok := r.BasicAuth()
		if len(r.Header.Values("Authorization")) > 1 || !ok {
			return "", "the Authorization header is not one HTTP Basic credential: token_endpoint_auth_methods_supported is [\"none\"]"
		}
		if pass != "" {
			return "", "a client secret was sent: token_endpoint_auth_methods_supported is [\"none\"] (a public client, RFC 6749 section 2.1)"
		}
		u, err := url.QueryUnescape(user) // RFC 6749 section 2.3.1: form-urlencoded first
		if err != nil || u == "" {
			return "", "the HTTP Basic user is not a form-urlencoded client_id (RFC 6749 section 2.3.1)"
		}
		if id != "" && id != u {
			return "", "the form's client_id and the HTTP Basic user differ (RFC 6749 section 2.3)"
		}
		id = u
	}
	if id == "" {
		return "", "client_id is missing (RFC 6749 section 3.2.1: a public client names itself)"
	}
	return id, ""
}
