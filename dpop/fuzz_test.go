package dpop_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
)

// fzStore accepts every jti: the fuzzer replays its inputs.
type fzStore struct{}

func (fzStore) Claim(context.Context, string, time.Time) error { return nil }

// FuzzVerifyProof: Verify never panics, and never accepts a proof whose
// signature does not verify with its own "jwk" (checked here by hand for
// ES256 and EdDSA, with crypto/ecdsa and crypto/ed25519), nor one whose
// "typ" is not exactly "dpop+jwt" or whose "jwk" holds a private member.
func FuzzVerifyProof(f *testing.F) {
	k256, ed := vfKeyOf(f, jwt.ES256), vfKeyOf(f, jwt.EdDSA)
	for _, k := range []vfKey{k256, ed} {
		f.Add(vfProof(f, k, nil, map[string]any{"jti": "j1"}))
		f.Add(vfProof(f, k, nil, map[string]any{"jti": "j2", "nonce": "n", "ath": dpop.AccessTokenHash("t")}))
		f.Add(vfProof(f, k, map[string]any{"jwk": vfJWK(f, k.priv)}, nil))
		f.Add(vfProof(f, k, map[string]any{"typ": "application/dpop+jwt"}, nil))
		f.Add(vfProof(f, k, nil, map[string]any{"htu": "HTTPS://API.example:443/./resource?x#y"}))
	}
	f.Add(rfc9449Proof)
	f.Add("")
	f.Add("a.b.c")
	cfg := vfConfig()
	cfg.Replay = fzStore{}
	v := vfVerifier(f, cfg)
	f.Fuzz(func(t *testing.T, proof string) {
		p, err := v.Verify(context.Background(), proof, vfReq)
		if err != nil {
			if p != nil {
				t.Fatalf("a Proof beside %v", err)
			}
			return
		}
		parts := strings.Split(proof, ".")
		if len(parts) != 3 {
			t.Fatalf("accepted %d segments", len(parts))
		}
		var h struct {
			Typ string          `json:"typ"`
			Alg string          `json:"alg"`
			JWK json.RawMessage `json:"jwk"`
		}
		rawHeader, err := base64.RawURLEncoding.DecodeString(parts[0])
		if err != nil || json.Unmarshal(rawHeader, &h) != nil {
			t.Fatalf("accepted a header encoding/json cannot read: %q", rawHeader)
		}
		if h.Typ != "dpop+jwt" || h.Alg != string(p.Algorithm) {
			t.Fatalf("accepted typ %q alg %q (Proof %s)", h.Typ, h.Alg, p.Algorithm)
		}
		var members map[string]json.RawMessage
		if json.Unmarshal(h.JWK, &members) != nil {
			t.Fatalf("accepted a jwk that is not an object: %s", h.JWK)
		}
		for _, m := range []string{"d", "p", "q", "dp", "dq", "qi", "oth", "k", "priv"} {
			if _, ok := members[m]; ok {
				t.Fatalf("accepted a jwk with %q", m)
			}
		}
		sig, err := base64.RawURLEncoding.DecodeString(parts[2])
		if err != nil {
			t.Fatalf("accepted a signature that is not base64url: %v", err)
		}
		if !fzSignatureVerifies(t, h.Alg, members, []byte(parts[0]+"."+parts[1]), sig) {
			t.Fatalf("accepted a proof whose signature does not verify with its jwk: %q", proof)
		}
	})
}

// fzSignatureVerifies checks sig over input with the key of members, by
// hand for ES256 and EdDSA, and through the jwt package for the others.
func fzSignatureVerifies(t *testing.T, alg string, members map[string]json.RawMessage, input, sig []byte) bool {
	str := func(name string) []byte {
		var s string
		if json.Unmarshal(members[name], &s) != nil {
			t.Fatalf("jwk member %q is not a string", name)
		}
		b, err := base64.RawURLEncoding.DecodeString(s)
		if err != nil {
			t.Fatalf("jwk member %q is not base64url", name)
		}
		return b
	}
	switch alg {
	case "ES256":
		x, y := str("x"), str("y")
		pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
		if err != nil || len(sig) != 64 {
			return false
		}
		d := sha256.Sum256(input)
		return ecdsa.Verify(pub, d[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:]))
	case "EdDSA", "Ed25519":
		x := str("x")
		return len(x) == ed25519.PublicKeySize && ed25519.Verify(ed25519.PublicKey(x), input, sig)
	}
	raw, _ := json.Marshal(members)
	k, err := jwk.ParseKey(raw)
	if err != nil {
		return false
	}
	_, err = jwt.Parse(string(input)+"."+base64.RawURLEncoding.EncodeToString(sig), k.PublicKey(), jwt.WithAlgorithms(jwt.Algorithm(alg)),
		jwt.WithTimeFunc(func() time.Time { return vfNow }), jwt.WithLeeway(time.Minute))
	return err == nil
}
