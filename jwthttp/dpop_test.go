package jwthttp_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwthttp"
	"github.com/jotlib/jwt/replay"
)

// wantRefused fails unless resp is status with the DPoP challenge's error
// code (and the last refusal's cause matching cause, when not nil).
func (e *dpopEnv) wantRefused(t *testing.T, resp *http.Response, status int, dpopCode string, cause error) []challenge {
	t.Helper()
	if resp.StatusCode != status {
		t.Fatalf("status %d, want %d (cause %v)", resp.StatusCode, status, e.lastError())
	}
	if cause != nil {
		if le := e.lastError(); le == nil || !errors.Is(le, cause) {
			t.Fatalf("cause %v, want %v", le, cause)
		}
	}
	if status >= 500 {
		return nil
	}
	cs := challengesOf(t, resp)
	d := cs[len(cs)-1]
	if d.scheme != "DPoP" || d.params["error"] != dpopCode {
		t.Fatalf("last challenge %s %v, want DPoP error %q", d.scheme, d.params, dpopCode)
	}
	return cs
}

func TestRFC9449_7_1_DPoPSchemeAccepted(t *testing.T) {
	for _, mode := range []jwthttp.DPoPMode{jwthttp.DPoPAllowed, jwthttp.DPoPRequired} {
		t.Run(mode.String(), func(t *testing.T) {
			e := newDPoPEnv(t, mode, dpop.Config{Algorithms: es256})
			tok := boundToken(t, e.key.jkt, nil)
			for _, scheme := range []string{"DPoP", "dpop", "DPOP"} { // case-insensitive (RFC 9110 section 11.1)
				path := "/items/" + scheme
				resp, body := e.send(t, http.MethodGet, path, scheme+" "+tok, e.key.proof(t, http.MethodGet, e.url(path), proofOpts{token: tok}))
				if resp.StatusCode != http.StatusOK || body != "alice jkt="+e.key.jkt {
					t.Fatalf("%s: status %d body %q, want 200 with the proof's jkt", scheme, resp.StatusCode, body)
				}
			}
		})
	}
}

// TestRFC9449_7_1_BearerHandlerSeesNoProof: a bearer request in
// DPoPAllowed mode reaches the handler with its claims and no proof.
func TestRFC9449_7_1_BearerHandlerSeesNoProof(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256})
	resp, body := e.send(t, http.MethodGet, "/", "Bearer "+sign(t, nil))
	if resp.StatusCode != http.StatusOK || body != "alice" {
		t.Fatalf("status %d body %q, want 200 alice without proof", resp.StatusCode, body)
	}
}

func TestRFC9449_7_1_ProofForOtherURLRefused(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256})
	tok := boundToken(t, e.key.jkt, nil)
	for name, p := range map[string]string{
		"other path":   e.key.proof(t, http.MethodGet, e.url("/other"), proofOpts{token: tok}),
		"other origin": e.key.proof(t, http.MethodGet, "https://evil.example/items", proofOpts{token: tok}),
		"other method": e.key.proof(t, http.MethodPost, e.url("/items"), proofOpts{token: tok}),
	} {
		t.Run(name, func(t *testing.T) {
			resp, _ := e.send(t, http.MethodGet, "/items", "DPoP "+tok, p)
			cs := e.wantRefused(t, resp, http.StatusUnauthorized, "invalid_dpop_proof", dpop.ErrInvalidProof)
			if _, has := cs[0].params["error"]; cs[0].scheme != "Bearer" || has {
				t.Fatalf("Bearer challenge %v: the error belongs to the DPoP one", cs[0])
			}
		})
	}
}

func TestRFC9449_7_1_ATHMismatchRefused(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256})
	tok := boundToken(t, e.key.jkt, nil)
	other := boundToken(t, e.key.jkt, map[string]any{"sub": "bob"})
	for name, o := range map[string]proofOpts{
		"another token's ath": {token: other},
		"no ath":              {},
		"garbage ath":         {ath: "AAAA"},
	} {
		t.Run(name, func(t *testing.T) {
			resp, _ := e.send(t, http.MethodGet, "/", "DPoP "+tok, e.key.proof(t, http.MethodGet, e.url("/"), o))
			e.wantRefused(t, resp, http.StatusUnauthorized, "invalid_dpop_proof", dpop.ErrInvalidProof)
		})
	}
}

func TestRFC9449_7_1_KeyNotBoundRefused(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256})
	tok := boundToken(t, newDPoPKey(t).jkt, nil) // bound to another key than the proof's
	resp, _ := e.dpopGET(t, "/", tok)
	cs := e.wantRefused(t, resp, http.StatusUnauthorized, "invalid_token", dpop.ErrBindingMismatch)
	if d := cs[1].params["error_description"]; d == "" || strings.Contains(d, e.key.jkt) {
		t.Fatalf("error_description %q: want fixed text", d)
	}
}

func TestRFC9449_7_1_UnboundTokenWithDPoPSchemeRefused(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256})
	for name, tok := range map[string]string{
		"no cnf":    sign(t, nil),
		"empty cnf": sign(t, map[string]any{"cnf": map[string]any{}}),
	} {
		t.Run(name, func(t *testing.T) {
			resp, _ := e.dpopGET(t, "/", tok)
			e.wantRefused(t, resp, http.StatusUnauthorized, "invalid_token", dpop.ErrNotBound)
		})
	}
	// Bound by another method: refused as such (RFC 7800 section 3.1, RFC
	// 8705 section 3).
	resp, _ := e.dpopGET(t, "/", sign(t, map[string]any{"cnf": map[string]any{"x5t#S256": "abc"}}))
	e.wantRefused(t, resp, http.StatusUnauthorized, "invalid_token", dpop.ErrUnsupportedBinding)
}

// TestRFC9449_7_1_InvalidAccessTokenWithDPoPScheme: the access token is
// verified as a bearer token is (invalid_token on the DPoP challenge).
func TestRFC9449_7_1_InvalidAccessTokenWithDPoPScheme(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256})
	tok := boundToken(t, e.key.jkt, map[string]any{"exp": time.Now().Add(-time.Hour).Unix()})
	resp, _ := e.dpopGET(t, "/", tok)
	cs := e.wantRefused(t, resp, http.StatusUnauthorized, "invalid_token", jwt.ErrTokenExpired)
	if cs[1].params["error_description"] != "the token has expired" {
		t.Fatalf("description %q", cs[1].params["error_description"])
	}
}

func TestRFC9449_7_2_BoundTokenAsBearerRefused(t *testing.T) {
	key := newDPoPKey(t)
	tok := boundToken(t, key.jkt, nil)
	t.Run("without WithDPoP", func(t *testing.T) {
		var got *jwthttp.Error
		mw := newMiddleware(t, jwthttp.WithErrorHandler(func(w http.ResponseWriter, r *http.Request, e *jwthttp.Error) {
			got = e
			jwthttp.WriteError(w, r, e)
		}))
		srv := serve(t, mw.Handler(echoSubject))
		resp, _ := get(t, srv, tok)
		c := challengeOf(t, resp)
		if resp.StatusCode != http.StatusUnauthorized || c["error"] != "invalid_token" || !errors.Is(got, dpop.ErrBoundTokenAsBearer) {
			t.Fatalf("status %d challenge %v cause %v, want 401 invalid_token ErrBoundTokenAsBearer", resp.StatusCode, c, got)
		}
	})
	for _, mode := range []jwthttp.DPoPMode{jwthttp.DPoPDisabled, jwthttp.DPoPAllowed, jwthttp.DPoPRequired} {
		t.Run(mode.String(), func(t *testing.T) {
			e := newDPoPEnv(t, mode, dpop.Config{Algorithms: es256})
			e.key = key
			// A proof beside the Bearer scheme changes nothing: the token is bound, the scheme is Bearer.
			resp, _ := e.send(t, http.MethodGet, "/", "Bearer "+tok, key.proof(t, http.MethodGet, e.url("/"), proofOpts{token: tok}))
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("status %d, want 401", resp.StatusCode)
			}
			switch mode {
			case jwthttp.DPoPRequired: // Bearer is not accepted at all: no error code (RFC 6750 section 3.1)
				cs := wantChallenges(t, resp, "DPoP")
				if _, has := cs[0].params["error"]; has || !errors.Is(e.lastError(), jwthttp.ErrDPoPRequired) {
					t.Fatalf("challenge %v cause %v", cs[0], e.lastError())
				}
			case jwthttp.DPoPDisabled:
				cs := wantChallenges(t, resp, "Bearer")
				if cs[0].params["error"] != "invalid_token" || !errors.Is(e.lastError(), dpop.ErrBoundTokenAsBearer) {
					t.Fatalf("challenge %v cause %v", cs[0], e.lastError())
				}
			default:
				cs := wantChallenges(t, resp, "Bearer", "DPoP")
				if cs[0].params["error"] != "invalid_token" || !errors.Is(e.lastError(), dpop.ErrBoundTokenAsBearer) {
					t.Fatalf("challenge %v cause %v", cs[0], e.lastError())
				}
				if _, has := cs[1].params["error"]; has {
					t.Fatalf("DPoP challenge %v: the error belongs to Bearer's", cs[1])
				}
			}
		})
	}
}

func TestRFC9449_7_1_ChallengeHasAlgs(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: []jwt.Algorithm{jwt.ES256, jwt.EdDSA, jwt.PS256}})
	want := ""
	for i, a := range e.v.Algorithms() {
		if i > 0 {
			want += " "
		}
		want += a.String()
	}
	if want != "ES256 EdDSA PS256" {
		t.Fatalf("Algorithms() = %q", want)
	}
	resp, _ := e.send(t, http.MethodGet, "/", "")
	cs := wantChallenges(t, resp, "Bearer", "DPoP")
	if cs[1].params["algs"] != want {
		t.Fatalf("algs %q, want %q", cs[1].params["algs"], want)
	}
	if _, has := cs[0].params["algs"]; has {
		t.Fatal("algs on the Bearer challenge")
	}
	for _, c := range cs {
		if _, has := c.params["error"]; has {
			t.Fatalf("%s challenge with an error code on a request without a token (RFC 6750 section 3.1)", c.scheme)
		}
	}
}

func TestRFC9449_9_UseDPoPNonceChallengeWithNonceHeader(t *testing.T) {
	nonces, err := dpop.NewHMACNonces(time.Minute, []byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256, Nonces: nonces})
	tok := boundToken(t, e.key.jkt, nil)
	resp, _ := e.dpopGET(t, "/", tok) // no nonce
	cs := e.wantRefused(t, resp, http.StatusUnauthorized, "use_dpop_nonce", dpop.ErrUseNonce)
	if cs[1].params["error_description"] == "" {
		t.Fatal("no error_description")
	}
	nonce := resp.Header.Get("DPoP-Nonce")
	if nonce == "" {
		t.Fatal("no DPoP-Nonce header with use_dpop_nonce")
	}
	resp, body := e.send(t, http.MethodGet, "/", "DPoP "+tok, e.key.proof(t, http.MethodGet, e.url("/"), proofOpts{token: tok, nonce: nonce}))
	if resp.StatusCode != http.StatusOK || body != "alice jkt="+e.key.jkt {
		t.Fatalf("with the nonce: status %d body %q", resp.StatusCode, body)
	}
	if resp.Header.Get("DPoP-Nonce") != "" {
		t.Fatal("a DPoP-Nonce on success without WithDPoPNonceOnSuccess")
	}
	// Every 401 with a DPoP challenge carries a nonce, the first one included.
	resp, _ = e.send(t, http.MethodGet, "/", "")
	if resp.StatusCode != http.StatusUnauthorized || resp.Header.Get("DPoP-Nonce") == "" {
		t.Fatalf("no-token 401: status %d, DPoP-Nonce %q", resp.StatusCode, resp.Header.Get("DPoP-Nonce"))
	}
}

// TestRFC9449_8_2_NonceOnSuccessOption: WithDPoPNonceOnSuccess sends a
// fresh nonce on accepted DPoP requests, and New refuses it where it could
// never send one.
func TestRFC9449_8_2_NonceOnSuccessOption(t *testing.T) {
	nonces, err := dpop.NewHMACNonces(time.Minute, []byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256, Nonces: nonces}, jwthttp.WithDPoPNonceOnSuccess())
	tok := boundToken(t, e.key.jkt, nil)
	n0, err := e.v.NewNonce()
	if err != nil {
		t.Fatal(err)
	}
	resp, _ := e.send(t, http.MethodGet, "/", "DPoP "+tok, e.key.proof(t, http.MethodGet, e.url("/"), proofOpts{token: tok, nonce: n0}))
	if resp.StatusCode != http.StatusOK || resp.Header.Get("DPoP-Nonce") == "" {
		t.Fatalf("status %d, DPoP-Nonce %q", resp.StatusCode, resp.Header.Get("DPoP-Nonce"))
	}
	resp, _ = e.send(t, http.MethodGet, "/", "Bearer "+sign(t, nil))
	if resp.StatusCode != http.StatusOK || resp.Header.Get("DPoP-Nonce") != "" {
		t.Fatalf("bearer: status %d, DPoP-Nonce %q", resp.StatusCode, resp.Header.Get("DPoP-Nonce"))
	}
	noNonces, err := dpop.NewVerifier(dpop.Config{Algorithms: es256, Origins: []string{"https://api.example"}})
	if err != nil {
		t.Fatal(err)
	}
	for name, opts := range map[string][]jwthttp.Option{
		"without WithDPoP": {jwthttp.WithDPoPNonceOnSuccess()},
		"disabled":         {jwthttp.WithDPoP(nil, jwthttp.DPoPDisabled), jwthttp.WithDPoPNonceOnSuccess()},
		"no nonce source":  {jwthttp.WithDPoP(noNonces, jwthttp.DPoPAllowed), jwthttp.WithDPoPNonceOnSuccess()},
	} {
		if _, err := jwthttp.New(jwthttp.Core[apiClaims](testVerifier(t)), opts...); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: New: %v, want ErrInvalidOption", name, err)
		}
	}
}

func TestRFC9449_7_1_BothChallengesBearerFirst(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256})
	resp, _ := e.send(t, http.MethodGet, "/", "")
	vs := resp.Header.Values("WWW-Authenticate")
	if resp.StatusCode != http.StatusUnauthorized || len(vs) != 2 || !strings.HasPrefix(vs[0], "Bearer ") || !strings.HasPrefix(vs[1], "DPoP ") {
		t.Fatalf("status %d WWW-Authenticate %q, want Bearer's then DPoP's", resp.StatusCode, vs)
	}
	// A client reading the first field only (Header.Get) finds Bearer's with resource_metadata.
	if c := parseBearer(t, resp.Header.Get("WWW-Authenticate")); c["resource_metadata"] != testMetadataURL {
		t.Fatalf("first challenge %v", c)
	}
}

// TestRFC9449_7_1_DisabledTreatsDPoPSchemeAsNoToken: with DPoP disabled a
// DPoP-scheme request carries no bearer token (RFC 6750 section 3.1:
// "attempted using an unsupported authentication method"): a Bearer
// challenge only, no error code.
func TestRFC9449_7_1_DisabledTreatsDPoPSchemeAsNoToken(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPDisabled, dpop.Config{Algorithms: es256})
	tok := boundToken(t, e.key.jkt, nil)
	resp, _ := e.dpopGET(t, "/", tok)
	cs := wantChallenges(t, resp, "Bearer")
	if _, has := cs[0].params["error"]; resp.StatusCode != http.StatusUnauthorized || has || !errors.Is(e.lastError(), jwthttp.ErrNoToken) {
		t.Fatalf("status %d challenge %v cause %v", resp.StatusCode, cs[0], e.lastError())
	}
}

func TestRFC9449_7_1_DPoPRequiredRefusesBearer(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPRequired, dpop.Config{Algorithms: es256})
	resp, _ := e.send(t, http.MethodGet, "/", "Bearer "+sign(t, nil))
	cs := wantChallenges(t, resp, "DPoP")
	if _, has := cs[0].params["error"]; resp.StatusCode != http.StatusUnauthorized || has || cs[0].params["algs"] != "ES256" {
		t.Fatalf("status %d challenge %v, want 401 DPoP without error code", resp.StatusCode, cs[0])
	}
	if !errors.Is(e.lastError(), jwthttp.ErrDPoPRequired) || !errors.Is(e.lastError(), jwthttp.ErrNoToken) {
		t.Fatalf("cause %v", e.lastError())
	}
	// No token at all: the DPoP challenge alone too.
	resp, _ = e.send(t, http.MethodGet, "/", "")
	wantChallenges(t, resp, "DPoP")
}

// TestRFC9449_7_1_TwoCredentialsAreInvalidRequest: both schemes, a DPoP
// token beside a query or form token, two Authorization fields: 400
// invalid_request, on every challenge.
func TestRFC9449_7_1_TwoCredentialsAreInvalidRequest(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256}, jwthttp.WithSources(jwthttp.Sources{Query: true, Form: true}))
	tok := boundToken(t, e.key.jkt, nil)
	p := e.key.proof(t, http.MethodGet, e.url("/"), proofOpts{token: tok})
	for name, auth := range map[string]string{
		"DPoP then Bearer":   "DPoP " + tok + ", Bearer " + tok,
		"Bearer then DPoP":   "Bearer " + tok + ", DPoP " + tok,
		"Basic then DPoP":    "Basic YTpi, DPoP " + tok,
		"DPoP, tab":          "DPoP\t" + tok,
		"DPoP without token": "DPoP",
		"DPoP junk after":    "DPoP " + tok + " junk",
		"DPoP not token68":   "DPoP \"" + tok + "\"",
	} {
		t.Run(name, func(t *testing.T) {
			resp, _ := e.send(t, http.MethodGet, "/", auth, p)
			if resp.StatusCode != http.StatusBadRequest {
				t.Fatalf("status %d, want 400", resp.StatusCode)
			}
			for _, c := range wantChallenges(t, resp, "Bearer", "DPoP") {
				if c.params["error"] != "invalid_request" {
					t.Fatalf("%s challenge %v", c.scheme, c.params)
				}
			}
		})
	}
	t.Run("DPoP and query", func(t *testing.T) {
		path := "/?access_token=" + url.QueryEscape(tok)
		resp, _ := e.send(t, http.MethodGet, path, "DPoP "+tok, p)
		if resp.StatusCode != http.StatusBadRequest || !errors.Is(e.lastError(), jwthttp.ErrInvalidRequest) {
			t.Fatalf("status %d cause %v", resp.StatusCode, e.lastError())
		}
	})
	t.Run("two Authorization fields", func(t *testing.T) {
		req, _ := http.NewRequest(http.MethodGet, e.url("/"), nil)
		req.Header.Add("Authorization", "DPoP "+tok)
		req.Header.Add("Authorization", "DPoP "+tok)
		req.Header.Set("DPoP", p)
		resp, err := e.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("status %d", resp.StatusCode)
		}
	})
}

// TestRFC9449_4_3_TwoDPoPHeadersRefused: exactly one DPoP header field
// (section 4.3 check 1); none at all is a refused proof too.
func TestRFC9449_4_3_TwoDPoPHeadersRefused(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256})
	tok := boundToken(t, e.key.jkt, nil)
	p1 := e.key.proof(t, http.MethodGet, e.url("/"), proofOpts{token: tok})
	p2 := e.key.proof(t, http.MethodGet, e.url("/"), proofOpts{token: tok})
	resp, _ := e.send(t, http.MethodGet, "/", "DPoP "+tok, p1, p2)
	e.wantRefused(t, resp, http.StatusUnauthorized, "invalid_dpop_proof", dpop.ErrInvalidProof)
	resp, _ = e.send(t, http.MethodGet, "/", "DPoP "+tok)
	e.wantRefused(t, resp, http.StatusUnauthorized, "invalid_dpop_proof", dpop.ErrInvalidProof)
}

func TestRFC9449_11_1_ReplayedProofRefused(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256})
	tok := boundToken(t, e.key.jkt, nil)
	p := e.key.proof(t, http.MethodGet, e.url("/"), proofOpts{token: tok})
	if resp, _ := e.send(t, http.MethodGet, "/", "DPoP "+tok, p); resp.StatusCode != http.StatusOK {
		t.Fatalf("first use: status %d", resp.StatusCode)
	}
	resp, _ := e.send(t, http.MethodGet, "/", "DPoP "+tok, p)
	cs := e.wantRefused(t, resp, http.StatusUnauthorized, "invalid_dpop_proof", dpop.ErrReplayed)
	if cs[1].params["error_description"] != "the DPoP proof was used before" {
		t.Fatalf("description %q", cs[1].params["error_description"])
	}
}

// TestRFC9449_11_1_ReplayStoreDownIs503: a replay store that cannot tell
// (a full replay.Memory: replay.ErrUnavailable) refuses the request with
// 503 and Retry-After, no challenge: fail closed, and the token is not at
// fault.
func TestRFC9449_11_1_ReplayStoreDownIs503(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256, Replay: replay.NewMemory(1)})
	tok := boundToken(t, e.key.jkt, nil)
	if resp, _ := e.dpopGET(t, "/", tok); resp.StatusCode != http.StatusOK {
		t.Fatalf("first proof: status %d (%v)", resp.StatusCode, e.lastError())
	}
	resp, body := e.dpopGET(t, "/", tok) // a new proof: the store is full of live entries
	e.wantRefused(t, resp, http.StatusServiceUnavailable, "", replay.ErrUnavailable)
	if resp.Header.Get("Retry-After") == "" || len(resp.Header.Values("WWW-Authenticate")) != 0 || strings.Contains(body, "alice") {
		t.Fatalf("Retry-After %q challenges %q body %q", resp.Header.Get("Retry-After"), resp.Header.Values("WWW-Authenticate"), body)
	}
}

func TestRFC9728_5_1_ResourceMetadataOnEveryChallenge(t *testing.T) {
	for _, mode := range []jwthttp.DPoPMode{jwthttp.DPoPDisabled, jwthttp.DPoPAllowed, jwthttp.DPoPRequired} {
		t.Run(mode.String(), func(t *testing.T) {
			e := newDPoPEnv(t, mode, dpop.Config{Algorithms: es256}, jwthttp.RequireScopes("write"))
			bound := boundToken(t, e.key.jkt, map[string]any{"scope": "write"})
			readOnly := boundToken(t, e.key.jkt, map[string]any{"scope": "read"})
			for name, send := range map[string]func() *http.Response{
				"no token":     func() *http.Response { r, _ := e.send(t, http.MethodGet, "/", ""); return r },
				"bad bearer":   func() *http.Response { r, _ := e.send(t, http.MethodGet, "/", "Bearer x.y.z"); return r },
				"bound bearer": func() *http.Response { r, _ := e.send(t, http.MethodGet, "/", "Bearer "+bound); return r },
				"bad proof":    func() *http.Response { r, _ := e.send(t, http.MethodGet, "/", "DPoP "+bound, "x.y.z"); return r },
				"malformed": func() *http.Response {
					r, _ := e.send(t, http.MethodGet, "/", "DPoP "+bound+", Bearer "+bound)
					return r
				},
				"insufficient scope": func() *http.Response { r, _ := e.dpopGET(t, "/", readOnly); return r },
			} {
				resp := send()
				cs := challengesOf(t, resp)
				if len(cs) == 0 {
					t.Fatalf("%s: status %d, no challenge", name, resp.StatusCode)
				}
				for _, c := range cs {
					if c.params["resource_metadata"] != testMetadataURL || c.params["realm"] != "api" {
						t.Errorf("%s: %s challenge %v", name, c.scheme, c.params)
					}
				}
			}
		})
	}
}

func TestRFC9728_DPoPMetadataMembers(t *testing.T) {
	for _, tc := range []struct {
		mode     jwthttp.DPoPMode
		required any
		methods  []any
	}{
		{jwthttp.DPoPAllowed, false, []any{"header"}},
		{jwthttp.DPoPRequired, true, []any{}},
	} {
		t.Run(tc.mode.String(), func(t *testing.T) {
			e := newDPoPEnv(t, tc.mode, dpop.Config{Algorithms: []jwt.Algorithm{jwt.ES256, jwt.EdDSA}})
			doc, _ := metadataOf(t, e.mw.Metadata())
			algs, _ := json.Marshal(doc["dpop_signing_alg_values_supported"])
			if string(algs) != `["ES256","EdDSA"]` || doc["dpop_bound_access_tokens_required"] != tc.required {
				t.Fatalf("document %v", doc)
			}
			methods, _ := json.Marshal(doc["bearer_methods_supported"])
			want, _ := json.Marshal(tc.methods)
			if string(methods) != string(want) {
				t.Fatalf("bearer_methods_supported %s, want %s", methods, want)
			}
		})
	}
	doc, _ := metadataOf(t, newMiddleware(t).Metadata())
	if _, has := doc["dpop_signing_alg_values_supported"]; has {
		t.Fatal("DPoP members without WithDPoP")
	}
	if _, has := doc["dpop_bound_access_tokens_required"]; has {
		t.Fatal("DPoP members without WithDPoP")
	}
}

// TestWithDPoPRefusesUnusableOptions: options no request could pass are
// jwt.ErrInvalidOption at New.
func TestWithDPoPRefusesUnusableOptions(t *testing.T) {
	v, err := dpop.NewVerifier(dpop.Config{Algorithms: es256, Origins: []string{"https://api.example"}})
	if err != nil {
		t.Fatal(err)
	}
	noOrigins, err := dpop.NewVerifier(dpop.Config{Algorithms: es256})
	if err != nil {
		t.Fatal(err)
	}
	for name, opts := range map[string][]jwthttp.Option{
		"nil verifier, allowed":    {jwthttp.WithDPoP(nil, jwthttp.DPoPAllowed)},
		"nil verifier, required":   {jwthttp.WithDPoP(nil, jwthttp.DPoPRequired)},
		"unknown mode":             {jwthttp.WithDPoP(v, jwthttp.DPoPMode(3))},
		"negative mode":            {jwthttp.WithDPoP(v, jwthttp.DPoPMode(-1))},
		"twice":                    {jwthttp.WithDPoP(v, jwthttp.DPoPAllowed), jwthttp.WithDPoP(v, jwthttp.DPoPAllowed)},
		"zero verifier":            {jwthttp.WithDPoP(&dpop.Verifier{}, jwthttp.DPoPAllowed)},
		"verifier without origins": {jwthttp.WithDPoP(noOrigins, jwthttp.DPoPAllowed)},
		"required with query":      {jwthttp.WithDPoP(v, jwthttp.DPoPRequired), jwthttp.WithSources(jwthttp.Sources{Query: true})},
		"required with form":       {jwthttp.WithSources(jwthttp.Sources{Form: true}), jwthttp.WithDPoP(v, jwthttp.DPoPRequired)},
		"required with cookie":     {jwthttp.WithDPoP(v, jwthttp.DPoPRequired), jwthttp.WithSources(jwthttp.Sources{Cookie: "at"})},
	} {
		if _, err := jwthttp.New(jwthttp.Core[apiClaims](testVerifier(t)), opts...); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: New: %v, want ErrInvalidOption", name, err)
		}
	}
	for name, opts := range map[string][]jwthttp.Option{
		"disabled, nil verifier": {jwthttp.WithDPoP(nil, jwthttp.DPoPDisabled)},
		"disabled, a verifier":   {jwthttp.WithDPoP(v, jwthttp.DPoPDisabled)},
		"allowed with query":     {jwthttp.WithDPoP(v, jwthttp.DPoPAllowed), jwthttp.WithSources(jwthttp.Sources{Query: true})},
	} {
		if _, err := jwthttp.New(jwthttp.Core[apiClaims](testVerifier(t)), opts...); err != nil {
			t.Errorf("%s: New: %v", name, err)
		}
	}
}

func TestDPoPModeString(t *testing.T) {
	for m, want := range map[jwthttp.DPoPMode]string{jwthttp.DPoPDisabled: "DPoPDisabled", jwthttp.DPoPAllowed: "DPoPAllowed", jwthttp.DPoPRequired: "DPoPRequired", 7: "DPoPMode(7)"} {
		if m.String() != want {
			t.Errorf("%d: %q", int(m), m.String())
		}
	}
}

// TestProofFromWithoutMiddleware: no proof in a context the Middleware did
// not make, nor in NewContext's.
func TestProofFromWithoutMiddleware(t *testing.T) {
	//lint:ignore SA1012 a nil context is what this test gives
	if _, ok := jwthttp.ProofFrom(nil); ok {
		t.Fatal("nil context")
	}
	if _, ok := jwthttp.ProofFrom(jwthttp.NewContext(t.Context(), &apiClaims{}, "t")); ok {
		t.Fatal("NewContext")
	}
}

// hs256 signs header and payload JSON (written by hand, escapes kept) with
// the tests' secret.
func hs256(t *testing.T, header, payload string) string {
	t.Helper()
	input := b64([]byte(header)) + "." + b64([]byte(payload))
	mac := hmac.New(sha256.New, testSecret)
	mac.Write([]byte(input))
	return input + "." + b64(mac.Sum(nil))
}

// TestRFC9449_7_2_BoundTokenAsBearerRefusedWhateverTheVerifyFunc: one rule
// for every VerifyFunc: Core (whose strict pass the Middleware watches), a
// function of your own, one that calls Core with another token, and a
// "cnf" written with escapes.
func TestRFC9449_7_2_BoundTokenAsBearerRefusedWhateverTheVerifyFunc(t *testing.T) {
	key := newDPoPKey(t)
	exp := time.Now().Add(time.Hour).Unix()
	escaped := hs256(t, `{"alg":"HS256","typ":"JWT"}`, `{"iss":"`+testIssuer+`","aud":"`+testResource+`","sub":"alice","exp":`+
		strconv.FormatInt(exp, 10)+`,"\u0063nf":{"j\u006bt":"`+key.jkt+`"}}`)
	v := testVerifier(t)
	core := jwthttp.Core[apiClaims](v)
	own := func(ctx context.Context, token string) (*apiClaims, error) {
		c := new(apiClaims)
		_, err := v.ParseWithClaimsContext(ctx, token, c)
		return c, err
	}
	unbound := sign(t, nil)
	swapping := func(ctx context.Context, token string) (*apiClaims, error) {
		if _, err := core(ctx, unbound); err != nil { // another token through Core first
			return nil, err
		}
		return own(ctx, token)
	}
	for name, verify := range map[string]jwthttp.VerifyFunc[*apiClaims]{"Core": core, "own": own, "Core of another token": swapping} {
		mw, err := jwthttp.New(verify, jwthttp.WithResource(jwthttp.Resource{ID: testResource}))
		if err != nil {
			t.Fatal(err)
		}
		srv := serve(t, mw.Handler(echoSubject))
		mtls := sign(t, map[string]any{"cnf": map[string]any{"x5t#S256": "abc"}}) // RFC 8705: dpop.ErrUnsupportedBinding
		for what, tok := range map[string]string{"bound": boundToken(t, key.jkt, nil), "escaped cnf": escaped, "mTLS-bound (no jkt)": mtls} {
			resp, _ := get(t, srv, tok)
			if c := challengeOf(t, resp); resp.StatusCode != http.StatusUnauthorized || c["error"] != "invalid_token" {
				t.Errorf("%s, %s token: status %d challenge %v, want 401 invalid_token", name, what, resp.StatusCode, c)
			}
		}
		for what, tok := range map[string]string{"unbound": unbound, "empty cnf": sign(t, map[string]any{"cnf": map[string]any{}})} {
			if resp, body := get(t, srv, tok); resp.StatusCode != http.StatusOK || body != "alice" {
				t.Errorf("%s, %s token: status %d, want 200", name, what, resp.StatusCode)
			}
		}
	}
}
