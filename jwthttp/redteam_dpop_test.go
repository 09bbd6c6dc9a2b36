package jwthttp_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwthttp"
)

// Red-team probes of jwthttp's DPoP integration (RFC 9449 sections 7.1,
// 7.2, 8, 9 and 11.1; RFC 6750 section 3; RFC 9728).

// rtAccessToken is an RFC 9068 access token (typ at+jwt) for testResource
// signed with the tests' secret, extra JSON members appended raw.
func rtAccessToken(t *testing.T, extra string) string {
	t.Helper()
	now := time.Now().Unix()
	payload := fmt.Sprintf(`{"iss":%q,"aud":%q,"sub":"alice","client_id":"c1","jti":"%d","iat":%d,"exp":%d%s}`,
		testIssuer, testResource, time.Now().UnixNano(), now, now+3600, extra)
	return hs256(t, `{"alg":"HS256","typ":"at+jwt"}`, payload)
}

func rtAccessVerifier(t *testing.T) *accesstoken.Verifier {
	t.Helper()
	v, err := accesstoken.NewVerifier(testSecret, accesstoken.Config{Issuer: testIssuer, Audience: testResource}, jwt.WithAlgorithms(jwt.HS256))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

type rtExtended struct {
	accesstoken.Claims
	Tenant string `json:"tid,omitempty"`
}

// TestRedTeam_RFC9449_7_2_BoundBearerRefusedOnEveryAdapter: a bound token
// as Bearer is a 401 invalid_token through AccessTokens and
// AccessTokensInto, in every mode, and from every source (form, query,
// cookie), as through Core.
func TestRedTeam_RFC9449_7_2_BoundBearerRefusedOnEveryAdapter(t *testing.T) {
	key := newDPoPKey(t)
	av := rtAccessVerifier(t)
	bound := rtAccessToken(t, `,"cnf":{"jkt":"`+key.jkt+`"}`)
	escaped := rtAccessToken(t, `,"\u0063nf":{"\u006akt":"`+key.jkt+`"}`)
	unbound := rtAccessToken(t, "")
	dv, err := dpop.NewVerifier(dpop.Config{Origins: []string{"https://api.example"}})
	if err != nil {
		t.Fatal(err)
	}
	sources := jwthttp.Sources{Form: true, Query: true, Cookie: "at"}
	build := map[string]func(opts ...jwthttp.Option) (http.Handler, error){
		"AccessTokens": func(opts ...jwthttp.Option) (http.Handler, error) {
			m, err := jwthttp.New(jwthttp.AccessTokens(av), opts...)
			if err != nil {
				return nil, err
			}
			return m.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) })), nil
		},
		"AccessTokensInto": func(opts ...jwthttp.Option) (http.Handler, error) {
			m, err := jwthttp.New(jwthttp.AccessTokensInto[rtExtended](av), opts...)
			if err != nil {
				return nil, err
			}
			return m.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) })), nil
		},
	}
	send := map[string]func(r *http.Request, tok string){
		"header": func(r *http.Request, tok string) { r.Header.Set("Authorization", "Bearer "+tok) },
		"query": func(r *http.Request, tok string) {
			q := r.URL.Query()
			q.Set("access_token", tok)
			r.URL.RawQuery = q.Encode()
		},
		"cookie": func(r *http.Request, tok string) { r.AddCookie(&http.Cookie{Name: "at", Value: tok}) },
		"form": func(r *http.Request, tok string) {
			r.Method = http.MethodPost
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			body := "access_token=" + tok
			r.Body = ioNopCloser(body)
			r.ContentLength = int64(len(body))
		},
	}
	for name, mk := range build {
		for _, mode := range []jwthttp.DPoPMode{jwthttp.DPoPDisabled, jwthttp.DPoPAllowed} {
			h, err := mk(jwthttp.WithSources(sources), jwthttp.WithDPoP(dv, mode))
			if err != nil {
				t.Fatalf("%s %v: %v", name, mode, err)
			}
			for how, put := range send {
				for what, tok := range map[string]string{"bound": bound, "escaped cnf": escaped, "unbound": unbound} {
					r := httptest.NewRequest(http.MethodGet, "https://api.example/", nil)
					put(r, tok)
					w := httptest.NewRecorder()
					h.ServeHTTP(w, r)
					want := http.StatusUnauthorized
					if what == "unbound" {
						want = http.StatusOK
					}
					if w.Code != want {
						t.Errorf("%s %v, %s via %s: status %d, want %d (%q)", name, mode, what, how, w.Code, want, w.Header().Values("WWW-Authenticate"))
					}
				}
			}
		}
	}
}

// TestRedTeam_RFC9449_7_2_LookAlikeCnfNeverReadAsBinding: a top-level
// "CNF" or "Cnf" (a look-alike of "cnf") is refused by the strict pass or
// at least never reaches the handler as a binding: a case-insensitive
// decoder must not fill Confirmation from it while the Middleware treats
// the token as unbound.
func TestRedTeam_RFC9449_7_2_LookAlikeCnfNeverReadAsBinding(t *testing.T) {
	key := newDPoPKey(t)
	av := rtAccessVerifier(t)
	for _, name := range []string{"CNF", "Cnf", "cNf"} {
		tok := rtAccessToken(t, `,"`+name+`":{"jkt":"`+key.jkt+`"}`)
		c, err := av.Verify(context.Background(), tok)
		if err == nil && c.Confirmation != nil && c.Confirmation.JKT != "" {
			jkt, _ := dpop.BoundKey(tok)
			t.Errorf("%s: accesstoken reads Confirmation.JKT %q from a look-alike while dpop.BoundKey reads %q", name, c.Confirmation.JKT, jkt)
		}
		// Through Core with the tests' claims.
		core := jwthttp.Core[map[string]any](testVerifier(t))
		m, err := core(context.Background(), sign(t, map[string]any{name: map[string]any{"jkt": key.jkt}}))
		if err == nil {
			if _, has := (*m)["cnf"]; has {
				t.Errorf("%s: Core's map has \"cnf\"", name)
			}
		}
	}
}

// TestRedTeam_RFC6750_3_ChallengesNeverEchoTheRequest: every refusal of a
// DPoP request whose proof, token and headers carry a marker has no
// marker in any response header or body, and no header holds CR or LF.
func TestRedTeam_RFC6750_3_ChallengesNeverEchoTheRequest(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256})
	const marker = "MARKERx"
	tok := boundToken(t, e.key.jkt, map[string]any{"sub": marker})
	other := newDPoPKey(t)
	for name, proof := range map[string]string{
		"htu":      e.key.proof(t, "GET", "https://"+marker+".example/", proofOpts{token: tok}),
		"htm":      e.key.proof(t, marker, e.url("/"), proofOpts{token: tok}),
		"typ":      e.key.proof(t, "GET", e.url("/"), proofOpts{token: tok, typ: marker}),
		"ath":      e.key.proof(t, "GET", e.url("/"), proofOpts{ath: marker}),
		"jti":      e.key.proof(t, "GET", e.url("/"), proofOpts{token: tok, jti: marker, iat: time.Now().Add(-time.Hour)}),
		"other":    other.proof(t, "GET", e.url("/"), proofOpts{token: tok, jti: marker}),
		"garbage":  marker + "." + marker + "." + marker,
		"too long": strings.Repeat(marker, 5000),
	} {
		resp, body := e.send(t, http.MethodGet, "/", "DPoP "+tok, proof)
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s: status %d, want 401", name, resp.StatusCode)
		}
		for h, vs := range resp.Header {
			for _, v := range vs {
				if strings.Contains(v, marker) || strings.ContainsAny(v, "\r\n") {
					t.Errorf("%s: header %s: %q echoes the request", name, h, v)
				}
			}
		}
		if strings.Contains(body, marker) {
			t.Errorf("%s: body %q echoes the request", name, body)
		}
		if le := e.lastError(); le != nil && len(le.Error()) > 4096 {
			t.Errorf("%s: cause of %d bytes: unbounded for a log line", name, len(le.Error()))
		}
	}
}

// TestRedTeam_RFC9449_9_UseNonceChallengeIsComplete: a missing nonce is a
// 401 whose WWW-Authenticate has Bearer's challenge first (no error: the
// request used DPoP), then DPoP's with error="use_dpop_nonce", algs and
// resource_metadata, and a DPoP-Nonce header the verifier accepts; the
// retried proof with it passes.
func TestRedTeam_RFC9449_9_UseNonceChallengeIsComplete(t *testing.T) {
	nonces, err := dpop.NewHMACNonces(time.Minute, []byte(strings.Repeat("n", 32)))
	if err != nil {
		t.Fatal(err)
	}
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256, Nonces: nonces})
	tok := boundToken(t, e.key.jkt, nil)
	resp, _ := e.dpopGET(t, "/", tok)
	cs := wantChallenges(t, resp, "Bearer", "DPoP")
	if resp.StatusCode != http.StatusUnauthorized || cs[0].params["error"] != "" || cs[1].params["error"] != "use_dpop_nonce" ||
		cs[1].params["algs"] != "ES256" || cs[0].params["resource_metadata"] == "" || cs[1].params["resource_metadata"] == "" {
		t.Fatalf("status %d challenges %v", resp.StatusCode, cs)
	}
	n := resp.Header.Get("DPoP-Nonce")
	if err := nonces.CheckNonce(n, time.Now()); err != nil {
		t.Fatalf("DPoP-Nonce %q: %v", n, err)
	}
	resp, body := e.send(t, http.MethodGet, "/", "DPoP "+tok, e.key.proof(t, http.MethodGet, e.url("/"), proofOpts{token: tok, nonce: n}))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("retry with the nonce: status %d %q", resp.StatusCode, body)
	}
}

// TestRedTeam_RFC9449_7_1_ProofOfAnotherRequestRefused: a valid proof
// for the token, replayed on another path, method or token (ath), or with
// a token bound to the proof key but the proof made for another token of
// the same key, is refused; a proof stolen with the token but sent with a
// token of another key is invalid_token.
func TestRedTeam_RFC9449_7_1_ProofOfAnotherRequestRefused(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPAllowed, dpop.Config{Algorithms: es256})
	tok := boundToken(t, e.key.jkt, nil)
	tok2 := boundToken(t, e.key.jkt, map[string]any{"tid": "2"})
	for name, c := range map[string]struct{ method, path, proofMethod, proofPath, proofToken string }{
		"other path":   {"GET", "/admin", "GET", "/", tok},
		"other method": {"DELETE", "/", "GET", "/", tok},
		"other token":  {"GET", "/", "GET", "/", tok2},
		"path case":    {"GET", "/Admin", "GET", "/admin", tok},
		"trailing /":   {"GET", "/admin/", "GET", "/admin", tok},
		"encoded /":    {"GET", "/a%2Fb", "GET", "/a/b", tok},
		"dot segment":  {"GET", "/admin", "GET", "/public/../admin/x", tok},
	} {
		resp, _ := e.send(t, c.method, c.path, "DPoP "+tok, e.key.proof(t, c.proofMethod, e.url(c.proofPath), proofOpts{token: c.proofToken}))
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s: status %d, want 401", name, resp.StatusCode)
		}
	}
	if e.hits.Load() == 0 {
		t.Fatal("no request reached the server")
	}
	other := newDPoPKey(t)
	otherTok := boundToken(t, other.jkt, nil)
	resp, _ := e.send(t, "GET", "/", "DPoP "+otherTok, e.key.proof(t, "GET", e.url("/"), proofOpts{token: otherTok}))
	e.wantRefused(t, resp, http.StatusUnauthorized, "invalid_token", dpop.ErrBindingMismatch)
}

// TestRedTeam_RFC9449_7_1_ZeroVerifierRefusedByNew: a zero dpop.Verifier
// is refused at New, never a 500 on every request.
func TestRedTeam_RFC9449_7_1_ZeroVerifierRefusedByNew(t *testing.T) {
	for _, mode := range []jwthttp.DPoPMode{jwthttp.DPoPAllowed, jwthttp.DPoPRequired} {
		if _, err := jwthttp.New(jwthttp.Core[apiClaims](testVerifier(t)), jwthttp.WithDPoP(&dpop.Verifier{}, mode)); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%v with a zero Verifier: %v, want ErrInvalidOption", mode, err)
		}
	}
	if _, err := jwthttp.New(jwthttp.Core[apiClaims](testVerifier(t)), jwthttp.WithDPoP(nil, jwthttp.DPoPMode(7))); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("mode 7: %v", err)
	}
}

// TestRedTeam_RFC9449_7_1_ProbeCannotBeForgedByTheVerifyFunc: a VerifyFunc
// that calls Core on the same token with a verifier that refuses it, then
// accepts it by other means, leaves the probe unchecked, so the bound
// token is still refused as Bearer; one that calls Core on the token
// twice (once with a context of its own) is no different.
func TestRedTeam_RFC9449_7_1_ProbeCannotBeForgedByTheVerifyFunc(t *testing.T) {
	key := newDPoPKey(t)
	bound := boundToken(t, key.jkt, nil)
	strict, err := jwt.NewVerifier(testSecret, jwt.WithAlgorithms(jwt.HS256), jwt.WithIssuer("https://other.example"))
	if err != nil {
		t.Fatal(err)
	}
	lax := testVerifier(t)
	fallback := func(ctx context.Context, token string) (*apiClaims, error) {
		if c, err := jwthttp.Core[apiClaims](strict)(ctx, token); err == nil {
			return c, nil
		}
		return jwthttp.Core[apiClaims](lax)(context.WithoutCancel(ctx), token)
	}
	twice := func(ctx context.Context, token string) (*apiClaims, error) {
		if _, err := jwthttp.Core[apiClaims](lax)(ctx, token); err != nil {
			return nil, err
		}
		return jwthttp.Core[apiClaims](lax)(context.Background(), token)
	}
	for name, f := range map[string]jwthttp.VerifyFunc[*apiClaims]{"fallback": fallback, "twice": twice} {
		mw, err := jwthttp.New(f)
		if err != nil {
			t.Fatal(err)
		}
		srv := serve(t, mw.Handler(echoSubject))
		if resp, _ := get(t, srv, bound); resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s: bound bearer status %d, want 401", name, resp.StatusCode)
		}
	}
}

// TestRedTeam_ZeroAndNilJWTHTTPDPoPValuesNeverPanic: the DPoP API of
// jwthttp on zero and nil values.
func TestRedTeam_ZeroAndNilJWTHTTPDPoPValuesNeverPanic(t *testing.T) {
	calls := map[string]func(){
		"DPoPChallenge{}.String": func() { _ = jwthttp.DPoPChallenge{}.String() },
		"DPoPMode(-1).String":    func() { _ = jwthttp.DPoPMode(-1).String() },
		//lint:ignore SA1012 a nil context is what this probe gives
		"ProofFrom(nil)": func() { jwthttp.ProofFrom(nil) },
		"ProofFrom(bg)":  func() { jwthttp.ProofFrom(context.Background()) },
		"nil Error":      func() { var e *jwthttp.Error; _ = e.Error(); _ = e.Unwrap() },
		"WriteError nil": func() { jwthttp.WriteError(httptest.NewRecorder(), nil, nil) },
		"WriteError DPoP only": func() {
			jwthttp.WriteError(httptest.NewRecorder(), nil, &jwthttp.Error{Status: 401, DPoP: &jwthttp.DPoPChallenge{}, DPoPNonce: "a\r\nb"})
		},
		"zero Middleware handler": func() {
			var m jwthttp.Middleware[*apiClaims]
			m.Handler(echoSubject).ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
		},
		"nil Middleware Metadata":  func() { var m *jwthttp.Middleware[*apiClaims]; _ = m.Metadata() },
		"Classify ErrUseNonce":     func() { _ = jwthttp.Classify(dpop.ErrUseNonce) },
		"Classify ErrInvalidProof": func() { _ = jwthttp.Classify(dpop.ErrInvalidProof) },
	}
	for name, f := range calls {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s panicked: %v", name, r)
				}
			}()
			f()
		}()
	}
	// Every exported method of the zero MetadataHandler and Error.
	for _, recv := range []any{&jwthttp.MetadataHandler{}, (*jwthttp.MetadataHandler)(nil), &jwthttp.Error{}} {
		rv := reflect.ValueOf(recv)
		for i := 0; i < rv.NumMethod(); i++ {
			m := rv.Method(i)
			args := make([]reflect.Value, m.Type().NumIn())
			for j := range args {
				switch pt := m.Type().In(j); {
				case pt == reflect.TypeFor[http.ResponseWriter]():
					args[j] = reflect.ValueOf(httptest.NewRecorder())
				case pt == reflect.TypeFor[*http.Request]():
					args[j] = reflect.ValueOf(httptest.NewRequest("GET", "/", nil))
				default:
					args[j] = reflect.Zero(pt)
				}
			}
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%T.%s panicked: %v", recv, rv.Type().Method(i).Name, r)
					}
				}()
				m.Call(args)
			}()
		}
	}
}

// TestRedTeam_RFC9449_7_1_DPoPRequiredChallengeHasNoBearer: in
// DPoPRequired mode no refusal offers Bearer, and the metadata says so.
func TestRedTeam_RFC9449_7_1_DPoPRequiredChallengeHasNoBearer(t *testing.T) {
	e := newDPoPEnv(t, jwthttp.DPoPRequired, dpop.Config{Algorithms: es256})
	tok := boundToken(t, e.key.jkt, nil)
	for name, auth := range map[string]string{"none": "", "bearer": "Bearer " + tok, "dpop no proof": "DPoP " + tok, "garbage": "DPoP !!"} {
		resp, _ := e.send(t, http.MethodGet, "/", auth)
		for _, v := range resp.Header.Values("WWW-Authenticate") {
			if strings.HasPrefix(strings.ToLower(v), "bearer") {
				t.Errorf("%s: a Bearer challenge %q in DPoPRequired mode", name, v)
			}
		}
	}
	rec := httptest.NewRecorder()
	e.mw.Metadata().ServeHTTP(rec, httptest.NewRequest("GET", e.mw.Metadata().Path(), nil))
	body := rec.Body.String()
	if !strings.Contains(body, `"dpop_bound_access_tokens_required":true`) || !strings.Contains(body, `"dpop_signing_alg_values_supported":["ES256"]`) {
		t.Errorf("metadata %s", body)
	}
}

var _ = strconv.Itoa

type rtBody struct{ *strings.Reader }

func (rtBody) Close() error { return nil }

func ioNopCloser(s string) rtBody { return rtBody{strings.NewReader(s)} }
