package jwthttp_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwthttp"
)

// dpopKey is a client's DPoP key (RFC 9449 section 4): proofs are built
// by hand here, independent of dpop.Signer, so that the Middleware is
// tested against proofs it did not write.
type dpopKey struct {
	priv *ecdsa.PrivateKey
	jwk  map[string]string
	jkt  string // RFC 7638 SHA-256 thumbprint, base64url (RFC 9449 section 6.1)
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

func newDPoPKey(t testing.TB) *dpopKey {
	t.Helper()
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	x, y := make([]byte, 32), make([]byte, 32)
	priv.X.FillBytes(x) //nolint:staticcheck // the coordinates of a P-256 key, for its JWK
	priv.Y.FillBytes(y) //nolint:staticcheck
	k := &dpopKey{priv: priv, jwk: map[string]string{"kty": "EC", "crv": "P-256", "x": b64(x), "y": b64(y)}}
	// RFC 7638 section 3.2: the required members in lexicographic order, no white space.
	sum := sha256.Sum256([]byte(`{"crv":"P-256","kty":"EC","x":"` + k.jwk["x"] + `","y":"` + k.jwk["y"] + `"}`))
	k.jkt = b64(sum[:])
	return k
}

// proofOpts are a proof's variable parts; zero values give a proof for
// the request (iat now, a fresh jti, no nonce, no ath).
type proofOpts struct {
	token string    // ath = base64url(SHA-256(token)) when not ""
	ath   string    // overrides ath
	nonce string    // "nonce" when not ""
	jti   string    // "" random
	iat   time.Time // zero: now
	typ   string    // "" dpop+jwt
}

// proof signs an ES256 DPoP proof for method and htu (RFC 9449 section
// 4.2).
func (k *dpopKey) proof(t testing.TB, method, htu string, o proofOpts) string {
	t.Helper()
	typ := o.typ
	if typ == "" {
		typ = "dpop+jwt"
	}
	header, err := json.Marshal(map[string]any{"typ": typ, "alg": "ES256", "jwk": k.jwk})
	if err != nil {
		t.Fatal(err)
	}
	jti := o.jti
	if jti == "" {
		b := make([]byte, 16)
		_, _ = rand.Read(b)
		jti = b64(b)
	}
	iat := o.iat
	if iat.IsZero() {
		iat = time.Now()
	}
	c := map[string]any{"jti": jti, "htm": method, "htu": htu, "iat": iat.Unix()}
	if o.token != "" {
		sum := sha256.Sum256([]byte(o.token))
		c["ath"] = b64(sum[:])
	}
	if o.ath != "" {
		c["ath"] = o.ath
	}
	if o.nonce != "" {
		c["nonce"] = o.nonce
	}
	payload, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	input := b64(header) + "." + b64(payload)
	sum := sha256.Sum256([]byte(input))
	r, s, err := ecdsa.Sign(rand.Reader, k.priv, sum[:])
	if err != nil {
		t.Fatal(err)
	}
	sig := make([]byte, 64)
	r.FillBytes(sig[:32])
	s.FillBytes(sig[32:])
	return input + "." + b64(sig)
}

// boundToken is a test access token bound to jkt ("cnf" "jkt", RFC 9449
// section 6.1), merged with extra.
func boundToken(t *testing.T, jkt string, extra map[string]any) string {
	t.Helper()
	c := map[string]any{"cnf": map[string]any{"jkt": jkt}}
	for k, v := range extra {
		c[k] = v
	}
	return sign(t, c)
}

// dpopEnv is a TLS test server protected by a Middleware in a DPoP mode,
// its verifier's origin the server's URL, and the client's key.
type dpopEnv struct {
	srv *httptest.Server
	key *dpopKey
	v   *dpop.Verifier
	mw  *jwthttp.Middleware[*apiClaims]

	hits atomic.Int32 // the requests served

	mu   sync.Mutex
	last *jwthttp.Error // the last refusal
}

// newDPoPEnv serves echoSubject behind newMiddleware with WithDPoP(v,
// mode), v made from cfg (Origins set to the server's URL).
func newDPoPEnv(t *testing.T, mode jwthttp.DPoPMode, cfg dpop.Config, opts ...jwthttp.Option) *dpopEnv {
	t.Helper()
	e := &dpopEnv{key: newDPoPKey(t)}
	var h http.Handler
	e.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.hits.Add(1)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(e.srv.Close)
	if cfg.Origins == nil && !cfg.TrustRequestHost {
		cfg.Origins = []string{e.srv.URL}
	}
	v, err := dpop.NewVerifier(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e.v = v
	opts = append([]jwthttp.Option{jwthttp.WithDPoP(v, mode), jwthttp.WithErrorHandler(func(w http.ResponseWriter, r *http.Request, er *jwthttp.Error) {
		e.mu.Lock()
		e.last = er
		e.mu.Unlock()
		jwthttp.WriteError(w, r, er)
	})}, opts...)
	e.mw = newMiddleware(t, opts...)
	h = e.mw.Handler(dpopEcho)
	return e
}

// dpopEcho answers 200 with the subject and, for a DPoP request, " jkt="
// and the proof's thumbprint.
var dpopEcho = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	c, ok := jwthttp.ClaimsFrom[*apiClaims](r.Context())
	if !ok {
		_, _ = w.Write([]byte("anonymous"))
		return
	}
	out := c.Subject
	if p, ok := jwthttp.ProofFrom(r.Context()); ok {
		out += " jkt=" + p.JKT
	}
	_, _ = w.Write([]byte(out))
})

// lastError is the last refusal's *jwthttp.Error.
func (e *dpopEnv) lastError() *jwthttp.Error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.last
}

// url is the server's URL of path.
func (e *dpopEnv) url(path string) string { return e.srv.URL + path }

// send sends method to path with authorization ("" none) and the DPoP
// proofs given (one header field each), and returns the response and its
// body.
func (e *dpopEnv) send(t *testing.T, method, path, authorization string, proofs ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, e.url(path), nil)
	if err != nil {
		t.Fatal(err)
	}
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	for _, p := range proofs {
		req.Header.Add("DPoP", p)
	}
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

// dpopGET sends GET path with "DPoP <token>" and a fresh valid proof for
// it.
func (e *dpopEnv) dpopGET(t *testing.T, path, token string) (*http.Response, string) {
	t.Helper()
	return e.send(t, http.MethodGet, path, "DPoP "+token, e.key.proof(t, http.MethodGet, e.url(path), proofOpts{token: token}))
}

// challenge is one parsed WWW-Authenticate challenge.
type challenge struct {
	scheme string
	params map[string]string
}

// challengesOf parses every WWW-Authenticate field of resp, one challenge
// each (as WriteError writes them).
func challengesOf(t *testing.T, resp *http.Response) []challenge {
	t.Helper()
	var out []challenge
	for _, v := range resp.Header.Values("WWW-Authenticate") {
		scheme, rest, _ := strings.Cut(v, " ")
		out = append(out, challenge{scheme: scheme, params: parseBearer(t, "Bearer "+rest)})
	}
	return out
}

// wantChallenges fails unless resp's challenges have exactly the schemes
// given, in that order, and returns them.
func wantChallenges(t *testing.T, resp *http.Response, schemes ...string) []challenge {
	t.Helper()
	cs := challengesOf(t, resp)
	var got []string
	for _, c := range cs {
		got = append(got, c.scheme)
	}
	if strings.Join(got, ",") != strings.Join(schemes, ",") {
		t.Fatalf("challenges %q (%q), want schemes %q", got, resp.Header.Values("WWW-Authenticate"), schemes)
	}
	return cs
}

// es256 is the proof algorithm the tests' verifiers accept unless told.
var es256 = []jwt.Algorithm{jwt.ES256}
