//go:build go1.27

package jwk_test

import (
	"bytes"
	"context"
	"crypto"
	"crypto/mldsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/signing"
	"github.com/jotlib/jwt/jwk"
)

// AKP keys (RFC 9964) with Go 1.27's crypto/mldsa.

// mldsaParams maps an ML-DSA algorithm to its crypto/mldsa parameter set.
func mldsaParams(alg jwt.Algorithm) mldsa.Parameters {
	switch alg {
	case jwt.MLDSA44:
		return mldsa.MLDSA44()
	case jwt.MLDSA65:
		return mldsa.MLDSA65()
	}
	return mldsa.MLDSA87()
}

var mldsaAlgs = []jwt.Algorithm{jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87}

// mldsaKey makes a new ML-DSA private key.
func mldsaKey(t testing.TB, alg jwt.Algorithm) *mldsa.PrivateKey {
	t.Helper()
	k, err := mldsa.GenerateKey(mldsaParams(alg))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// memberNames returns the member names of a JSON object, in order, and its
// string members.
func memberNames(t testing.TB, b []byte) ([]string, map[string]string) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.Token() // {
	var names []string
	strs := map[string]string{}
	for dec.More() {
		tok, _ := dec.Token()
		name := tok.(string)
		names = append(names, name)
		var v any
		dec.Decode(&v)
		if s, ok := v.(string); ok {
			strs[name] = s
		}
	}
	return names, strs
}

// TestAKP_RFC9964Examples: each of RFC 9964's JOSE example JWKs (the
// all-zeros seed for ML-DSA-44, -65 and -87) parses as a private AKP key
// whose Go key is the one crypto/mldsa makes from the seed; its RFC 7638
// thumbprint over "alg", "kty", "pub" (RFC 9964 section 5) is the
// example's "kid"; it marshals back to the example's members, and its
// public half to them without "priv"; and the example's compact JWS
// verifies through a *jwk.Set of the public JWK, chosen by "kid", and of
// the private one.
func TestAKP_RFC9964Examples(t *testing.T) {
	for _, ex := range rfc9964Examples(t) {
		t.Run(string(ex.alg), func(t *testing.T) {
			k, err := jwk.ParseKey([]byte(ex.jwk))
			if err != nil {
				t.Fatal(err)
			}
			if k.KeyType() != jwk.KeyTypeAKP || k.Algorithm() != string(ex.alg) || k.KeyID() != ex.kid || !k.IsPrivate() || k.Curve() != "" {
				t.Fatalf("kty %q alg %q kid %q private %v crv %q", k.KeyType(), k.Algorithm(), k.KeyID(), k.IsPrivate(), k.Curve())
			}
			priv, ok := k.Key().(*mldsa.PrivateKey)
			if !ok {
				t.Fatalf("Key() is a %T", k.Key())
			}
			fromSeed, err := mldsa.NewPrivateKey(mldsaParams(ex.alg), make([]byte, 32))
			if err != nil {
				t.Fatal(err)
			}
			if !priv.Equal(fromSeed) {
				t.Fatal("the JWK's key is not the one of the all-zeros seed")
			}
			pub, ok := k.PublicKey().(*mldsa.PublicKey)
			if !ok || hex.EncodeToString(pub.Bytes()) != ex.rawPub || len(pub.Bytes()) != ex.pubSize {
				t.Fatalf("PublicKey() %T is not the example's raw_public_key", k.PublicKey())
			}

			// The thumbprint is the kid; its input has exactly alg, kty, pub.
			sum, err := k.Thumbprint(crypto.SHA256)
			if err != nil {
				t.Fatal(err)
			}
			if got := base64.RawURLEncoding.EncodeToString(sum); got != ex.kid {
				t.Fatalf("thumbprint %s, want the example's kid %s", got, ex.kid)
			}
			want := sha256.Sum256([]byte(`{"alg":"` + string(ex.alg) + `","kty":"AKP","pub":"` + ex.pub + `"}`))
			if !bytes.Equal(sum, want[:]) {
				t.Fatal("thumbprint is not over alg, kty, pub")
			}
			pk, err := k.Public()
			if err != nil {
				t.Fatal(err)
			}
			if ps, _ := pk.Thumbprint(crypto.SHA256); !bytes.Equal(ps, sum) {
				t.Fatal("the public half's thumbprint differs")
			}

			// Marshaling: the example's members, the public form without priv.
			b, err := k.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			names, strs := memberNames(t, b)
			if strings.Join(names, ",") != "kty,kid,alg,pub,priv" || strs["pub"] != ex.pub || strs["priv"] != ex.priv || strs["kid"] != ex.kid {
				t.Fatalf("private JWK members %v: %.200s", names, b)
			}
			pb, err := pk.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			names, strs = memberNames(t, pb)
			if strings.Join(names, ",") != "kty,kid,alg,pub" || strs["pub"] != ex.pub || pk.IsPrivate() {
				t.Fatalf("public JWK members %v", names)
			}
			if _, ok := pk.Key().(*mldsa.PublicKey); !ok {
				t.Fatalf("public Key() is a %T", pk.Key())
			}

			// The example's token verifies through a set, by kid.
			for _, doc := range []string{
				`{"keys":[` + string(pb) + `]}`,
				`{"keys":[` + ex.jwk + `]}`,
				`{"keys":[` + goodOct + `,` + string(pb) + `]}`,
			} {
				s, err := jwk.ParseSet([]byte(doc))
				if err != nil || len(s.Skipped()) != 0 {
					t.Fatalf("ParseSet: %v %v", err, s.Skipped())
				}
				// The example's payload is text, not claims: the key the set
				// picks for the example's header verifies its signature.
				got, err := s.VerificationKeys(context.Background(), &jwt.Header{Algorithm: string(ex.alg), KeyID: ex.kid})
				if err != nil || len(got) != 1 {
					t.Fatalf("VerificationKeys: %v, %d keys", err, len(got))
				}
				vk := got[0].(*signing.VerifyingKey)
				parts := strings.Split(ex.jws, ".")
				sig, _ := base64.RawURLEncoding.DecodeString(parts[2])
				if err := vk.Verify(signing.Algorithm(ex.alg), []byte(parts[0]+"."+parts[1]), sig); err != nil {
					t.Fatalf("the RFC's JWS with the set's key: %v", err)
				}
				sig[len(sig)/2] ^= 1
				if err := vk.Verify(signing.Algorithm(ex.alg), []byte(parts[0]+"."+parts[1]), sig); !errors.Is(err, jwt.ErrSignatureInvalid) {
					t.Fatalf("a flipped bit: %v", err)
				}
				// A token of the example key verifies through the set.
				tok := mustSign(t, ex.alg, k.Key(), ex.kid)
				if _, err := jwt.Parse(tok, s); err != nil {
					t.Fatalf("a token of the example key through the set: %v", err)
				}
			}
			t.Logf("%s: JWK %d bytes public, thumbprint %s, RFC token %d bytes", ex.alg, len(pb), ex.kid, ex.tokenLength)
		})
	}
}

// TestAKP_RoundTrips: keys of each parameter set made with NewKey ("alg"
// filled in from the key) marshal, parse back to the same key (seed and
// public key) with the same thumbprint, in private and public forms, alone
// and in a set beside the other key types; Public drops "priv"; tokens
// signed with Key() verify through the parsed public set.
func TestAKP_RoundTrips(t *testing.T) {
	tk := testKeys()
	var keys []*jwk.Key
	for _, alg := range mldsaAlgs {
		priv := mldsaKey(t, alg)
		k := mustKey(t, priv, jwk.Params{KeyID: "ml-" + string(alg), Use: "sig", KeyOps: []string{"sign", "verify"}})
		if k.Algorithm() != string(alg) || k.KeyType() != jwk.KeyTypeAKP || !k.IsPrivate() {
			t.Fatalf("NewKey: alg %q kty %q", k.Algorithm(), k.KeyType())
		}
		b, err := k.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		back, err := jwk.ParseKey(b)
		if err != nil {
			t.Fatalf("%s: %v", alg, err)
		}
		got, ok := back.Key().(*mldsa.PrivateKey)
		if !ok || !got.Equal(priv) || !bytes.Equal(got.Bytes(), priv.Bytes()) || back.KeyID() != k.KeyID() || back.Use() != "sig" ||
			!slices.Equal(back.KeyOps(), []string{"sign", "verify"}) {
			t.Fatalf("%s: round trip gave %T %+v", alg, back.Key(), back.Params())
		}
		b2, _ := back.MarshalJSON()
		if !bytes.Equal(b, b2) {
			t.Fatalf("%s: marshaling is not stable", alg)
		}
		t1, _ := k.Thumbprint(crypto.SHA256)
		t2, _ := back.Thumbprint(crypto.SHA256)
		if !bytes.Equal(t1, t2) {
			t.Fatalf("%s: thumbprint changed", alg)
		}
		pub, err := k.Public()
		if err != nil {
			t.Fatal(err)
		}
		pb, _ := pub.MarshalJSON()
		if bytes.Contains(pb, []byte(`"priv"`)) {
			t.Fatalf("%s: public JWK has priv", alg)
		}
		pback, err := jwk.ParseKey(pb)
		if err != nil || pback.IsPrivate() || !pback.PublicKey().(*mldsa.PublicKey).Equal(priv.PublicKey()) {
			t.Fatalf("%s: public round trip: %v", alg, err)
		}
		if t3, _ := pback.Thumbprint(crypto.SHA256); !bytes.Equal(t1, t3) {
			t.Fatalf("%s: public thumbprint differs", alg)
		}
		// From the public Go key, the same public JWK.
		fromPub := mustKey(t, priv.PublicKey(), jwk.Params{KeyID: "ml-" + string(alg), Use: "sig", KeyOps: []string{"sign", "verify"}})
		if fb, _ := fromPub.MarshalJSON(); !bytes.Equal(fb, pb) || fromPub.IsPrivate() {
			t.Fatalf("%s: NewKey(public) %s", alg, fb)
		}
		keys = append(keys, k)
	}
	keys = append(keys,
		mustKey(t, tk.ec256, jwk.Params{KeyID: "es"}),
		mustKey(t, tk.ed, jwk.Params{KeyID: "ed"}),
		mustKey(t, &tk.rsa1.PublicKey, jwk.Params{KeyID: "rs"}),
	)
	set := jwk.NewSet(keys...)
	for _, doc := range [][]byte{mustJSON(t, set), mustJSON(t, set.Public())} {
		parsed, err := jwk.ParseSet(doc)
		if err != nil || parsed.Len() != len(keys) || len(parsed.Skipped()) != 0 {
			t.Fatalf("set round trip: %v, %d keys, skipped %v", err, parsed.Len(), parsed.Skipped())
		}
		for i, k := range keys[:3] {
			tok := mustSign(t, mldsaAlgs[i], k.Key(), k.KeyID())
			if _, err := jwt.Parse(tok, parsed); err != nil {
				t.Fatalf("%s token through the parsed set: %v", mldsaAlgs[i], err)
			}
			noKID := mustSign(t, mldsaAlgs[i], k.Key(), "")
			if _, err := jwt.Parse(noKID, parsed, jwt.WithAlgorithms(mldsaAlgs[i])); err != nil {
				t.Fatalf("%s token without kid through the parsed set: %v", mldsaAlgs[i], err)
			}
		}
	}
}

// TestAKP_MismatchedPairIsRefused: RFC 9964's security considerations,
// "Mismatched AKP parameters": a "priv" that does not generate "pub" (the
// seed of another key of the same set, or of the same seed but another
// set) is ErrInvalidKey from ParseKey, and ParseSet skips and lists it,
// with its kid, beside a good key that still verifies.
func TestAKP_MismatchedPairIsRefused(t *testing.T) {
	ex := rfc9964Examples(t)
	for i, alg := range mldsaAlgs {
		a, b := mldsaKey(t, alg), mldsaKey(t, alg)
		enc := base64.RawURLEncoding.EncodeToString
		for name, key := range map[string]string{
			"another key's seed":        akpJWK("kty", "AKP", "kid", "odd", "alg", string(alg), "pub", enc(a.PublicKey().Bytes()), "priv", enc(b.Bytes())),
			"all-zeros seed, other pub": akpJWK("kty", "AKP", "kid", "odd", "alg", string(alg), "pub", enc(a.PublicKey().Bytes()), "priv", ex[i].priv),
			"one bit of pub flipped":    akpJWK("kty", "AKP", "kid", "odd", "alg", string(alg), "pub", flipBit(ex[i].pub), "priv", ex[i].priv),
		} {
			_, err := jwk.ParseKey([]byte(key))
			if !errors.Is(err, jwk.ErrInvalidKey) || !strings.Contains(err.Error(), `"priv" does not generate "pub"`) {
				t.Fatalf("%s %s: %v", alg, name, err)
			}
			good := mustKey(t, a, jwk.Params{KeyID: "good"})
			gb, _ := good.MarshalJSON()
			s, err := jwk.ParseSet([]byte(`{"keys":[` + key + `,` + string(gb) + `]}`))
			if err != nil || s.Len() != 1 || len(s.Skipped()) != 1 || !strings.Contains(s.Skipped()[0].Error(), `key 0 (kid "odd")`) {
				t.Fatalf("%s %s: ParseSet %v, skipped %v", alg, name, err, s.Skipped())
			}
			if _, err := jwt.Parse(mustSign(t, alg, a, "good"), s); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// flipBit flips the lowest bit of the first character's value of a
// base64url string (a change of its first octet).
func flipBit(s string) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	return string(alphabet[strings.IndexByte(alphabet, s[0])^1]) + s[1:]
}

// TestAKP_NewKeyRules: NewKey takes *mldsa.PublicKey and *mldsa.PrivateKey,
// fills in "alg" and refuses one of another parameter set, another
// family or a non-JWS name (an AKP key's "alg" is its parameter set's),
// refuses nil keys as invalid, and a crypto.Signer other than
// *mldsa.PrivateKey (a KMS key, with no seed to write) as unsupported.
func TestAKP_NewKeyRules(t *testing.T) {
	priv := mldsaKey(t, jwt.MLDSA44)
	for _, bad := range []string{"ML-DSA-65", "ML-DSA-87", "ES256", "EdDSA", "A128KW", "ml-dsa-44"} {
		for _, key := range []any{priv, priv.PublicKey()} {
			if _, err := jwk.NewKey(key, jwk.Params{Algorithm: bad}); !errors.Is(err, jwk.ErrInvalidKey) {
				t.Fatalf("NewKey(%T, alg %s) = %v", key, bad, err)
			}
		}
	}
	if k, err := jwk.NewKey(priv, jwk.Params{Algorithm: "ML-DSA-44"}); err != nil || k.Algorithm() != "ML-DSA-44" {
		t.Fatalf("NewKey with its own alg: %v", err)
	}
	for _, key := range []any{(*mldsa.PublicKey)(nil), (*mldsa.PrivateKey)(nil), &mldsa.PublicKey{}, &mldsa.PrivateKey{}} {
		if _, err := jwk.NewKey(key, jwk.Params{}); !errors.Is(err, jwk.ErrInvalidKey) {
			t.Fatalf("NewKey(%#v) = %v", key, err)
		}
	}
	if _, err := jwk.NewKey(kmsSigner{priv}, jwk.Params{}); !errors.Is(err, jwk.ErrUnsupportedKeyType) {
		t.Fatalf("NewKey(a KMS-style signer) = %v", err)
	}
	// use "enc" and key_ops are checked as for the other key types.
	if _, err := jwk.NewKey(priv, jwk.Params{Use: "enc", KeyOps: []string{"verify"}}); !errors.Is(err, jwk.ErrInvalidKey) {
		t.Fatalf("use enc with key_ops verify: %v", err)
	}
}

// kmsSigner is a crypto.Signer around an ML-DSA key that is not an
// *mldsa.PrivateKey, as a KMS or HSM key would be.
type kmsSigner struct{ k *mldsa.PrivateKey }

func (s kmsSigner) Public() crypto.PublicKey { return s.k.Public() }
func (s kmsSigner) Sign(r io.Reader, msg []byte, opts crypto.SignerOpts) ([]byte, error) {
	return s.k.Sign(r, msg, opts)
}

// TestAKP_KeyIsBoundToItsParameterSet: an AKP key verifies its own
// algorithm only (RFC 8725 section 3.1, RFC 9964 section 2): CanVerify is
// false for the other ML-DSA sets and every other algorithm; a token of
// its key relabeled as another set, or signed by a key of another set
// under its kid, is refused; "use":"enc" or key_ops without "verify" keep
// it from verifying.
func TestAKP_KeyIsBoundToItsParameterSet(t *testing.T) {
	for _, alg := range mldsaAlgs {
		priv := mldsaKey(t, alg)
		k := mustKey(t, priv.PublicKey(), jwk.Params{KeyID: "k"})
		for _, s := range signing.All() {
			a := jwt.Algorithm(s)
			if got := k.CanVerify(a); got != (a == alg) {
				t.Fatalf("%s key: CanVerify(%s) = %v", alg, a, got)
			}
		}
		set := jwk.NewSet(k)
		for _, other := range mldsaAlgs {
			if other == alg {
				continue
			}
			tok := mustSign(t, other, mldsaKey(t, other), "k")
			if _, err := jwt.Parse(tok, set); !errors.Is(err, jwt.ErrInvalidKey) && !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
				t.Fatalf("%s token under the %s key's kid: %v", other, alg, err)
			}
			// Our own token with its header relabeled as another set.
			own := mustSign(t, alg, priv, "k")
			parts := strings.SplitN(own, ".", 2)
			relabeled := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"`+string(other)+`","kid":"k"}`)) + "." + parts[1]
			if _, err := jwt.Parse(relabeled, set); err == nil {
				t.Fatalf("%s token relabeled %s verified", alg, other)
			}
		}
		for _, p := range []jwk.Params{{KeyID: "k", Use: "enc"}, {KeyID: "k", KeyOps: []string{"sign"}}} {
			nk := mustKey(t, priv.PublicKey(), p)
			if nk.CanVerify(alg) {
				t.Fatalf("%+v verifies", p)
			}
			if _, err := jwt.Parse(mustSign(t, alg, priv, "k"), jwk.NewSet(nk)); !errors.Is(err, jwk.ErrKeyNotFound) {
				t.Fatalf("%+v: %v", p, err)
			}
		}
	}
}

// TestAKP_RemoteSet: a remote JWK Set (through ParseSet) with an AKP key of
// each set, an odd AKP key (a mismatched pair) and an EC key serves the
// good keys, lists the odd one in Skipped, and verifies ML-DSA tokens; a
// rotated-in AKP key is picked up on refresh.
func TestAKP_RemoteSet(t *testing.T) {
	var docKeys []string
	var privs []*mldsa.PrivateKey
	for _, alg := range mldsaAlgs {
		priv := mldsaKey(t, alg)
		privs = append(privs, priv)
		pk, _ := mustKey(t, priv, jwk.Params{KeyID: string(alg)}).Public()
		b, _ := pk.MarshalJSON()
		docKeys = append(docKeys, string(b))
	}
	enc := base64.RawURLEncoding.EncodeToString
	odd := akpJWK("kty", "AKP", "kid", "odd", "alg", "ML-DSA-44", "pub", enc(privs[0].PublicKey().Bytes()), "priv", enc(make([]byte, 32)))
	ec, _ := mustKey(t, testKeys().ec256, jwk.Params{KeyID: "es"}).Public()
	eb, _ := ec.MarshalJSON()
	doc := `{"keys":[` + strings.Join(docKeys, ",") + `,` + odd + `,` + string(eb) + `]}`
	srv := newJWKSServer(t, []byte(doc))
	rs, err := jwk.NewRemoteSet(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := rs.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	s := rs.Set()
	if s.Len() != 4 || len(s.Skipped()) != 1 || !strings.Contains(s.Skipped()[0].Error(), `kid "odd"`) {
		t.Fatalf("%d keys, skipped %v", s.Len(), s.Skipped())
	}
	for i, alg := range mldsaAlgs {
		if _, err := jwt.Parse(mustSign(t, alg, privs[i], string(alg)), rs); err != nil {
			t.Fatalf("%s through the remote set: %v", alg, err)
		}
	}
	// Rotation: a new ML-DSA-65 key replaces the old one.
	next := mldsaKey(t, jwt.MLDSA65)
	nk, _ := mustKey(t, next, jwk.Params{KeyID: "rotated"}).Public()
	nb, _ := nk.MarshalJSON()
	srv.setBody([]byte(`{"keys":[` + string(nb) + `]}`))
	if err := rs.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := jwt.Parse(mustSign(t, jwt.MLDSA65, next, "rotated"), rs); err != nil {
		t.Fatalf("the rotated-in key: %v", err)
	}
}
