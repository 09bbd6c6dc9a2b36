package jwt_test

import (
	"context"
	"crypto"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/corpus"
)

// TestKeysAreHeldToRFC7518MinimumsWhenVerifying_Rule4 runs the corpus's
// key cases: short HMAC secrets, 1024-bit RSA, Ed25519 keys of the wrong
// size, unsupported curves and types, KeyFunc failures.
func TestKeysAreHeldToRFC7518MinimumsWhenVerifying_Rule4(t *testing.T) {
	rtRunCorpus(t, "keys/")
}

// TestHMACKeyIsAtLeastTheHashSize_RFC7518_3_2: "A key of the same size as
// the hash output ... or larger MUST be used", on both sides.
func TestHMACKeyIsAtLeastTheHashSize_RFC7518_3_2(t *testing.T) {
	need := map[jwt.Algorithm]int{jwt.HS256: 32, jwt.HS384: 48, jwt.HS512: 64}
	for _, alg := range []jwt.Algorithm{jwt.HS256, jwt.HS384, jwt.HS512} {
		for _, size := range []int{0, 1, 16, 31, 32, 47, 48, 63, 64, 65, 128} {
			t.Run(fmt.Sprintf("%s/%d-bytes", alg, size), func(t *testing.T) {
				secret := make([]byte, size)
				for i := range secret {
					secret[i] = byte(i + 1)
				}
				tok, err := jwt.Sign(alg, map[string]any{"sub": "a"}, secret)
				if size < need[alg] {
					if !errors.Is(err, jwt.ErrInvalidKey) {
						t.Fatalf("Sign: got %v, want ErrInvalidKey", err)
					}
					// Verifying a token made with that secret is refused too.
					tok = rtRaw(`{"alg":"`+string(alg)+`"}`, `{}`, rtHMACAlg(alg, secret))
					if _, err := jwt.Parse(tok, secret); !errors.Is(err, jwt.ErrInvalidKey) {
						t.Fatalf("Parse: got %v, want ErrInvalidKey", err)
					}
					return
				}
				if err != nil {
					t.Fatalf("Sign: %v", err)
				}
				if _, err := jwt.Parse(tok, secret); err != nil {
					t.Fatalf("Parse: %v", err)
				}
			})
		}
	}
}

// TestRSAKeyIs2048BitsOrLarger_RFC7518_3_3, on both sides.
func TestRSAKeyIs2048BitsOrLarger_RFC7518_3_3(t *testing.T) {
	k := corpus.Keys()
	for _, alg := range []jwt.Algorithm{jwt.RS256, jwt.PS256, jwt.RS512} {
		if _, err := jwt.NewSigner(alg, k.RSAWeak); !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("NewSigner %s with 1024 bits: got %v, want ErrInvalidKey", alg, err)
		}
		if _, err := jwt.NewSigner(alg, k.RSA); err != nil {
			t.Errorf("NewSigner %s with 2048 bits: %v", alg, err)
		}
	}
	for _, key := range []any{&k.RSAWeak.PublicKey, k.RSAWeak} {
		if _, err := jwt.NewVerifier(key); !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("NewVerifier %T with 1024 bits: got %v, want ErrInvalidKey", key, err)
		}
	}
}

// TestEd25519KeysOfTheWrongSizeAreRefusedWithoutPanic_Rule4: ed25519.Verify
// panics on a bad key size; the library must not.
func TestEd25519KeysOfTheWrongSizeAreRefusedWithoutPanic_Rule4(t *testing.T) {
	k := corpus.Keys()
	pub := k.Ed25519.Public().(ed25519.PublicKey)
	tok, err := jwt.Sign(jwt.EdDSA, map[string]any{}, k.Ed25519)
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{0, 1, 31, 33, 64} {
		bad := make(ed25519.PublicKey, size)
		copy(bad, pub)
		if _, err := jwt.Parse(tok, bad); !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("public key of %d bytes: got %v, want ErrInvalidKey", size, err)
		}
	}
	for _, size := range []int{0, 32, 63, 65} {
		bad := make(ed25519.PrivateKey, size)
		copy(bad, k.Ed25519)
		if _, err := jwt.Parse(tok, bad); !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("verifying with a private key of %d bytes: got %v, want ErrInvalidKey", size, err)
		}
		if _, err := jwt.Sign(jwt.EdDSA, map[string]any{}, bad); !errors.Is(err, jwt.ErrInvalidKey) {
			t.Errorf("signing with a private key of %d bytes: got %v, want ErrInvalidKey", size, err)
		}
	}
}

// rtOpaqueSigner hides a private key behind crypto.Signer, as a KMS does.
type rtOpaqueSigner struct{ s crypto.Signer }

func (o rtOpaqueSigner) Public() crypto.PublicKey { return o.s.Public() }
func (o rtOpaqueSigner) Sign(r io.Reader, d []byte, opts crypto.SignerOpts) ([]byte, error) {
	return o.s.Sign(r, d, opts)
}

// TestPrivateKeysAreAcceptedForVerifying_Rule4, as are crypto.Signers whose
// public key fits.
func TestPrivateKeysAreAcceptedForVerifying_Rule4(t *testing.T) {
	k := corpus.Keys()
	tests := []struct {
		alg  jwt.Algorithm
		sign any
		keys []any
	}{
		{jwt.RS256, k.RSA, []any{k.RSA, rtOpaqueSigner{k.RSA}}},
		{jwt.PS384, k.RSA, []any{k.RSA, rtOpaqueSigner{k.RSA}}},
		{jwt.ES256, k.P256, []any{k.P256, rtOpaqueSigner{k.P256}}},
		{jwt.ES512, k.P521, []any{k.P521, rtOpaqueSigner{k.P521}}},
		{jwt.EdDSA, k.Ed25519, []any{k.Ed25519, rtOpaqueSigner{k.Ed25519}}},
	}
	for _, tc := range tests {
		tok, err := jwt.Sign(tc.alg, map[string]any{"sub": "a"}, tc.sign)
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range tc.keys {
			if _, err := jwt.Parse(tok, key); err != nil {
				t.Errorf("%s with %T: %v", tc.alg, key, err)
			}
		}
	}
}

// TestKeyFuncSelectsTheKeyByKid: a KeyFunc (or a plain func of its type)
// sees the header and picks the key; its errors are key errors.
func TestKeyFuncSelectsTheKeyByKid(t *testing.T) {
	k := corpus.Keys()
	keysByKid := map[string]any{"hmac": rtSecret, "rsa": &k.RSA.PublicKey, "ec": &k.P256.PublicKey, "ed": k.Ed25519.Public()}
	var keyFunc jwt.KeyFunc = func(h *jwt.Header) (any, error) {
		if key, ok := keysByKid[h.KeyID]; ok {
			return key, nil
		}
		return nil, fmt.Errorf("unknown kid %q", h.KeyID)
	}
	plain := func(h *jwt.Header) (any, error) { return keyFunc(h) }
	sign := func(alg jwt.Algorithm, key any, kid string) string {
		tok, err := jwt.Sign(alg, map[string]any{"sub": kid}, key, jwt.WithKeyID(kid))
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	tests := []struct {
		name  string
		token string
		want  error
	}{
		{"hmac kid", sign(jwt.HS256, rtSecret, "hmac"), nil},
		{"rsa kid", sign(jwt.RS256, k.RSA, "rsa"), nil},
		{"ec kid", sign(jwt.ES256, k.P256, "ec"), nil},
		{"ed kid", sign(jwt.EdDSA, k.Ed25519, "ed"), nil},
		{"unknown kid", sign(jwt.HS256, rtSecret, "other"), jwt.ErrInvalidKey},
		{"kid of another family", sign(jwt.ES256, k.P256, "hmac"), jwt.ErrAlgorithmNotAllowed},
		{"kid of another key, same family", sign(jwt.HS256, []byte("another-secret-of-thirty-two-byt"), "hmac"), jwt.ErrSignatureInvalid},
	}
	for _, key := range []struct {
		name string
		key  any
	}{{"KeyFunc", keyFunc}, {"func literal", plain}} {
		v, err := jwt.NewVerifier(key.key)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range tests {
			t.Run(key.name+"/"+tc.name, func(t *testing.T) {
				tok, err := v.Parse(tc.token)
				if tc.want == nil {
					if err != nil {
						t.Fatalf("got %v", err)
					}
					if tok.Header.KeyID == "" || tok.Claims.(map[string]any)["sub"] != tok.Header.KeyID {
						t.Errorf("header %+v, claims %v", tok.Header, tok.Claims)
					}
				} else if !errors.Is(err, tc.want) {
					t.Fatalf("got %v, want %v", err, tc.want)
				}
			})
		}
	}
	if _, err := jwt.NewVerifier(jwt.KeyFunc(nil)); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("nil KeyFunc: got %v, want ErrInvalidKey", err)
	}
}

// rtKeySet is a fixed jwt.KeySet.
type rtKeySet struct {
	keys []any
	err  error
}

func (s rtKeySet) VerificationKeys(context.Context, *jwt.Header) ([]any, error) { return s.keys, s.err }

// TestKeySetTriesEachKeyThatFitsTheAlgorithm: the first key that verifies
// wins; a bad signature is reported over keys of another family; unusable
// keys are skipped.
func TestKeySetTriesEachKeyThatFitsTheAlgorithm(t *testing.T) {
	k := corpus.Keys()
	other := []byte("another-secret-of-thirty-two-byt")
	tok := rtSign(t, map[string]any{"sub": "a"})
	tests := []struct {
		name string
		set  rtKeySet
		want error
	}{
		{"right key only", rtKeySet{keys: []any{rtSecret}}, nil},
		{"other family first", rtKeySet{keys: []any{&k.RSA.PublicKey, &k.P256.PublicKey, rtSecret}}, nil},
		{"wrong secret first", rtKeySet{keys: []any{other, rtSecret}}, nil},
		{"unusable keys skipped", rtKeySet{keys: []any{nil, "string", []byte("short"), rtSecret}}, nil},
		{"wrong secret only", rtKeySet{keys: []any{other}}, jwt.ErrSignatureInvalid},
		{"wrong secret and other family", rtKeySet{keys: []any{&k.RSA.PublicKey, other, k.Ed25519.Public()}}, jwt.ErrSignatureInvalid},
		{"other family only", rtKeySet{keys: []any{&k.RSA.PublicKey}}, jwt.ErrAlgorithmNotAllowed},
		{"no keys", rtKeySet{}, jwt.ErrInvalidKey},
		{"no usable keys", rtKeySet{keys: []any{nil, 42}}, jwt.ErrInvalidKey},
		{"lookup fails", rtKeySet{err: errors.New("fetch failed")}, jwt.ErrInvalidKey},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := jwt.NewVerifier(tc.set)
			if err != nil {
				t.Fatal(err)
			}
			_, err = v.ParseContext(context.Background(), tok)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("got %v", err)
				}
			} else if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
}
