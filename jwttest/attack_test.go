package jwttest_test

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"encoding/pem"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/keygen"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwttest"
)

// attackKit is a provider, its Target with an attacker's server (serving
// the attacker's JWK Set and certificate for "jku" and "x5u") and the
// other tenant's key, and the catalogue.
type attackKit struct {
	p        *jwttest.Provider
	target   jwttest.Target
	attacks  []jwttest.Attack
	attacker *httptest.Server
}

// newTargetKit is a kit without the access-token catalogue (attacks nil),
// for tests that build their own (ID-token) catalogue from the Target, and
// for sharedAttackKit, which adds it once: signing a catalogue is most of a
// kit's cost under -race.
func newTargetKit(t testing.TB, alg jwt.Algorithm) *attackKit {
	t.Helper()
	p := jwttest.NewProvider(t, jwttest.WithAlgorithm(alg))
	ak, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := jwttest.AttackerCertificate(ak)
	if err != nil {
		t.Fatal(err)
	}
	k, err := jwk.NewKey(ak.Public(), jwk.Params{KeyID: p.KeyID(), Algorithm: "ES256"})
	if err != nil {
		t.Fatal(err)
	}
	set, _ := json.Marshal(map[string]any{"keys": []any{k}})
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/jwks.json":
			w.Write(set)
		case "/cert.pem":
			pem.Encode(w, &pem.Block{Type: "CERTIFICATE", Bytes: cert})
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	target := p.Target()
	target.AttackerKey, target.AttackerURL = ak, srv.URL
	target.OtherTenantKey = otherTenantKey(t, alg)
	return &attackKit{p: p, target: target, attacker: srv}
}

// otherTenantKeys holds one other tenant's key per algorithm, made once per
// test binary (a func() (crypto.Signer, error) per jwt.Algorithm): a kit
// needs a key that is not its provider's (each provider's key is fresh),
// not a fresh one per kit, and RSA key generation under -race is slow.
var otherTenantKeys sync.Map

func otherTenantKey(t testing.TB, alg jwt.Algorithm) crypto.Signer {
	t.Helper()
	f, _ := otherTenantKeys.LoadOrStore(alg, sync.OnceValues(func() (crypto.Signer, error) { return keygen.Private(alg, 0) }))
	k, err := f.(func() (crypto.Signer, error))()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

var attackAlgorithms = []jwt.Algorithm{jwt.ES256, jwt.ES384, jwt.ES512, jwt.RS256, jwt.RS384, jwt.RS512,
	jwt.PS256, jwt.PS384, jwt.PS512, jwt.EdDSA, jwt.Ed25519}

// ourVerifiers are the project's verifiers of the kit's tokens, each
// checked to accept the genuine token.
func ourVerifiers(t *testing.T, k *attackKit) map[string]func(string) error {
	t.Helper()
	p, pub := k.p, k.target.Key.Public()
	core := func(key any) func(string) error {
		v, err := jwt.NewVerifier(key, jwt.WithIssuer(p.Issuer()), jwt.WithAudience(p.Audience()),
			jwt.WithType("at+jwt"), jwt.WithIssuedAt(), jwt.WithTimeFunc(p.Now))
		if err != nil {
			t.Fatal(err)
		}
		return func(tok string) error { _, err := v.Parse(tok); return err }
	}
	at := func(key any) func(string) error {
		v := accessVerifier(t, p, key)
		return func(tok string) error { _, err := v.Verify(context.Background(), tok); return err }
	}
	vs := map[string]func(string) error{
		"jwt.NewVerifier(public key)": core(pub),
		"jwt.NewVerifier(jwk.Set)":    core(p.Set()),
		"accesstoken(public key)":     at(pub),
		"accesstoken(jwk.Set)":        at(p.Set()),
		"accesstoken(jwk.RemoteSet)":  at(p.RemoteSet()),
		"accesstoken(Discovery)":      at(p.Discovery()),
	}
	genuine, err := jwttest.GenuineToken(k.target)
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range vs {
		if err := v(genuine); err != nil {
			t.Fatalf("%s refuses the genuine token: %v", name, err)
		}
	}
	return vs
}

func TestAttack_RFC8725_EveryAttackRefusedByOurVerifiers(t *testing.T) {
	t.Parallel()
	for _, alg := range attackAlgorithms {
		t.Run(string(alg), func(t *testing.T) {
			t.Parallel()
			k := sharedAttackKit(t, alg)
			for name, v := range ourVerifiers(t, k) {
				t.Run(name, func(t *testing.T) { jwttest.RunAgainst(t, k.attacks, v) })
			}
		})
	}
}

func TestAttack_RFC6750_EveryAttackRefusedByHandler(t *testing.T) {
	t.Parallel()
	k := sharedAttackKit(t, jwt.ES256)
	v := accessVerifier(t, k.p, k.p.RemoteSet())
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if _, err := v.Verify(r.Context(), tok); !ok || err != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
	jwttest.RunAgainstHandler(t, k.attacks, h, nil)
	genuine, _ := jwttest.GenuineToken(k.target)
	ft := &fakeT{TB: t}
	jwttest.RunAgainstHandler(ft, []jwttest.Attack{{Name: "genuine", Rule: "control", Token: genuine}}, h,
		httptest.NewRequest(http.MethodPost, "/orders", nil))
	if len(ft.errs) != 1 || !strings.Contains(ft.errs[0], "attack genuine (control) accepted: status 200") {
		t.Fatalf("RunAgainstHandler on an accepted token: %q", ft.errs)
	}
}

// fakeT records Errorf calls.
type fakeT struct {
	testing.TB
	errs []string
}

func (f *fakeT) Errorf(format string, args ...any) {
	f.errs = append(f.errs, strings.TrimSpace(sprintf(format, args...)))
}
func (f *fakeT) Helper() {}

func TestAttack_RunAgainstReportsAcceptedPanickingAndEmpty(t *testing.T) {
	t.Parallel()
	a := []jwttest.Attack{{Name: "x", Rule: "RFC 0", Token: "t"}}
	for _, c := range []struct {
		name    string
		attacks []jwttest.Attack
		verify  func(string) error
		want    string
	}{
		{"accepted", a, func(string) error { return nil }, "attack x (RFC 0) accepted"},
		{"panicked", a, func(string) error { panic("boom") }, "attack x (RFC 0): panicked: boom"},
		{"empty", nil, func(string) error { return nil }, "no attacks"},
		{"nil verify", a, nil, "nothing to run"},
	} {
		ft := &fakeT{TB: t}
		jwttest.RunAgainst(ft, c.attacks, c.verify)
		if len(ft.errs) != 1 || !strings.Contains(ft.errs[0], c.want) {
			t.Errorf("%s: %q, want %q", c.name, ft.errs, c.want)
		}
	}
	ft := &fakeT{TB: t}
	jwttest.RunAgainst(ft, a, func(string) error { return errors.New("refused") })
	if len(ft.errs) != 0 {
		t.Errorf("refused token reported: %q", ft.errs)
	}
}

func TestAttack_InvalidTargetIsErrInvalidTarget(t *testing.T) {
	t.Parallel()
	p := jwttest.NewProvider(t)
	good := p.Target()
	rsa := jwttest.NewProvider(t, jwttest.WithAlgorithm(jwt.RS256)).Target().Key
	var nilKey *ecdsa.PrivateKey
	for name, mod := range map[string]func(*jwttest.Target){
		"zero":            func(g *jwttest.Target) { *g = jwttest.Target{} },
		"no issuer":       func(g *jwttest.Target) { g.Issuer = "" },
		"no audience":     func(g *jwttest.Target) { g.Audience = "" },
		"no key":          func(g *jwttest.Target) { g.Key = nil },
		"nil pointer key": func(g *jwttest.Target) { g.Key = nilKey },
		"zero key":        func(g *jwttest.Target) { g.Key = &ecdsa.PrivateKey{} },
		"key of alg":      func(g *jwttest.Target) { g.Key = rsa },
		"HS256":           func(g *jwttest.Target) { g.Algorithm = jwt.HS256 },
		"none":            func(g *jwttest.Target) { g.Algorithm = "none" },
		"ES384 on P-256":  func(g *jwttest.Target) { g.Algorithm = jwt.ES384 },
		"other tenant":    func(g *jwttest.Target) { g.OtherTenantKey = rsa },
		"attacker zero":   func(g *jwttest.Target) { g.AttackerKey = &ecdsa.PrivateKey{} },
		// RFC 8725 section 3.8: a key equal to the genuine one makes its
		// attack a genuine token.
		"other tenant is Key": func(g *jwttest.Target) { g.OtherTenantKey = g.Key },
		"attacker is Key":     func(g *jwttest.Target) { g.AttackerKey = g.Key.(*ecdsa.PrivateKey) },
	} {
		g := good
		mod(&g)
		if _, err := jwttest.Attacks(g); !errors.Is(err, jwttest.ErrInvalidTarget) {
			t.Errorf("%s: Attacks: %v", name, err)
		}
		if _, err := jwttest.GenuineToken(g); !errors.Is(err, jwttest.ErrInvalidTarget) && !strings.HasPrefix(name, "other") && !strings.HasPrefix(name, "attacker") {
			t.Errorf("%s: GenuineToken: %v", name, err)
		}
	}
	var nilP *jwttest.Provider
	if nilP.Attacks() != nil {
		t.Error("nil Provider has attacks")
	}
	if len(p.Attacks()) == 0 {
		t.Error("Provider.Attacks empty")
	}
}

// naiveSet is the naive verifiers of a kit, by the check each lacks.
func naiveSet(t *testing.T, k *attackKit) map[string]func(string) error {
	t.Helper()
	forms, err := jwttest.PublicKeyForms(k.target)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "keys")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	alg, pub := k.target.Algorithm, k.target.Key.Public()
	sigOnly := naiveSignatureOnly(alg, pub)
	now := k.p.Now()
	ns := map[string]func(string) error{
		"trusts alg none":                         naiveAlgNone,
		"trusts alg HS256, public key PEM secret": naiveHMAC(staticSecret(forms["PEM"])),
		"trusts alg HS256, public key DER secret": naiveHMAC(staticSecret(forms["DER"])),
		"trusts alg HS256, public JWK secret":     naiveHMAC(staticSecret(forms["JWK JSON"])),
		"reads the key file kid names":            naiveHMAC(kidFile(dir)),
		"concatenates kid into SQL":               naiveHMAC(kidSQL),
		"ECDSA without the r, s range check":      naiveNoRangeCheck,
		"trusts jwk/jku/x5u/x5c":                  naiveHeaderKey(k.attacker.Client()),
		"signature only":                          sigOnly,
		"any tenant's key":                        naiveSignatureOnly(alg, pub, k.target.OtherTenantKey.Public()),
		"iss/aud/exp, case-insensitive names":     naiveClaims(sigOnly, k.p.Issuer(), k.p.Audience(), now, false),
		"iss/aud/exp, first duplicate wins":       naiveClaims(sigOnly, k.p.Issuer(), k.p.Audience(), now, true),
		"first duplicate alg wins":                naiveFirstWinsAlg(alg, pub),
	}
	if e, ok := pub.(*ecdsa.PublicKey); ok {
		ns["ASN.1 ECDSA signature"] = naiveDER(alg, e)
	}
	return ns
}

// defeats is the naive check each attack is built to defeat, by name prefix.
var defeats = []struct{ prefix, naive string }{
	{"alg none, no signature", "trusts alg none"},
	{"alg ", "trusts alg none"},
	{"HS256 with the public key (PEM)", "trusts alg HS256, public key PEM secret"},
	{"HS256 with the public key (DER)", "trusts alg HS256, public key DER secret"},
	{"HS256 with the public key (JWK JSON)", "trusts alg HS256, public JWK secret"},
	{"ES256 signature r = s = 0", "ECDSA without the r, s range check"},
	{"ES384 signature r = s = 0", "ECDSA without the r, s range check"},
	{"ES512 signature r = s = 0", "ECDSA without the r, s range check"},
	{"ECDSA signature DER", "ASN.1 ECDSA signature"},
	{"kid path traversal", "reads the key file kid names"},
	{"kid SQL injection", "concatenates kid into SQL"},
	{"jwk header", "trusts jwk/jku/x5u/x5c"},
	{"jku header", "trusts jwk/jku/x5u/x5c"},
	{"x5u header", "trusts jwk/jku/x5u/x5c"},
	{"x5c header", "trusts jwk/jku/x5u/x5c"},
	{"crit ", "signature only"},
	{"b64 false", "signature only"},
	{"expired", "signature only"},
	{"not valid", "signature only"},
	{"issued an hour", "signature only"},
	{"another issuer", "signature only"},
	{"issuer with a trailing slash", "signature only"},
	{"another audience", "signature only"},
	{"no audience", "signature only"},
	{"ID token sent", "iss/aud/exp, case-insensitive names"},
	{"typ JWT", "iss/aud/exp, case-insensitive names"},
	{"duplicate iss", "iss/aud/exp, first duplicate wins"},
	{"duplicate aud", "iss/aud/exp, first duplicate wins"},
	{"duplicate alg header", "first duplicate alg wins"},
	{"look-alike", "iss/aud/exp, case-insensitive names"},
	{"payload with", "signature only"},
	{"oversized", "iss/aud/exp, case-insensitive names"},
	{"four parts", "iss/aud/exp, case-insensitive names"},
	{"ten thousand", "iss/aud/exp, case-insensitive names"},
	{"signed by another tenant", "any tenant's key"},
}

func TestAttack_EveryAttackAcceptedByTheNaiveVerifierItTargets(t *testing.T) {
	t.Parallel()
	for _, alg := range attackAlgorithms {
		t.Run(string(alg), func(t *testing.T) {
			t.Parallel()
			k := sharedAttackKit(t, alg)
			acceptedByTheNaiveTheyTarget(t, k.attacks, naiveSet(t, k))
			for _, a := range k.attacks {
				if a.Rule == "" {
					t.Errorf("attack %s: no rule", a.Name)
				}
			}
		})
	}
}

// The naive verifiers accept the genuine token: they are verifiers, not
// refusers.
func TestAttack_NaiveVerifiersAcceptGenuine(t *testing.T) {
	t.Parallel()
	k := sharedAttackKit(t, jwt.ES256)
	genuine, _ := jwttest.GenuineToken(k.target)
	for _, name := range []string{"signature only", "any tenant's key", "iss/aud/exp, case-insensitive names",
		"iss/aud/exp, first duplicate wins", "first duplicate alg wins"} {
		if err := naiveSet(t, k)[name](genuine); err != nil {
			t.Errorf("%s refuses the genuine token: %v", name, err)
		}
	}
}

var _ crypto.Signer = (*ecdsa.PrivateKey)(nil)

func TestAttack_AcceptedReturnsFindingsInOrder(t *testing.T) {
	t.Parallel()
	a := []jwttest.Attack{{Name: "x", Rule: "R1", Token: "ok"}, {Name: "y", Rule: "R2", Token: "no"}, {Name: "z", Rule: "R3", Token: "boom"}}
	fs, err := jwttest.Accepted(a, func(tok string) error {
		switch tok {
		case "ok":
			return nil
		case "boom":
			panic("boom")
		}
		return errors.New("refused")
	})
	if err != nil || len(fs) != 2 || fs[0].Name != "x" || fs[1].Name != "z" || fs[1].Panic != "boom" {
		t.Fatalf("Accepted = %v, %v", fs, err)
	}
	if got := fs[0].String(); got != "attack x (R1) accepted" {
		t.Errorf("String = %q", got)
	}
	if _, err := jwttest.Accepted(nil, func(string) error { return nil }); !errors.Is(err, jwttest.ErrNothingToRun) {
		t.Errorf("empty catalogue: %v, want ErrNothingToRun", err)
	}
	if _, err := jwttest.AcceptedByHandler(a, nil, nil); !errors.Is(err, jwttest.ErrNothingToRun) {
		t.Errorf("nil handler: %v, want ErrNothingToRun", err)
	}
	fs, err = jwttest.AcceptedByHandler(a, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "Bearer ok" {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.WriteHeader(http.StatusUnauthorized)
	}), nil)
	if err != nil || len(fs) != 1 || fs[0].Status != http.StatusNoContent || fs[0].String() != "attack x (R1) accepted: status 204" {
		t.Fatalf("AcceptedByHandler = %v, %v", fs, err)
	}
}

func TestAttack_AcceptedByHandlerGivesEveryAttackTheWholeBody(t *testing.T) {
	t.Parallel()
	a := []jwttest.Attack{{Name: "x", Rule: "R1", Token: "a"}, {Name: "y", Rule: "R2", Token: "b"}, {Name: "z", Rule: "R3", Token: "c"}}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if string(b) != `{"jsonrpc":"2.0"}` || r.ContentLength != int64(len(b)) {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusOK) // accepts every token: each must be reported
	})
	req := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(`{"jsonrpc":"2.0"}`))
	fs, err := jwttest.AcceptedByHandler(a, h, req)
	if err != nil || len(fs) != 3 {
		t.Fatalf("AcceptedByHandler with a body: %v, %v; want all three reported", fs, err)
	}
	if b, _ := io.ReadAll(req.Body); string(b) != `{"jsonrpc":"2.0"}` {
		t.Errorf("the template request's body was consumed: %q", b)
	}
}
