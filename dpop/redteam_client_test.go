package dpop_test

// Red-team probes of the DPoP client and authorization-server side (RFC
// 9449) that hold: each attacks one rule and passes. Prefix rt.

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/dpop"
)

// rtSigner is a crypto.Signer whose Public returns what it is given (or
// panics), signing with an ECDSA P-256 key.
type rtSigner struct {
	k      *ecdsa.PrivateKey
	public func() crypto.PublicKey
}

func (s rtSigner) Public() crypto.PublicKey { return s.public() }
func (s rtSigner) Sign(r io.Reader, d []byte, o crypto.SignerOpts) ([]byte, error) {
	return s.k.Sign(r, d, o)
}

// RFC 9449 section 4.2: the header's "jwk" "MUST NOT contain a private
// key". A crypto.Signer (KMS, HSM) whose Public hands back a private key
// of any family, a value instead of a pointer, an ECDH key, nil, or
// panics, is refused at NewSigner; nothing is ever signed with it.
func TestRedTeam_RFC9449_4_2_LeakyCryptoSignerPublicRefused(t *testing.T) {
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	var rk *rsa.PrivateKey
	for _, c := range sgKeys(t) {
		if k, ok := c.key.(*rsa.PrivateKey); ok {
			rk = k
		}
	}
	_, ed, _ := ed25519.GenerateKey(rand.Reader)
	xk, _ := ecdh.P256().GenerateKey(rand.Reader)
	ecdhOfEC, _ := ec.ECDH()
	for name, c := range map[string]struct {
		alg    jwt.Algorithm
		public func() crypto.PublicKey
	}{
		"*ecdsa.PrivateKey":        {jwt.ES256, func() crypto.PublicKey { return ec }},
		"ecdsa.PrivateKey value":   {jwt.ES256, func() crypto.PublicKey { return *ec }},
		"*rsa.PrivateKey":          {jwt.ES256, func() crypto.PublicKey { return rk }},
		"ed25519.PrivateKey":       {jwt.ES256, func() crypto.PublicKey { return ed }},
		"*ecdh.PrivateKey":         {jwt.ES256, func() crypto.PublicKey { return xk }},
		"*ecdh.PrivateKey of key":  {jwt.ES256, func() crypto.PublicKey { return ecdhOfEC }},
		"*ecdh.PublicKey of key":   {jwt.ES256, func() crypto.PublicKey { return ecdhOfEC.PublicKey() }},
		"nil":                      {jwt.ES256, func() crypto.PublicKey { return nil }},
		"typed nil ecdsa":          {jwt.ES256, func() crypto.PublicKey { return (*ecdsa.PublicKey)(nil) }},
		"panics":                   {jwt.ES256, func() crypto.PublicKey { panic("kms down") }},
		"rsa public for ES256":     {jwt.ES256, func() crypto.PublicKey { return &rk.PublicKey }},
		"private bytes as []byte":  {jwt.ES256, func() crypto.PublicKey { return []byte(ed) }},
		"ed25519 public for ES256": {jwt.ES256, func() crypto.PublicKey { return ed.Public() }},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: NewSigner panicked: %v", name, r)
				}
			}()
			s, err := dpop.NewSigner(c.alg, rtSigner{ec, c.public})
			if err == nil || s != nil || !errors.Is(err, dpop.ErrInvalidConfig) {
				t.Errorf("%s: NewSigner = %v, %v; want ErrInvalidConfig", name, s, err)
			}
		}()
	}
}

// RFC 9449 section 4.2 with RSA keys as crypto/rsa holds them: the
// precomputed CRT values (Dp, Dq, Qinv, CRTValues) never reach the "jwk",
// whatever the key was built with.
func TestRedTeam_RFC9449_4_2_RSAPrecomputedValuesNeverInTheHeader(t *testing.T) {
	var rk *rsa.PrivateKey
	for _, c := range sgKeys(t) {
		if k, ok := c.key.(*rsa.PrivateKey); ok {
			rk = k
		}
	}
	rebuilt := &rsa.PrivateKey{PublicKey: rk.PublicKey, D: rk.D, Primes: rk.Primes}
	rebuilt.Precompute()
	for name, k := range map[string]crypto.Signer{"generated": rk, "rebuilt+Precompute": rebuilt} {
		for _, alg := range []jwt.Algorithm{jwt.RS256, jwt.PS512} {
			s, err := dpop.NewSigner(alg, k)
			if err != nil {
				t.Fatalf("%s %s: %v", name, alg, err)
			}
			proof, err := s.Proof("GET", "https://rs.example/", dpop.ProofOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var members map[string]json.RawMessage
			if err := json.Unmarshal(sgDecode(t, proof).header["jwk"], &members); err != nil {
				t.Fatal(err)
			}
			if len(members) != 3 || members["n"] == nil || members["e"] == nil || string(members["kty"]) != `"RSA"` {
				t.Errorf("%s %s: jwk members %v", name, alg, sgNames(members))
			}
		}
	}
}

// RFC 9449 section 4.2 ("jti": a unique identifier, section 11.1): 128
// bits from crypto/rand, base64url, never repeated.
func TestRedTeam_RFC9449_4_2_JTIIs128RandomBitsNeverRepeated(t *testing.T) {
	s := sgSigner(t)
	seen := map[string]bool{}
	for range 2000 {
		proof, err := s.Proof("GET", "https://rs.example/x", dpop.ProofOptions{Now: sgNow})
		if err != nil {
			t.Fatal(err)
		}
		d := sgDecode(t, proof)
		jti := d.str(t, d.claims, "jti")
		raw, err := base64.RawURLEncoding.DecodeString(jti)
		if err != nil || len(raw) != 16 {
			t.Fatalf("jti %q: %d bytes, %v", jti, len(raw), err)
		}
		if seen[jti] {
			t.Fatalf("jti %q repeated", jti)
		}
		seen[jti] = true
	}
}

// RFC 9449 sections 4.2 and 4.3 check 9: every URL the Signer takes gives
// a proof its own Verifier accepts at that request's normalised target
// URI (RFC 3986 sections 6.2.2, 6.2.3): IPv6 literals, case, default
// ports, dot segments, percent-encoding case, a "#" before a "?"; and a
// URL with userinfo, even empty, or not http(s), makes none.
func TestRedTeam_RFC9449_4_2_HTUOfEveryURLVerifiesHere(t *testing.T) {
	s := sgSigner(t)
	for in, target := range map[string]string{
		"https://[::1]:8443/a?b#c":                "https://[::1]:8443/a",
		"https://[2001:DB8::1]/":                  "https://[2001:db8::1]/",
		"HTTPS://API.Example:443":                 "https://api.example/",
		"http://api.example:80/x":                 "http://api.example/x",
		"https://api.example/a/./b/../c":          "https://api.example/a/c",
		"https://api.example/%7e%2f%e2%82%ac":     "https://api.example/~%2F%E2%82%AC",
		"https://api.example/p#frag?notquery":     "https://api.example/p",
		"https://api.example?q":                   "https://api.example/",
		"https://api.example/a%20b;c=d,e":         "https://api.example/a%20b;c=d,e",
		"https://xn--bcher-kva.example:8443/item": "https://xn--bcher-kva.example:8443/item",
	} {
		proof, err := s.Proof("PUT", in, dpop.ProofOptions{Now: vfNow})
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		v := vfVerifier(t, vfConfig())
		if _, err := v.Verify(context.Background(), proof, dpop.Request{Method: "PUT", URL: target}); err != nil {
			t.Errorf("%s: refused at %s: %v", in, target, err)
		}
	}
	for _, in := range []string{
		"https://@api.example/", "https://user@api.example/", "https://u:p@api.example/", "https://a.example\\@b.example/",
		"ftp://api.example/", "//api.example/x", "/x", "https:api.example", "mailto:a@b", "", "https://", "https:///x",
		"https://api.example:port/", "https://[::1/", "wss://api.example/",
	} {
		if p, err := s.Proof("GET", in, dpop.ProofOptions{}); !errors.Is(err, dpop.ErrInvalidRequest) {
			t.Errorf("%q: %v (proof %q), want ErrInvalidRequest", in, err, p)
		}
	}
}

// RFC 9449 section 4.2 ("iat": the creation time) and sections 4.2, 8.1
// (nonce = 1*NQCHAR), 7.1 (the token a token68): the given clock is used
// to the second, zero is now; a nonce or token that would break the
// header or the JSON is refused before anything is signed.
func TestRedTeam_RFC9449_4_2_IATNonceAndTokenSyntax(t *testing.T) {
	s := sgSigner(t)
	at := time.Date(2040, 2, 3, 4, 5, 6, 999e6, time.UTC)
	proof, err := s.Proof("GET", "https://rs.example/", dpop.ProofOptions{Now: at, Nonce: strings.Repeat("!", 4096), AccessToken: "a.b-c_d~e+f/g=="})
	if err != nil {
		t.Fatal(err)
	}
	d := sgDecode(t, proof)
	if string(d.claims["iat"]) != fmt.Sprint(at.Unix()) {
		t.Errorf("iat %s, want %d", d.claims["iat"], at.Unix())
	}
	sum := sha256.Sum256([]byte("a.b-c_d~e+f/g=="))
	if d.str(t, d.claims, "ath") != base64.RawURLEncoding.EncodeToString(sum[:]) {
		t.Errorf("ath %q", d.str(t, d.claims, "ath"))
	}
	before := time.Now().Unix()
	proof, _ = s.Proof("GET", "https://rs.example/", dpop.ProofOptions{})
	var iat int64
	_ = json.Unmarshal(sgDecode(t, proof).claims["iat"], &iat)
	if iat < before || iat > time.Now().Unix() {
		t.Errorf("zero Now: iat %d, want about %d", iat, before)
	}
	for _, n := range []string{" ", "a b", `a"b`, `a\b`, "a\x7f", "a\nb", "é", strings.Repeat("a", 4097)} {
		if _, err := s.Proof("GET", "https://rs.example/", dpop.ProofOptions{Nonce: n}); !errors.Is(err, dpop.ErrInvalidRequest) {
			t.Errorf("nonce %.20q: %v, want ErrInvalidRequest", n, err)
		}
	}
	for _, tok := range []string{"=", "a b", "a,b", "a\r\nX-Evil: 1", `a"b`, "a=b", "ab\x00"} {
		if _, err := s.Proof("GET", "https://rs.example/", dpop.ProofOptions{AccessToken: tok}); !errors.Is(err, dpop.ErrInvalidRequest) {
			t.Errorf("token %q: %v, want ErrInvalidRequest", tok, err)
		}
	}
	for _, m := range []string{"", "GET ", "G\rET", "GÉT", "(GET)"} {
		if _, err := s.Proof(m, "https://rs.example/", dpop.ProofOptions{}); !errors.Is(err, dpop.ErrInvalidRequest) {
			t.Errorf("method %q: %v, want ErrInvalidRequest", m, err)
		}
	}
}

// rtServer answers every request with respond, counting them and keeping
// each request's DPoP proof decoded (nil when there is none).
type rtServer struct {
	*httptest.Server
	mu     sync.Mutex
	proofs []sgDecoded
	bodies [][]byte
	auth   []string
}

func rtNewServer(t *testing.T, respond func(w http.ResponseWriter, r *http.Request, n int)) *rtServer {
	t.Helper()
	s := &rtServer{}
	s.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.proofs = append(s.proofs, sgDecode(t, r.Header.Get("DPoP")))
		s.bodies = append(s.bodies, body)
		s.auth = append(s.auth, r.Header.Get("Authorization"))
		n := len(s.proofs)
		s.mu.Unlock()
		respond(w, r, n)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *rtServer) count() int { s.mu.Lock(); defer s.mu.Unlock(); return len(s.proofs) }

func (s *rtServer) nonceOf(t *testing.T, i int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.proofs[i].str(t, s.proofs[i].claims, "nonce")
}

// RFC 9449 section 9: only the DPoP challenge's use_dpop_nonce asks for a
// retry. Bearer's error="use_dpop_nonce", the words inside a quoted realm,
// a DPoP challenge whose error is another, an auth-param named twice, and
// a 401 without DPoP-Nonce are answered once, not retried.
func TestRedTeam_RFC9449_9_OnlyTheDPoPChallengeAsksForARetry(t *testing.T) {
	for name, challenge := range map[string]string{
		"Bearer's error":        `Bearer error="use_dpop_nonce"`,
		"in a quoted realm":     `Bearer realm="DPoP error=\"use_dpop_nonce\""`,
		"DPoP realm quoted":     `DPoP realm="x, DPoP error=use_dpop_nonce"`,
		"another error":         `DPoP error="invalid_dpop_proof", error_description="use_dpop_nonce"`,
		"error named twice":     `DPoP error="use_dpop_nonce", error="use_dpop_nonce"`,
		"scheme look-alike":     `DPoP2 error="use_dpop_nonce"`,
		"token68 then param":    `DPoP dXNlX2Rwb3Bfbm9uY2U=, error="use_dpop_nonce"`,
		"Newauth's param":       `Newauth realm="a", error="use_dpop_nonce"`,
		"no DPoP-Nonce (empty)": ``,
	} {
		srv := rtNewServer(t, func(w http.ResponseWriter, _ *http.Request, n int) {
			if challenge == "" {
				w.Header().Set("WWW-Authenticate", `DPoP error="use_dpop_nonce"`)
			} else {
				w.Header().Set("WWW-Authenticate", challenge)
				w.Header().Set("DPoP-Nonce", fmt.Sprintf("n%d", n))
			}
			w.WriteHeader(http.StatusUnauthorized)
		})
		tr := &dpop.Transport{Signer: sgSigner(t), Base: srv.Client().Transport, AccessToken: "tok"}
		status, _ := trDo(t, &http.Client{Transport: tr}, trRequest(t, "GET", srv.URL+"/r", nil))
		if status != http.StatusUnauthorized || srv.count() != 1 {
			t.Errorf("%s: status %d after %d requests, want one 401", name, status, srv.count())
		}
	}
}

// RFC 9449 section 8: the authorization server's use_dpop_nonce is the
// top-level "error" member of a JSON object (RFC 6749 section 5.2); the
// same words nested, in another member, in a duplicate-member object, in
// a non-object, or on a 401 or 500, ask for no retry; and the body the
// caller gets is the server's, byte for byte.
func TestRedTeam_RFC9449_8_OnlyTheTopLevelErrorAsksForARetry(t *testing.T) {
	for name, c := range map[string]struct {
		status int
		body   string
	}{
		"nested":               {400, `{"x":{"error":"use_dpop_nonce"}}`},
		"description":          {400, `{"error":"invalid_request","error_description":"use_dpop_nonce"}`},
		"duplicate error":      {400, `{"error":"invalid_request","error":"use_dpop_nonce"}`},
		"array":                {400, `[{"error":"use_dpop_nonce"}]`},
		"string":               {400, `"use_dpop_nonce"`},
		"case":                 {400, `{"error":"USE_DPOP_NONCE"}`},
		"member case":          {400, `{"Error":"use_dpop_nonce"}`},
		"trailing garbage":     {400, `{"error":"use_dpop_nonce"}x`},
		"past 64 KiB":          {400, `{"pad":"` + strings.Repeat("p", 70<<10) + `","error":"use_dpop_nonce"}`},
		"401 with JSON":        {401, `{"error":"use_dpop_nonce"}`},
		"500 with JSON":        {500, `{"error":"use_dpop_nonce"}`},
		"escaped look-alike":   {400, `{"error":"use_dpop_nonc\u0065x"}`},
		"error null then text": {400, `{"error":null}use_dpop_nonce`},
	} {
		srv := rtNewServer(t, func(w http.ResponseWriter, _ *http.Request, n int) {
			w.Header().Set("DPoP-Nonce", fmt.Sprintf("n%d", n))
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(c.status)
			_, _ = io.WriteString(w, c.body)
		})
		tr := &dpop.Transport{Signer: sgSigner(t), Base: srv.Client().Transport}
		status, body := trDo(t, &http.Client{Transport: tr}, trRequest(t, "POST", srv.URL+"/token", strings.NewReader("grant_type=x")))
		if status != c.status || body != c.body || srv.count() != 1 {
			t.Errorf("%s: status %d, body intact %v, %d requests; want one, intact", name, status, body == c.body, srv.count())
		}
	}
}

// RFC 9449 section 8: a retried POST sends the same body again, byte for
// byte, however large (GetBody), with a fresh proof (another "jti")
// carrying the nonce.
func TestRedTeam_RFC9449_8_LargeBodyReplayedByteForByte(t *testing.T) {
	payload := make([]byte, 4<<20)
	_, _ = rand.Read(payload)
	srv := rtNewServer(t, func(w http.ResponseWriter, _ *http.Request, n int) {
		if n == 1 {
			w.Header().Set("DPoP-Nonce", "nonce-1")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, `{"error":"use_dpop_nonce"}`)
		}
	})
	tr := &dpop.Transport{Signer: sgSigner(t), Base: srv.Client().Transport}
	status, _ := trDo(t, &http.Client{Transport: tr}, trRequest(t, "POST", srv.URL+"/token", bytes.NewReader(payload)))
	if status != http.StatusOK || srv.count() != 2 {
		t.Fatalf("status %d after %d requests", status, srv.count())
	}
	for i, b := range srv.bodies {
		if !bytes.Equal(b, payload) {
			t.Errorf("request %d: body of %d bytes differs from the %d sent", i, len(b), len(payload))
		}
	}
	if srv.nonceOf(t, 1) != "nonce-1" || srv.nonceOf(t, 0) != "" {
		t.Errorf("nonces %q then %q", srv.nonceOf(t, 0), srv.nonceOf(t, 1))
	}
	if a, b := srv.proofs[0].str(t, srv.proofs[0].claims, "jti"), srv.proofs[1].str(t, srv.proofs[1].claims, "jti"); a == b {
		t.Errorf("the retry reused jti %q", a)
	}
}

// RFC 9449 section 8: a streamed body (no GetBody) is not sent twice: the
// caller gets the use_dpop_nonce answer, its body whole; the nonce is kept.
func TestRedTeam_RFC9449_8_StreamedBodyNotRetried(t *testing.T) {
	srv := rtNewServer(t, func(w http.ResponseWriter, _ *http.Request, n int) {
		w.Header().Set("DPoP-Nonce", fmt.Sprintf("nonce-%d", n))
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"error":"use_dpop_nonce"}`)
	})
	pr, pw := io.Pipe()
	go func() {
		for range 64 {
			_, _ = pw.Write(bytes.Repeat([]byte("s"), 4096))
		}
		pw.Close()
	}()
	req := trRequest(t, "POST", srv.URL+"/token", pr)
	tr := &dpop.Transport{Signer: sgSigner(t), Base: srv.Client().Transport}
	status, body := trDo(t, &http.Client{Transport: tr}, req)
	if status != http.StatusBadRequest || body != `{"error":"use_dpop_nonce"}` || srv.count() != 1 {
		t.Fatalf("status %d body %q after %d requests", status, body, srv.count())
	}
	if len(srv.bodies[0]) != 64*4096 {
		t.Errorf("the server read %d bytes", len(srv.bodies[0]))
	}
	trDo(t, &http.Client{Transport: tr}, trRequest(t, "GET", srv.URL+"/token", nil))
	if srv.nonceOf(t, 1) != "nonce-1" {
		t.Errorf("next proof's nonce %q, want nonce-1", srv.nonceOf(t, 1))
	}
}

// RFC 9449 sections 8 and 9: a nonce is one server's; server A's is never
// put in a proof to B (another port is another origin), not even when A
// redirects to B, and each hop gets a fresh proof for its own URL.
func TestRedTeam_RFC9449_8_NonceNeverCrossesOrigins(t *testing.T) {
	b := rtNewServer(t, func(w http.ResponseWriter, _ *http.Request, n int) {
		w.Header().Set("DPoP-Nonce", fmt.Sprintf("b-%d", n))
	})
	a := rtNewServer(t, func(w http.ResponseWriter, r *http.Request, n int) {
		w.Header().Set("DPoP-Nonce", fmt.Sprintf("a-%d", n))
		if r.URL.Path == "/go" {
			http.Redirect(w, r, b.URL+"/landed?x=1", http.StatusTemporaryRedirect)
		}
	})
	base := a.Client().Transport.(*http.Transport).Clone()
	base.TLSClientConfig.RootCAs.AddCert(b.Certificate())
	c := &http.Client{Transport: &dpop.Transport{Signer: sgSigner(t), Base: base}}
	trDo(t, c, trRequest(t, "GET", a.URL+"/first", nil))                     // A: nonce a-1
	trDo(t, c, trRequest(t, "POST", a.URL+"/go", strings.NewReader("body"))) // A (a-1), then 307 to B
	trDo(t, c, trRequest(t, "GET", a.URL+"/again", nil))                     // A: a-2
	if got := a.nonceOf(t, 1); got != "a-1" {
		t.Errorf("A's second proof: nonce %q, want a-1", got)
	}
	if got := a.nonceOf(t, 2); got != "a-2" {
		t.Errorf("A's third proof: nonce %q, want a-2 (never B's)", got)
	}
	if b.count() != 1 {
		t.Fatalf("B got %d requests", b.count())
	}
	d := b.proofs[0]
	if n := d.str(t, d.claims, "nonce"); n != "" {
		t.Errorf("B's proof carries nonce %q from A", n)
	}
	if htu, htm := d.str(t, d.claims, "htu"), d.str(t, d.claims, "htm"); htu != strings.ToLower(b.URL)+"/landed" || htm != "POST" {
		t.Errorf("B's proof: htm %q htu %q, want POST %s/landed", htm, htu, b.URL)
	}
	if string(b.bodies[0]) != "body" {
		t.Errorf("307: B got body %q", b.bodies[0])
	}
	if a.proofs[1].str(t, a.proofs[1].claims, "jti") == d.str(t, d.claims, "jti") {
		t.Error("the redirected request reused the first hop's proof")
	}
}

// The Transport under concurrency (run with -race): many goroutines, a
// server rotating its nonce on every answer and asking for the current
// one; every request ends 200 after at most one retry, every proof valid.
func TestRedTeam_RFC9449_9_TransportConcurrentNonceChurn(t *testing.T) {
	var mu sync.Mutex
	current := 0
	srv := rtNewServer(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		d := sgDecode(t, r.Header.Get("DPoP"))
		mu.Lock()
		ok := d.str(t, d.claims, "nonce") == fmt.Sprintf("c%d", current) || d.str(t, d.claims, "nonce") == fmt.Sprintf("c%d", current-1)
		current++
		w.Header().Set("DPoP-Nonce", fmt.Sprintf("c%d", current))
		mu.Unlock()
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer, DPoP error="use_dpop_nonce"`)
			w.WriteHeader(http.StatusUnauthorized)
		}
	})
	tr := &dpop.Transport{Signer: sgSigner(t), Base: srv.Client().Transport, AccessToken: "tok"}
	c := &http.Client{Transport: tr}
	var wg sync.WaitGroup
	var failed sync.Map
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 8 {
				res, err := c.Get(fmt.Sprintf("%s/r/%d/%d", srv.URL, g, i))
				if err != nil {
					failed.Store(fmt.Sprint(g, i), err.Error())
					continue
				}
				res.Body.Close()
			}
		}()
	}
	wg.Wait()
	failed.Range(func(k, v any) bool { t.Errorf("%v: %v", k, v); return true })
	if n := srv.count(); n < 128 || n > 256 {
		t.Errorf("%d requests for 128 calls, want at most one retry each", n)
	}
}

// RFC 9449 section 5: at the token endpoint the proof's "htu" is the
// token endpoint: a proof for the resource, another path, another origin
// or another method is refused; the query of the request is ignored; an
// "ath" in a token request is not required and, the RFC being silent, not
// refused.
func TestRedTeam_RFC9449_5_TokenEndpointProofMustNameTheTokenEndpoint(t *testing.T) {
	s := sgSigner(t)
	request := func(method, htu string, o dpop.ProofOptions) error {
		cfg := vfConfig()
		cfg.Origins = []string{"https://as.example"}
		v := vfVerifier(t, cfg)
		o.Now = vfNow
		proof, err := s.Proof(method, htu, o)
		if err != nil {
			t.Fatal(err)
		}
		r := httptest.NewRequest("POST", "https://as.example/token?tenant=a", strings.NewReader("grant_type=x"))
		r.Header.Set("DPoP", proof)
		_, err = v.VerifyTokenRequest(context.Background(), r)
		return err
	}
	if err := request("POST", "https://as.example/token", dpop.ProofOptions{}); err != nil {
		t.Errorf("the token endpoint's proof: %v", err)
	}
	if err := request("POST", "https://as.example/token", dpop.ProofOptions{AccessToken: "x"}); err != nil {
		t.Errorf("a token request's proof with ath: %v", err)
	}
	for name, c := range map[string][2]string{
		"resource":     {"POST", "https://as.example/api"},
		"token/":       {"POST", "https://as.example/token/"},
		"other origin": {"POST", "https://evil.example/token"},
		"http":         {"POST", "http://as.example/token"},
		"GET":          {"GET", "https://as.example/token"},
	} {
		if err := request(c[0], c[1], dpop.ProofOptions{}); !errors.Is(err, dpop.ErrInvalidProof) {
			t.Errorf("%s: %v, want ErrInvalidProof", name, err)
		}
	}
}

// RFC 9449 section 10: dpop_jkt names the key exactly: another key, a
// case variant, padding, a 44th character, a non-base64url thumbprint, or
// no proof, are ErrDPoPJKTMismatch and not ErrInvalidProof; an absent
// dpop_jkt binds nothing, with or without a proof.
func TestRedTeam_RFC9449_10_CheckDPoPJKTIsExact(t *testing.T) {
	s := sgSigner(t)
	p := &dpop.Proof{JKT: s.JKT()}
	if err := dpop.CheckDPoPJKT(s.JKT(), p); err != nil {
		t.Errorf("own key: %v", err)
	}
	if dpop.CheckDPoPJKT("", nil) != nil || dpop.CheckDPoPJKT("", p) != nil {
		t.Error("empty dpop_jkt refused")
	}
	flip := []byte(s.JKT())
	flip[0] ^= 0x20 // case
	for name, jkt := range map[string]string{
		"other key": sgSigner(t).JKT(), "case": string(flip), "padded": s.JKT() + "=", "44 chars": s.JKT() + "A",
		"std base64": strings.NewReplacer("-", "+", "_", "/").Replace(s.JKT()) + strings.Repeat("+", 0),
		"truncated":  s.JKT()[:42], "spaces": " " + s.JKT()[1:], "hex sha256": fmt.Sprintf("%x", sha256.Sum256(nil)),
	} {
		if jkt == s.JKT() {
			continue // std base64 equals the base64url form when the thumbprint has neither - nor _
		}
		err := dpop.CheckDPoPJKT(jkt, p)
		if !errors.Is(err, dpop.ErrDPoPJKTMismatch) || errors.Is(err, dpop.ErrInvalidProof) {
			t.Errorf("%s: %v, want ErrDPoPJKTMismatch only", name, err)
		}
	}
	for name, q := range map[string]*dpop.Proof{"nil": nil, "zero": {}} {
		if err := dpop.CheckDPoPJKT(s.JKT(), q); !errors.Is(err, dpop.ErrDPoPJKTMismatch) {
			t.Errorf("%s proof: %v", name, err)
		}
	}
}

// RFC 9449 section 6.1 through accesstoken: the token endpoint's
// Proof.Confirmation is written by accesstoken's Signer as "cnf" "jkt",
// read back by its Verifier and by BoundKey, and matched by the next
// proof of the same key only.
func TestRedTeam_RFC9449_6_1_ConfirmationRoundTripsThroughAccesstoken(t *testing.T) {
	client := sgSigner(t)
	cfg := vfConfig()
	v := vfVerifier(t, cfg)
	proof, _ := client.Proof("POST", vfOrigin+"/token", dpop.ProofOptions{Now: vfNow})
	p, err := v.Verify(context.Background(), proof, dpop.Request{Method: "POST", URL: vfOrigin + "/token"})
	if err != nil {
		t.Fatal(err)
	}
	ask, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	as, err := accesstoken.NewSigner(jwt.ES256, ask)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	tok, err := as.Sign(accesstoken.Claims{
		Registered: claims.Registered{Issuer: "https://as.example", Subject: "s", Audience: claims.Audience{"https://api.example"},
			IssuedAt: claims.NewNumericDate(now), ExpiresAt: claims.NewNumericDate(now.Add(time.Minute)), ID: "t1"},
		ClientID: "c", Confirmation: p.Confirmation(),
	})
	if err != nil {
		t.Fatal(err)
	}
	atv, _ := accesstoken.NewVerifier(ask.Public(), accesstoken.Config{Issuer: "https://as.example", Audience: "https://api.example"})
	c, err := atv.Verify(context.Background(), tok)
	if err != nil || c.Confirmation == nil || c.Confirmation.JKT != client.JKT() {
		t.Fatalf("verified: %v, cnf %+v", err, c)
	}
	if jkt, err := dpop.BoundKey(tok); err != nil || jkt != client.JKT() {
		t.Errorf("BoundKey: %q, %v", jkt, err)
	}
	if err := p.CheckBinding(client.JKT()); err != nil {
		t.Errorf("own key: %v", err)
	}
	if err := p.CheckBinding(sgSigner(t).JKT()); !errors.Is(err, dpop.ErrBindingMismatch) {
		t.Errorf("another key: %v", err)
	}
	if (*dpop.Proof)(nil).Confirmation() != nil || (&dpop.Proof{}).Confirmation() != nil {
		t.Error("a nil or zero Proof gives a cnf")
	}
	if _, err := as.Sign(accesstoken.Claims{Confirmation: &claims.Confirmation{}}); err == nil {
		t.Error("an empty cnf signed")
	}
}

// RFC 9449 sections 8 and 9 with HMACNonces, at the window's edges: a
// nonce issued at the very start of window k is accepted until the last
// nanosecond of window k+1 and refused at k+2; one issued at the last
// nanosecond of k is accepted in k+1; an instance one second ahead crosses
// into k+1 first: its nonce is refused by one still in k ("later window"),
// whose own nonce the first accepts, so the client's one retry converges.
// Every bit of the 32 characters counts.
func TestRedTeam_RFC9449_9_HMACNonceWindowEdgesAndSkew(t *testing.T) {
	const w = time.Minute
	key := bytes.Repeat([]byte{7}, 32)
	n, err := dpop.NewHMACNonces(w, key)
	if err != nil {
		t.Fatal(err)
	}
	k := time.Unix(0, 0).Add(1000 * w)
	at := func(d time.Duration) time.Time { return k.Add(d) }
	start, _ := n.NewNonce(at(0))
	for d, ok := range map[time.Duration]bool{0: true, 2*w - 1: true, 2 * w: false, -1: false} {
		if err := n.CheckNonce(start, at(d)); (err == nil) != ok {
			t.Errorf("start-of-window nonce at +%v: %v, want accepted %v", d, err, ok)
		}
	}
	end, _ := n.NewNonce(at(w - 1))
	if err := n.CheckNonce(end, at(w)); err != nil {
		t.Errorf("end-of-window nonce in the next window: %v", err)
	}
	if err := n.CheckNonce(end, at(2*w)); !errors.Is(err, dpop.ErrUseNonce) {
		t.Errorf("end-of-window nonce two windows on: %v", err)
	}
	ahead, _ := n.NewNonce(at(w - 500*time.Millisecond + time.Second)) // instance A, 1 s ahead, in k+1
	behindNow := at(w - 500*time.Millisecond)                          // instance B, still in k
	if err := n.CheckNonce(ahead, behindNow); !errors.Is(err, dpop.ErrUseNonce) {
		t.Errorf("B took a nonce of a later window: %v", err)
	}
	bNonce, _ := n.NewNonce(behindNow)
	if err := n.CheckNonce(bNonce, at(w+500*time.Millisecond)); err != nil {
		t.Errorf("A refused B's nonce: %v", err)
	}
	for i := range len(start) {
		b := []byte(start)
		for _, c := range []byte("AZaz09-_") {
			if start[i] == c {
				continue
			}
			b[i] = c
			if n.CheckNonce(string(b), at(0)) == nil {
				t.Fatalf("nonce with character %d changed to %q accepted", i, c)
			}
		}
	}
	for _, s := range []string{start + "=", start[:31] + "=", strings.ToUpper(start), start + start} {
		if n.CheckNonce(s, at(0)) == nil {
			t.Errorf("%q accepted", s)
		}
	}
}
