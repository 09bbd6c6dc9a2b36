package dpop

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"

	"github.com/jotlib/jwt/internal/strictjson"
)

// Transport is an http.RoundTripper for a DPoP client (RFC 9449 sections
// 7.1 and 8): it sends each request with a fresh proof in its DPoP header
// and, with AccessToken set, "Authorization: DPoP <token>" and the proof's
// "ath"; it remembers the last DPoP-Nonce each server (scheme and host)
// sent, on any response, and puts it in the next proof to that server; and
// it retries a request once, with a fresh proof carrying the new nonce,
// when the server answers use_dpop_nonce (section 8: a 400 whose JSON body
// has "error":"use_dpop_nonce", from an authorization server; section 9: a
// 401 with a WWW-Authenticate DPoP challenge error="use_dpop_nonce", from
// a resource server) with a DPoP-Nonce header holding another nonce than
// the one sent. It never retries twice, and it does not retry a request
// whose body it cannot send again (a body without GetBody: the caller gets
// the server's answer). It is safe for concurrent use; do not copy it once
// used.
//
// The proof's "htm" is the request's method and its "htu" the request's
// URL without query and fragment (section 4.2), with the request's Host
// field as the host when set (RFC 9110 section 7.2), in the comparison
// form a Verifier checks it in (section 4.3 check 9; see Signer.Proof).
// The request given is never changed: a clone is sent, with every
// spelling of the DPoP field name (and of Authorization, when the
// Transport sets it) replaced, so that one of each goes out. A nil
// request, a Transport without a usable Signer, or a request a proof
// cannot be made for (ErrInvalidRequest), fails before anything is sent.
//
// On a redirect (http.Client sets req.Response) to another origin
// (scheme, host and port) than every earlier hop of the chain had, the
// request gets a fresh proof for its URL but no access token: no
// Authorization field, the caller's own included, and no "ath" (RFC 6750
// section 5.3; RFC 9110 section 15.4; http.Client's rule for sensitive
// headers, here by origin, not by domain suffix). A server that redirects
// a DPoP request to another origin therefore gets a 401 there.
type Transport struct {
	// Signer makes the proofs. Required.
	Signer *Signer
	// Base sends the requests; nil is http.DefaultTransport.
	Base http.RoundTripper
	// AccessToken, when not empty, is sent as "Authorization: DPoP
	// <token>" (section 7.1), replacing any Authorization field of the
	// request, and hashed into every proof's "ath", on every request to
	// the request's own origin (never on a redirect to another, see
	// above). Empty (at the token endpoint, section 5), the request's own
	// Authorization field is left as it is, and when it is the one
	// Authorization field and uses the DPoP scheme its token is hashed
	// into "ath". Set it before the Transport is first used and do not
	// change it: use one Transport per access token (a refreshed token
	// makes a new Transport, with the same Signer); the Transport is then
	// safe for concurrent use. A Transport sends its token to whatever
	// origin a request names: give it only requests for the resource
	// servers the token is for (RFC 9449 section 7.1, RFC 8707).
	AccessToken string

	mu     sync.Mutex
	nonces map[string]string // by origin: scheme "://" host, lower-case, default port dropped
}

// maxOrigins bounds the nonces a Transport remembers; past it, one is
// forgotten for each new server (the server then asks again).
const maxOrigins = 256

// maxErrorBody is the most of a 400 response's body read to find
// "use_dpop_nonce" (RFC 9449 section 8); the caller still reads all of it.
const maxErrorBody = 64 << 10

// RoundTrip sends req with a DPoP proof and retries once on use_dpop_nonce
// (RFC 9449 sections 8 and 9); see Transport.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req == nil || req.URL == nil {
		if req != nil && req.Body != nil {
			req.Body.Close() // RoundTripper: the body is closed, even on errors
		}
		return nil, fmt.Errorf("%w: nil request or URL", ErrInvalidRequest)
	}
	resp, retry, err := t.send(req, req.Body)
	if err != nil || !retry {
		return resp, err
	}
	body := req.Body
	if body != nil && body != http.NoBody {
		if body, err = req.GetBody(); err != nil {
			return resp, nil // the server's answer stands
		}
	}
	discard(resp.Body)
	resp, _, err = t.send(req, body)
	return resp, err
}

// send sends a clone of req with body and a fresh proof, remembers the
// response's nonce, and reports whether the response asks for a retry
// that can be made.
func (t *Transport) send(req *http.Request, body io.ReadCloser) (*http.Response, bool, error) {
	closeBody := func() {
		if body != nil {
			body.Close()
		}
	}
	if t == nil || !t.Signer.usable() {
		closeBody()
		return nil, false, fmt.Errorf("%w: dpop.Transport without a Signer (NewSigner)", ErrInvalidConfig)
	}
	if req == nil || req.URL == nil {
		closeBody()
		return nil, false, fmt.Errorf("%w: nil request or URL", ErrInvalidRequest)
	}
	host := req.Host
	if host == "" {
		host = req.URL.Host
	}
	htu, err := targetURI(req.URL.Scheme, host, req.URL.EscapedPath())
	if err != nil {
		closeBody()
		return nil, false, err
	}
	origin := originOf(req.URL.Scheme, host)
	method := req.Method
	if method == "" {
		method = http.MethodGet // net/http's reading of ""
	}
	// A redirect that left the origin carries no access token (RFC 6750
	// section 5.3; http.Client's rule for sensitive headers): no
	// Authorization field and no "ath".
	sameOrigin := redirectedWithin(req, origin)
	token, setAuthorization := t.AccessToken, t.AccessToken != "" && sameOrigin
	switch {
	case !sameOrigin:
		token = ""
	case !setAuthorization:
		token = dpopCredentials(req.Header)
	}
	sent := t.nonce(origin)
	proof, err := t.Signer.sign(method, htu, ProofOptions{AccessToken: token, Nonce: sent})
	if err != nil {
		closeBody()
		return nil, false, err
	}
	out := req.Clone(req.Context())
	out.Body = body
	if out.Header == nil {
		out.Header = make(http.Header)
	}
	// Every spelling of the fields replaced goes: net/http sends a header
	// map key as written, so "dpop" would be a second DPoP field (RFC
	// 9449 section 4.3 check 1) and "authorization" a second credential.
	deleteField(out.Header, "DPoP")
	if setAuthorization || !sameOrigin {
		deleteField(out.Header, "Authorization")
	}
	out.Header.Set("DPoP", proof)
	if setAuthorization {
		out.Header.Set("Authorization", "DPoP "+token)
	}
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	resp, err := base.RoundTrip(out)
	if err != nil {
		return nil, false, err
	}
	next := resp.Header.Get("DPoP-Nonce")
	if isNonce(next) {
		t.remember(origin, next)
	}
	if !isNonce(next) || next == sent || !replayable(req) {
		return resp, false, nil
	}
	return resp, asksForNonce(resp), nil
}

// asksForNonce reports whether resp is a use_dpop_nonce error (RFC 9449
// section 8: 400 and a JSON body whose "error" is "use_dpop_nonce"; section
// 9: 401 and a DPoP challenge with that error). The first maxErrorBody
// bytes of a 400's body are read, and resp.Body is given back to be read
// whole.
func asksForNonce(resp *http.Response) bool {
	switch resp.StatusCode {
	case http.StatusUnauthorized:
		return askedForNonce(resp.Header)
	case http.StatusBadRequest:
		if resp.Body == nil || resp.Body == http.NoBody {
			return false
		}
		head, err := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		resp.Body = &prefixedBody{Reader: io.MultiReader(bytes.NewReader(head), resp.Body), closer: resp.Body}
		return err == nil && errorIsUseNonce(head)
	}
	return false
}

// errorIsUseNonce reports whether body is a JSON object (RFC 6749 section
// 5.2) whose "error" is "use_dpop_nonce" (RFC 9449 section 8), under the
// core's strict rules (no duplicate member).
func errorIsUseNonce(body []byte) bool {
	found := false
	err := strictjson.Object(body, func(key strictjson.Key, value []byte) error {
		if key.Is("error") {
			found = strictjson.StringEquals(value, "use_dpop_nonce")
		}
		return nil
	})
	return err == nil && found
}

// prefixedBody is a response body partly read already.
type prefixedBody struct {
	io.Reader
	closer io.Closer
}

func (b *prefixedBody) Close() error { return b.closer.Close() }

// discard drains a little of a response body no one will read, so that
// its connection can be reused, and closes it.
func discard(body io.ReadCloser) {
	if body == nil {
		return
	}
	_, _ = io.CopyN(io.Discard, body, 4<<10)
	body.Close()
}

// replayable reports whether req can be sent again: no body, or GetBody.
func replayable(req *http.Request) bool {
	return req.Body == nil || req.Body == http.NoBody || req.GetBody != nil
}

// redirectedWithin reports whether every earlier hop of req's redirect
// chain (req.Response.Request, and so back) had origin, the origin req goes
// to: true for a request that is no redirect.
func redirectedWithin(req *http.Request, origin string) bool {
	for hops := 0; req.Response != nil; hops++ {
		prev := req.Response.Request
		if prev == nil || prev.URL == nil || hops > 100 {
			return false // a redirect from nowhere known: not the same origin
		}
		host := prev.Host
		if host == "" {
			host = prev.URL.Host
		}
		if originOf(prev.URL.Scheme, host) != origin {
			return false
		}
		req = prev
	}
	return true
}

// deleteField deletes every key of h that spells name in any case (RFC
// 9110 section 5.1: field names are case-insensitive).
func deleteField(h http.Header, name string) {
	for k := range h {
		if strings.EqualFold(k, name) {
			delete(h, k)
		}
	}
}

// dpopCredentials returns the token of an "Authorization: DPoP <token>"
// field (RFC 9449 section 7.1; the scheme is case-insensitive, RFC 9110
// section 11.1), under any spelling of the field name, "" for any other
// or when the request has more than one Authorization field.
func dpopCredentials(h http.Header) string {
	var v string
	n := 0
	for k, vs := range h {
		if strings.EqualFold(k, "Authorization") {
			n += len(vs)
			if len(vs) > 0 {
				v = vs[0]
			}
		}
	}
	if n != 1 {
		return ""
	}
	scheme, token, ok := strings.Cut(v, " ")
	if !ok || !strings.EqualFold(scheme, "DPoP") {
		return ""
	}
	return strings.TrimLeft(token, " ")
}

// originOf is the key under which a server's nonce is kept: scheme and
// host lower-cased, the scheme's default port dropped (RFC 3986 section
// 6.2.3).
func originOf(scheme, host string) string {
	scheme, host = strings.ToLower(scheme), strings.ToLower(host)
	if h, port, err := net.SplitHostPort(host); err == nil &&
		((scheme == "https" && port == "443") || (scheme == "http" && port == "80")) {
		host = h
		if strings.Contains(h, ":") {
			host = "[" + h + "]"
		}
	}
	return scheme + "://" + host
}

// nonce returns the last nonce of origin, "" when none.
func (t *Transport) nonce(origin string) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.nonces[origin]
}

// remember keeps nonce as origin's last.
func (t *Transport) remember(origin, nonce string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.nonces == nil {
		t.nonces = make(map[string]string)
	}
	if _, known := t.nonces[origin]; !known && len(t.nonces) >= maxOrigins {
		for k := range t.nonces {
			delete(t.nonces, k)
			break
		}
	}
	t.nonces[origin] = nonce
}
