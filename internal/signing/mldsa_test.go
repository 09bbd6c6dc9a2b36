//go:build go1.27

package signing_test

import (
	"bytes"
	"crypto"
	"crypto/mldsa"
	"encoding/base64"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// mlAlgs are the three ML-DSA algorithms with their parameter sets.
var mlAlgs = []struct {
	alg    signing.Algorithm
	params mldsa.Parameters
}{
	{signing.MLDSA44, mldsa.MLDSA44()},
	{signing.MLDSA65, mldsa.MLDSA65()},
	{signing.MLDSA87, mldsa.MLDSA87()},
}

func mlPriv(alg signing.Algorithm) *mldsa.PrivateKey { return mldsaKeyFor(alg).(*mldsa.PrivateKey) }

// TestMLDSA_SignatureIsFIPS204WithEmptyContext_RFC9964 checks RFC 9964
// section 4: the JWS Signature is the raw ML-DSA signature (FIPS 204
// Algorithm 2) over the JWS Signing Input with the empty context string.
// Ours verify with crypto/mldsa and the empty context only; crypto/mldsa's
// verify with ours; one made with a non-empty context does not.
func TestMLDSA_SignatureIsFIPS204WithEmptyContext_RFC9964(t *testing.T) {
	input := []byte("eyJhbGciOiJNTC1EU0EtNDQifQ.eyJzdWIiOiJwcSJ9")
	for _, m := range mlAlgs {
		t.Run(string(m.alg), func(t *testing.T) {
			priv := mlPriv(m.alg)
			pub := priv.PublicKey()
			sk, err := signing.NewSigningKey(m.alg, priv)
			if err != nil {
				t.Fatal(err)
			}
			if sk.Size() != m.params.SignatureSize() || !m.alg.Available() || m.alg.Hash() != 0 {
				t.Errorf("Size() = %d, want %d; Available %v; Hash %v", sk.Size(), m.params.SignatureSize(), m.alg.Available(), m.alg.Hash())
			}
			sig, err := sk.AppendSign(nil, input)
			if err != nil {
				t.Fatal(err)
			}
			if len(sig) != m.params.SignatureSize() {
				t.Fatalf("signature of %d bytes, want %d", len(sig), m.params.SignatureSize())
			}
			if err := mldsa.Verify(pub, input, sig, nil); err != nil {
				t.Errorf("crypto/mldsa (empty context) refuses our signature: %v", err)
			}
			if mldsa.Verify(pub, input, sig, &mldsa.Options{Context: "JWS"}) == nil {
				t.Error("our signature verifies with a non-empty context")
			}
			vk := mustVerifier(t, pub)
			for _, opts := range []*mldsa.Options{nil, {}} {
				theirs, err := priv.Sign(nil, input, opts)
				if err != nil {
					t.Fatal(err)
				}
				wantErr(t, "crypto/mldsa's signature", vk.Verify(m.alg, input, theirs), nil)
			}
			det, err := priv.SignDeterministic(input, nil)
			if err != nil {
				t.Fatal(err)
			}
			wantErr(t, "deterministic signature", vk.Verify(m.alg, input, det), nil)
			for _, ctx := range []string{"JWS", "\x00", strings.Repeat("c", 255)} {
				withCtx, err := priv.Sign(nil, input, &mldsa.Options{Context: ctx})
				if err != nil {
					t.Fatal(err)
				}
				wantErr(t, "signature with context "+ctx[:1], vk.Verify(m.alg, input, withCtx), signing.ErrSignatureInvalid)
			}
			// Hedged: two signatures of one input differ, and both verify.
			again, _ := sk.AppendSign(nil, input)
			if bytes.Equal(again, sig) {
				t.Error("two signatures are equal: signing is not hedged")
			}
			wantErr(t, "second signature", vk.Verify(m.alg, input, again), nil)
		})
	}
}

// TestMLDSA_CryptoSignerGetsMessageAndEmptyContext: a KMS/HSM signer is
// given the JWS Signing Input itself (no digest) and an *mldsa.Options of
// its own with an empty Context and HashFunc 0.
func TestMLDSA_CryptoSignerGetsMessageAndEmptyContext(t *testing.T) {
	input := []byte("eyJhbGciOiJNTC1EU0EtNjUifQ.eyJrbXMiOnRydWV9")
	for _, m := range mlAlgs {
		priv := mlPriv(m.alg)
		var gotMsg []byte
		var gotOpts crypto.SignerOpts
		var gotCtx []string
		kms := funcSigner{
			pub: priv.Public,
			sign: func(r io.Reader, msg []byte, o crypto.SignerOpts) ([]byte, error) {
				gotMsg, gotOpts = append([]byte{}, msg...), o
				if mo, ok := o.(*mldsa.Options); ok {
					gotCtx = append(gotCtx, mo.Context)
					mo.Context = "changed by the signer" // must not reach the next call
				}
				return priv.Sign(r, msg, &mldsa.Options{})
			},
		}
		sk, err := signing.NewSigningKey(m.alg, kms)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2; i++ {
			sig, err := sk.AppendSign(nil, input)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := gotOpts.(*mldsa.Options); !ok || gotOpts.HashFunc() != 0 || !bytes.Equal(gotMsg, input) {
				t.Fatalf("%s: signer got opts %#v and a %d-byte message, want *mldsa.Options and the signing input", m.alg, gotOpts, len(gotMsg))
			}
			wantErr(t, string(m.alg)+" KMS signature", mustVerifier(t, priv.Public()).Verify(m.alg, input, sig), nil)
		}
		calls := len(gotCtx)
		if calls != 2 || gotCtx[0] != "" || gotCtx[1] != "" {
			t.Errorf("%s: signer saw contexts %q, want two empty ones", m.alg, gotCtx)
		}
		// A signer that honours the options it is given makes RFC 9964's
		// signature: it verifies with the empty context.
		honest := funcSigner{pub: priv.Public, sign: func(r io.Reader, msg []byte, o crypto.SignerOpts) ([]byte, error) {
			return priv.Sign(r, msg, o)
		}}
		sk2, _ := signing.NewSigningKey(m.alg, honest)
		sig, err := sk2.AppendSign(nil, input)
		if err != nil {
			t.Fatal(err)
		}
		if err := mldsa.Verify(priv.PublicKey(), input, sig, nil); err != nil {
			t.Errorf("%s: a signer honouring the options made a signature that needs a context: %v", m.alg, err)
		}
	}
}

// TestMLDSA_ParameterSetBinding_RFC8725_3_1: an ML-DSA key verifies only
// the algorithm of its parameter set. Any other pair, ML-DSA or not, is
// ErrAlgorithmNotAllowed from Check and Verify even for a signature valid
// for that algorithm under its own key, so no cryptography decided it; on
// the signing side NewSigningKey refuses it matching both ErrInvalidKey and
// ErrAlgorithmNotAllowed, before the signer is ever called.
func TestMLDSA_ParameterSetBinding_RFC8725_3_1(t *testing.T) {
	input := []byte("eyJhbGciOiJNTC1EU0EtNDQifQ.e30")
	validSig := map[signing.Algorithm][]byte{}
	for _, alg := range signing.All() {
		validSig[alg] = mustSign(t, alg, signingKeyFor(alg), input)
	}
	for _, m := range mlAlgs {
		vk := mustVerifier(t, mlPriv(m.alg).PublicKey())
		for _, alg := range signing.All() {
			if alg == m.alg {
				continue
			}
			wantErr(t, string(m.alg)+" key, Check "+string(alg), vk.Check(alg), signing.ErrAlgorithmNotAllowed)
			err := vk.Verify(alg, input, validSig[alg])
			wantErr(t, string(m.alg)+" key, Verify "+string(alg), err, signing.ErrAlgorithmNotAllowed)
			if errors.Is(err, signing.ErrSignatureInvalid) {
				t.Errorf("%s key, Verify %s: reached the signature check", m.alg, alg)
			}
			// Signing: the key is refused, the signer never called.
			calls := 0
			priv := mlPriv(m.alg)
			spy := funcSigner{pub: priv.Public, sign: func(r io.Reader, d []byte, o crypto.SignerOpts) ([]byte, error) {
				calls++
				return priv.Sign(r, d, o)
			}}
			for _, key := range []any{priv, spy} {
				sk, err := signing.NewSigningKey(alg, key)
				wantErr(t, string(m.alg)+" key, NewSigningKey "+string(alg), err, signing.ErrInvalidKey)
				wantErr(t, string(m.alg)+" key, NewSigningKey "+string(alg), err, signing.ErrAlgorithmNotAllowed)
				if sk != nil || calls != 0 {
					t.Errorf("%s key, NewSigningKey %s: a key came back or the signer was called", m.alg, alg)
				}
			}
		}
		// Keys of every other family for this ML-DSA algorithm.
		for _, row := range bindingKeys() {
			if len(row.algs) == 1 && row.algs[0] == m.alg {
				continue
			}
			other := mustVerifier(t, row.key)
			err := other.Verify(m.alg, input, validSig[m.alg])
			wantErr(t, row.name+" verifying "+string(m.alg), err, signing.ErrAlgorithmNotAllowed)
			if !row.sign || strings.HasPrefix(row.name, "*mldsa") && strings.HasSuffix(row.name, string(m.alg)) {
				continue
			}
			_, err = signing.NewSigningKey(m.alg, row.key)
			wantErr(t, row.name+" signing "+string(m.alg), err, signing.ErrInvalidKey)
			wantErr(t, row.name+" signing "+string(m.alg), err, signing.ErrAlgorithmNotAllowed)
		}
	}
	// The messages name both sides.
	_, err := signing.NewSigningKey(signing.MLDSA44, mlPriv(signing.MLDSA65))
	if err == nil || !strings.Contains(err.Error(), "ML-DSA-65 key cannot sign ML-DSA-44") {
		t.Errorf("ML-DSA-65 key for ML-DSA-44: %v", err)
	}
}

// mlToken is a compact JWS made with an ML-DSA key.
type mlToken struct {
	header, payload, sig string
}

func (tk mlToken) input() []byte { return []byte(tk.header + "." + tk.payload) }
func (tk mlToken) String() string {
	return tk.header + "." + tk.payload + "." + tk.sig
}

func makeMLToken(t *testing.T, alg signing.Algorithm, key any) mlToken {
	t.Helper()
	b64 := base64.RawURLEncoding
	tk := mlToken{
		header:  b64.EncodeToString([]byte(`{"alg":"` + string(alg) + `","typ":"JWT"}`)),
		payload: b64.EncodeToString([]byte(`{"sub":"post-quantum","iat":1767225600}`)),
	}
	tk.sig = b64.EncodeToString(mustSign(t, alg, key, tk.input()))
	return tk
}

// verifyMLToken verifies a compact JWS as a JWT verifier does: three
// segments, the alg from the header, the signature strict base64url, then
// the key's Verify.
func verifyMLToken(vk *signing.VerifyingKey, token string) error {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return errors.New("malformed")
	}
	b64 := base64.RawURLEncoding.Strict()
	h, err := b64.DecodeString(parts[0])
	if err != nil {
		return errors.New("malformed header")
	}
	alg, ok := strings.CutPrefix(string(h), `{"alg":"`)
	alg, _, _ = strings.Cut(alg, `"`)
	if !ok {
		return errors.New("malformed header")
	}
	sig, err := b64.DecodeString(parts[2])
	if err != nil {
		return errors.New("malformed signature")
	}
	return vk.Verify(signing.Algorithm(alg), []byte(parts[0]+"."+parts[1]), sig)
}

// TestMLDSA_TokenLevel: whole compact tokens signed with ML-DSA verify with
// their key and are refused when the signature is truncated, extended,
// bit-flipped or from another parameter set, when the header names another
// parameter set, when the key is of another set or another key of the
// same set, and when the header or payload changed.
func TestMLDSA_TokenLevel(t *testing.T) {
	k := mldsaKeys()
	b64 := base64.RawURLEncoding
	for _, m := range mlAlgs {
		t.Run(string(m.alg), func(t *testing.T) {
			priv := mlPriv(m.alg)
			vk := mustVerifier(t, priv.PublicKey())
			tk := makeMLToken(t, m.alg, priv)
			if want := (m.params.SignatureSize()*8 + 5) / 6; len(tk.sig) != want {
				t.Errorf("encoded signature of %d characters, want %d", len(tk.sig), want)
			}
			t.Logf("%s token: %d bytes (signature %d bytes, %d base64url characters)", m.alg, len(tk.String()), m.params.SignatureSize(), len(tk.sig))
			wantErr(t, "intact token", verifyMLToken(vk, tk.String()), nil)
			sig, _ := b64.DecodeString(tk.sig)
			n := len(sig)
			with := func(s []byte) string { return tk.header + "." + tk.payload + "." + b64.EncodeToString(s) }
			bad := map[string][]byte{
				"truncated by one byte":   sig[:n-1],
				"truncated to half":       sig[:n/2],
				"truncated to 512 bytes":  sig[:512],
				"extended by a zero byte": append(bytes.Clone(sig), 0),
				"doubled":                 append(bytes.Clone(sig), sig...),
				"empty":                   {},
				"all zero":                make([]byte, n),
				"all 0xff":                bytes.Repeat([]byte{0xff}, n),
			}
			for _, pos := range []int{0, 1, 31, 32, n / 2, n - 85, n - 1} {
				for _, bit := range []byte{0x01, 0x80} {
					s := bytes.Clone(sig)
					s[pos] ^= bit
					bad["bit flipped at byte "+itoa(pos)+" mask "+itoa(int(bit))] = s
				}
			}
			for name, s := range bad {
				err := verifyMLToken(vk, with(s))
				wantErr(t, name, err, signing.ErrSignatureInvalid)
			}
			// A character dropped from the encoded signature: either not
			// canonical base64url or one byte short; never valid.
			if verifyMLToken(vk, tk.header+"."+tk.payload+"."+tk.sig[:len(tk.sig)-1]) == nil {
				t.Error("a signature one character short verified")
			}
			// The signing input changed.
			other := b64.EncodeToString([]byte(`{"sub":"someone-else","iat":1767225600}`))
			wantErr(t, "payload changed", verifyMLToken(vk, tk.header+"."+other+"."+tk.sig), signing.ErrSignatureInvalid)
			typ := b64.EncodeToString([]byte(`{"alg":"` + string(m.alg) + `","typ":"jwt"}`))
			wantErr(t, "header changed", verifyMLToken(vk, typ+"."+tk.payload+"."+tk.sig), signing.ErrSignatureInvalid)
			// Another key of the same parameter set.
			if m.alg == signing.MLDSA65 {
				wantErr(t, "another ML-DSA-65 key", verifyMLToken(mustVerifier(t, k.k65b.PublicKey()), tk.String()), signing.ErrSignatureInvalid)
			}
			for _, o := range mlAlgs {
				if o.alg == m.alg {
					continue
				}
				// The header names another parameter set, the signature
				// is this one's: not allowed for this key.
				relabeled := b64.EncodeToString([]byte(`{"alg":"` + string(o.alg) + `","typ":"JWT"}`))
				wantErr(t, "header says "+string(o.alg), verifyMLToken(vk, relabeled+"."+tk.payload+"."+tk.sig), signing.ErrAlgorithmNotAllowed)
				// A key of another parameter set.
				otherKey := mustVerifier(t, mlPriv(o.alg).PublicKey())
				wantErr(t, "key of "+string(o.alg), verifyMLToken(otherKey, tk.String()), signing.ErrAlgorithmNotAllowed)
				// A signature of another parameter set in this token.
				foreign := makeMLToken(t, o.alg, mlPriv(o.alg))
				wantErr(t, "signature of "+string(o.alg), verifyMLToken(vk, tk.header+"."+tk.payload+"."+foreign.sig), signing.ErrSignatureInvalid)
			}
			// Signed with a context: not RFC 9964's signature.
			ctxSig, err := priv.Sign(nil, tk.input(), &mldsa.Options{Context: "jwt"})
			if err != nil {
				t.Fatal(err)
			}
			wantErr(t, "signed with a context", verifyMLToken(vk, with(ctxSig)), signing.ErrSignatureInvalid)
			// HMAC and EC keys refuse the token as not allowed.
			for _, key := range []any{keys().hs64, &keys().p256.PublicKey, keys().ed.Public(), &keys().rsa2048.PublicKey} {
				wantErr(t, keyName(key), verifyMLToken(mustVerifier(t, key), tk.String()), signing.ErrAlgorithmNotAllowed)
			}
		})
	}
}

// TestMLDSA_BadKeysNeverPanic: nil and zero ML-DSA keys, and signers whose
// Public is one, are ErrInvalidKey for verifying and signing; a public key
// cannot sign; a signer that fails or returns a wrong-size signature is
// ErrSigningFailed.
func TestMLDSA_BadKeysNeverPanic(t *testing.T) {
	bad := []struct {
		name string
		key  any
	}{
		{"nil *mldsa.PublicKey", (*mldsa.PublicKey)(nil)},
		{"nil *mldsa.PrivateKey", (*mldsa.PrivateKey)(nil)},
		{"zero *mldsa.PublicKey", &mldsa.PublicKey{}},
		{"zero *mldsa.PrivateKey", &mldsa.PrivateKey{}},
		{"crypto.Signer with a nil *mldsa.PublicKey", funcSigner{pub: func() crypto.PublicKey { return (*mldsa.PublicKey)(nil) }}},
		{"crypto.Signer with a zero *mldsa.PublicKey", funcSigner{pub: func() crypto.PublicKey { return &mldsa.PublicKey{} }}},
		{"crypto.Signer with a *mldsa.PrivateKey as Public", funcSigner{pub: func() crypto.PublicKey { return mlPriv(signing.MLDSA44) }}},
	}
	for _, tc := range bad {
		noPanic(t, tc.name, func() {
			vk, err := signing.NewVerifyingKey(tc.key)
			wantErr(t, tc.name+": NewVerifyingKey", err, signing.ErrInvalidKey)
			if vk != nil {
				t.Errorf("%s: a VerifyingKey came back with the error", tc.name)
			}
			for _, m := range mlAlgs {
				sk, err := signing.NewSigningKey(m.alg, tc.key)
				wantErr(t, tc.name+": NewSigningKey "+string(m.alg), err, signing.ErrInvalidKey)
				if sk != nil {
					t.Errorf("%s: a SigningKey came back with the error", tc.name)
				}
			}
			_, _, _, err = signing.MLDSAKeyBytes(tc.key)
			wantErr(t, tc.name+": MLDSAKeyBytes", err, signing.ErrInvalidKey)
		})
	}
	for _, m := range mlAlgs {
		_, err := signing.NewSigningKey(m.alg, mlPriv(m.alg).PublicKey())
		wantErr(t, "public key signing "+string(m.alg), err, signing.ErrInvalidKey)
		if err == nil || !strings.Contains(err.Error(), "public key") {
			t.Errorf("public key signing: %v", err)
		}
		inner := mlPriv(m.alg)
		size := m.params.SignatureSize()
		for _, n := range []int{0, 1, size - 1, size + 1, 4627 + 1} {
			sk, err := signing.NewSigningKey(m.alg, fixedSigner(inner, make([]byte, n)))
			if err != nil {
				t.Fatal(err)
			}
			noPanic(t, "AppendSign", func() {
				_, err := sk.AppendSign(nil, []byte("x"))
				wantErr(t, string(m.alg)+" signer returning "+itoa(n)+" bytes", err, signing.ErrSigningFailed)
			})
		}
		failing := funcSigner{pub: inner.Public, sign: func(io.Reader, []byte, crypto.SignerOpts) ([]byte, error) {
			return nil, errors.New("HSM offline")
		}}
		sk, err := signing.NewSigningKey(m.alg, failing)
		if err != nil {
			t.Fatal(err)
		}
		_, err = sk.AppendSign(nil, []byte("x"))
		wantErr(t, "failing signer", err, signing.ErrSigningFailed)
	}
}

// TestMLDSA_KeyHelpers_AKP: NewMLDSAPublicKey, NewMLDSAPrivateKey and
// MLDSAKeyBytes, what an RFC 9964 AKP JWK ("pub", and "priv" the 32-byte
// seed) is read into and written from, round-trip and refuse bad input.
func TestMLDSA_KeyHelpers_AKP(t *testing.T) {
	seed := bytes.Repeat([]byte{0x42}, 32)
	for _, m := range mlAlgs {
		priv, err := signing.NewMLDSAPrivateKey(m.alg, seed)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := mldsa.NewPrivateKey(m.params, seed)
		if !want.Equal(priv.(*mldsa.PrivateKey)) {
			t.Fatalf("%s: NewMLDSAPrivateKey is not mldsa.NewPrivateKey", m.alg)
		}
		alg, pub, gotSeed, err := signing.MLDSAKeyBytes(priv)
		if err != nil || alg != m.alg || !bytes.Equal(gotSeed, seed) || len(pub) != m.params.PublicKeySize() {
			t.Fatalf("%s: MLDSAKeyBytes(private) = %s, %d-byte pub, seed %x, %v", m.alg, alg, len(pub), gotSeed, err)
		}
		pk, err := signing.NewMLDSAPublicKey(m.alg, pub)
		if err != nil || !pk.(*mldsa.PublicKey).Equal(want.PublicKey()) {
			t.Fatalf("%s: NewMLDSAPublicKey: %v", m.alg, err)
		}
		alg2, pub2, seed2, err := signing.MLDSAKeyBytes(pk)
		if err != nil || alg2 != m.alg || !bytes.Equal(pub2, pub) || seed2 != nil {
			t.Errorf("%s: MLDSAKeyBytes(public) = %s, %v, seed %x", m.alg, alg2, err, seed2)
		}
		alg3, pub3, seed3, err := signing.MLDSAKeyBytes(&kmsSigner{inner: priv})
		if err != nil || alg3 != m.alg || !bytes.Equal(pub3, pub) || seed3 != nil {
			t.Errorf("%s: MLDSAKeyBytes(crypto.Signer) = %s, %v, seed %x", m.alg, alg3, err, seed3)
		}
		sig := mustSign(t, m.alg, priv, []byte("in"))
		wantErr(t, "verify with the decoded pub", mustVerifier(t, pk).Verify(m.alg, []byte("in"), sig), nil)
		for _, n := range []int{0, 31, 33, 64} {
			_, err := signing.NewMLDSAPrivateKey(m.alg, make([]byte, n))
			wantErr(t, string(m.alg)+" seed of "+itoa(n), err, signing.ErrInvalidKey)
		}
		for _, n := range []int{0, m.params.PublicKeySize() - 1, m.params.PublicKeySize() + 1} {
			_, err := signing.NewMLDSAPublicKey(m.alg, make([]byte, n))
			wantErr(t, string(m.alg)+" pub of "+itoa(n), err, signing.ErrInvalidKey)
		}
		for _, o := range mlAlgs {
			if o.alg != m.alg { // a pub of another parameter set has another size
				_, err := signing.NewMLDSAPublicKey(o.alg, pub)
				wantErr(t, string(m.alg)+" pub read as "+string(o.alg), err, signing.ErrInvalidKey)
			}
		}
	}
	for _, alg := range []signing.Algorithm{"", "ES256", "EdDSA", "ml-dsa-44", "ML-DSA", "HashML-DSA-44", "none"} {
		_, err := signing.NewMLDSAPublicKey(alg, make([]byte, 1312))
		wantErr(t, "NewMLDSAPublicKey("+string(alg)+")", err, signing.ErrAlgorithmNotAllowed)
		_, err = signing.NewMLDSAPrivateKey(alg, seed)
		wantErr(t, "NewMLDSAPrivateKey("+string(alg)+")", err, signing.ErrAlgorithmNotAllowed)
	}
	for _, key := range []any{nil, keys().hs64, keys().p256, &keys().p256.PublicKey, keys().ed, &kmsSigner{inner: keys().rsa2048}} {
		_, _, _, err := signing.MLDSAKeyBytes(key)
		wantErr(t, "MLDSAKeyBytes("+keyName(key)+")", err, signing.ErrInvalidKey)
	}
}

// TestMLDSA_VerifyAllocations reports what one verification allocates
// (crypto/mldsa's own work); Verify itself adds nothing per signature size.
func TestMLDSA_VerifyAllocations(t *testing.T) {
	input := []byte("eyJhbGciOiJNTC1EU0EtNDQifQ.e30")
	for _, m := range mlAlgs {
		priv := mlPriv(m.alg)
		sig := mustSign(t, m.alg, priv, input)
		vk := mustVerifier(t, priv.PublicKey())
		ours := testing.AllocsPerRun(20, func() { _ = vk.Verify(m.alg, input, sig) })
		pub := priv.PublicKey()
		stdOnly := testing.AllocsPerRun(20, func() { _ = mldsa.Verify(pub, input, sig, nil) })
		if ours > stdOnly {
			t.Errorf("%s: Verify allocates %.0f times, crypto/mldsa.Verify %.0f", m.alg, ours, stdOnly)
		}
		t.Logf("%s: Verify allocates %.0f times per call (crypto/mldsa.Verify: %.0f)", m.alg, ours, stdOnly)
	}
}
