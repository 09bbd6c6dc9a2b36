package dpop_test

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/replay"
)

// Helpers of the verifier's tests (prefix vf): proofs built by hand (the
// header's "jwk" cannot be written through jwt.WithHeader, rightly), keys
// made once, a map-based replay.Store, and a verifier for the tests.

// vfNow is the server's clock in the tests.
var vfNow = time.Date(2031, 3, 4, 5, 6, 7, 0, time.UTC)

const (
	vfOrigin = "https://api.example"
	vfURL    = vfOrigin + "/resource"
)

// vfKey is one private key and its algorithm.
type vfKey struct {
	alg  jwt.Algorithm
	priv crypto.Signer
}

var (
	vfKeysOnce sync.Once
	vfKeysList []vfKey
)

// vfKeys are one key per classical algorithm; RSA keys take time, so they
// are made once.
func vfKeys(t testing.TB) []vfKey {
	t.Helper()
	vfKeysOnce.Do(func() {
		ec := func(c elliptic.Curve) *ecdsa.PrivateKey { k, _ := ecdsa.GenerateKey(c, rand.Reader); return k }
		rk, _ := rsa.GenerateKey(rand.Reader, 2048)
		_, ed, _ := ed25519.GenerateKey(rand.Reader)
		vfKeysList = []vfKey{
			{jwt.ES256, ec(elliptic.P256())},
			{jwt.ES384, ec(elliptic.P384())},
			{jwt.ES512, ec(elliptic.P521())},
			{jwt.RS256, rk}, {jwt.RS384, rk}, {jwt.RS512, rk},
			{jwt.PS256, rk}, {jwt.PS384, rk}, {jwt.PS512, rk},
			{jwt.EdDSA, ed}, {jwt.Ed25519, ed},
		}
	})
	return vfKeysList
}

// vfKeyOf is the test key of alg.
func vfKeyOf(t testing.TB, alg jwt.Algorithm) vfKey {
	t.Helper()
	for _, k := range vfKeys(t) {
		if k.alg == alg {
			return k
		}
	}
	t.Fatalf("no test key for %s", alg)
	return vfKey{}
}

// vfES256 is a fresh ES256 key.
func vfES256(t testing.TB) vfKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return vfKey{jwt.ES256, k}
}

// vfJWK is the JWK of key (its public half unless private), as JSON.
func vfJWK(t testing.TB, key any) json.RawMessage {
	t.Helper()
	k, err := jwk.NewKey(key, jwk.Params{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := k.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// vfJKT is the RFC 7638 thumbprint of key's public half.
func vfJKT(t testing.TB, key crypto.Signer) string {
	t.Helper()
	k, err := jwk.NewKey(key.Public(), jwk.Params{})
	if err != nil {
		t.Fatal(err)
	}
	jkt, err := dpop.Thumbprint(k)
	if err != nil {
		t.Fatal(err)
	}
	return jkt
}

// vfDel marks a member to leave out of vfProof's header or claims.
var vfDel = struct{ del bool }{true}

// vfProof is a proof signed by k: header typ "dpop+jwt", alg, jwk (k's
// public key), claims jti (random), htm GET, htu vfURL, iat vfNow, then
// the overrides (vfDel leaves a member out). A nil value is written as
// JSON null.
func vfProof(t testing.TB, k vfKey, header, claims map[string]any) string {
	t.Helper()
	h := map[string]any{"typ": "dpop+jwt", "alg": string(k.alg), "jwk": vfJWK(t, k.priv.Public())}
	c := map[string]any{"jti": vfRandom(t), "htm": "GET", "htu": vfURL, "iat": vfNow.Unix()}
	return vfSigned(t, k, vfMerge(h, header), vfMerge(c, claims))
}

// vfMerge is m with the overrides applied.
func vfMerge(m, over map[string]any) map[string]any {
	for name, v := range over {
		if v == any(vfDel) {
			delete(m, name)
		} else {
			m[name] = v
		}
	}
	return m
}

// vfSigned is the compact JWS of header and claims (each a JSON value, a
// string holding raw JSON with json.RawMessage, or anything else
// json.Marshal takes) signed by k with k.alg.
func vfSigned(t testing.TB, k vfKey, header, claims any) string {
	t.Helper()
	input := vfSegment(t, header) + "." + vfSegment(t, claims)
	return input + "." + base64.RawURLEncoding.EncodeToString(vfSign(t, k.alg, k.priv, []byte(input)))
}

// vfSegment is v's JSON (raw bytes as they are), base64url-encoded.
func vfSegment(t testing.TB, v any) string {
	t.Helper()
	b, ok := v.([]byte)
	if !ok {
		var err error
		if b, err = json.Marshal(v); err != nil {
			t.Fatal(err)
		}
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// vfSign signs input with alg (RFC 7518 section 3, RFC 8037 section 3.1,
// RFC 9964): by hand, independent of the library.
func vfSign(t testing.TB, alg jwt.Algorithm, priv crypto.Signer, input []byte) []byte {
	t.Helper()
	var sig []byte
	var err error
	switch key := priv.(type) {
	case *ecdsa.PrivateKey:
		d := vfDigest(alg, input)
		var r, s *big.Int
		if r, s, err = ecdsa.Sign(rand.Reader, key, d); err == nil {
			size := (key.Curve.Params().BitSize + 7) / 8
			sig = append(r.FillBytes(make([]byte, size)), s.FillBytes(make([]byte, size))...)
		}
	case *rsa.PrivateKey:
		d := vfDigest(alg, input)
		if alg[0] == 'P' {
			sig, err = rsa.SignPSS(rand.Reader, key, alg.Hash(), d, &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash})
		} else {
			sig, err = rsa.SignPKCS1v15(rand.Reader, key, alg.Hash(), d)
		}
	case ed25519.PrivateKey:
		sig = ed25519.Sign(key, input)
	default: // ML-DSA: the message itself, empty context (RFC 9964)
		sig, err = priv.Sign(rand.Reader, input, crypto.Hash(0))
	}
	if err != nil {
		t.Fatal(err)
	}
	return sig
}

func vfDigest(alg jwt.Algorithm, input []byte) []byte {
	h := alg.Hash().New()
	h.Write(input)
	return h.Sum(nil)
}

// vfRandom is a fresh jti.
func vfRandom(t testing.TB) string {
	t.Helper()
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// vfStore is a map-based replay.Store: err, when set, is every Claim's
// answer; claims records each Claim.
type vfStore struct {
	mu     sync.Mutex
	seen   map[string]time.Time
	err    error
	claims []vfClaim
}

type vfClaim struct {
	key   string
	until time.Time
}

func (s *vfStore) Claim(ctx context.Context, key string, until time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.claims = append(s.claims, vfClaim{key, until})
	if s.err != nil {
		return s.err
	}
	if err := ctx.Err(); err != nil {
		return errors.Join(replay.ErrUnavailable, err)
	}
	if s.seen == nil {
		s.seen = map[string]time.Time{}
	}
	if _, ok := s.seen[key]; ok {
		return replay.ErrReplayed
	}
	s.seen[key] = until
	return nil
}

// vfConfig is the tests' configuration: origin vfOrigin, the clock at
// vfNow, a vfStore of its own.
func vfConfig() dpop.Config {
	return dpop.Config{Origins: []string{vfOrigin}, Now: func() time.Time { return vfNow }, Replay: &vfStore{}}
}

// vfVerifier is NewVerifier(cfg), which must succeed.
func vfVerifier(t testing.TB, cfg dpop.Config) *dpop.Verifier {
	t.Helper()
	v, err := dpop.NewVerifier(cfg)
	if err != nil {
		t.Fatalf("NewVerifier: %v", err)
	}
	return v
}

// vfReq is a resource request for vfURL without an access token.
var vfReq = dpop.Request{Method: "GET", URL: vfURL}

// vfRefused fails unless err matches every one of want.
func vfRefused(t testing.TB, what string, p *dpop.Proof, err error, want ...error) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: accepted (%+v), want %v", what, p, want)
		return
	}
	if p != nil {
		t.Errorf("%s: a Proof (%+v) beside the error %v", what, p, err)
	}
	for _, w := range want {
		if !errors.Is(err, w) {
			t.Errorf("%s: %v, does not match %v", what, err, w)
		}
	}
}

// vfAccepted fails unless err is nil.
func vfAccepted(t testing.TB, what string, p *dpop.Proof, err error) {
	t.Helper()
	if err != nil || p == nil {
		t.Errorf("%s: %v (proof %v), want accepted", what, err, p)
	}
}
