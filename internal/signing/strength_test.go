package signing_test

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"math"
	"math/big"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// TestHMACKeyStrength_RFC7518_3_2 checks rule 4 for HMAC: "A key of the
// same size as the hash output (for instance, 256 bits for "HS256") or
// larger MUST be used", both when signing and when verifying.
func TestHMACKeyStrength_RFC7518_3_2(t *testing.T) {
	need := map[signing.Algorithm]int{signing.HS256: 32, signing.HS384: 48, signing.HS512: 64}
	input := []byte("header.payload")
	for _, alg := range []signing.Algorithm{signing.HS256, signing.HS384, signing.HS512} {
		for _, size := range []int{0, 1, 16, 31, 32, 33, 47, 48, 49, 63, 64, 65, 128, 1024} {
			secret := bytes.Repeat([]byte{0x42}, size)
			strong := size >= need[alg]
			t.Run(string(alg)+"/"+itoa(size)+"bytes", func(t *testing.T) {
				sk, err := signing.NewSigningKey(alg, secret)
				if strong {
					wantErr(t, "NewSigningKey", err, nil)
				} else {
					wantErr(t, "NewSigningKey", err, signing.ErrInvalidKey)
					if sk != nil {
						t.Error("NewSigningKey returned a key with its error")
					}
				}
				vk, err := signing.NewVerifyingKey(secret)
				if size < 32 {
					// No HS* algorithm accepts a secret this short.
					wantErr(t, "NewVerifyingKey", err, signing.ErrInvalidKey)
					return
				}
				wantErr(t, "NewVerifyingKey", err, nil)
				// A signature made by the plain hmac package with the same
				// secret: refused only for the key's weakness.
				sig := hmacSum(alg, secret, input)
				if strong {
					wantErr(t, "Check", vk.Check(alg), nil)
					wantErr(t, "Verify", vk.Verify(alg, input, sig), nil)
				} else {
					wantErr(t, "Check", vk.Check(alg), signing.ErrInvalidKey)
					wantErr(t, "Verify", vk.Verify(alg, input, sig), signing.ErrInvalidKey)
				}
			})
		}
	}
}

// TestHMACSecretIsCopied checks that changing the caller's slice after the
// key is made changes nothing.
func TestHMACSecretIsCopied(t *testing.T) {
	secret := bytes.Repeat([]byte{1}, 32)
	sk, err := signing.NewSigningKey(signing.HS256, secret)
	if err != nil {
		t.Fatal(err)
	}
	vk := mustVerifier(t, secret)
	want := hmacSum(signing.HS256, secret, []byte("x"))
	for i := range secret {
		secret[i] = 0
	}
	got, _ := sk.AppendSign(nil, []byte("x"))
	if !bytes.Equal(got, want) {
		t.Error("SigningKey follows changes to the caller's secret")
	}
	wantErr(t, "Verify after the caller zeroed its slice", vk.Verify(signing.HS256, []byte("x"), want), nil)
}

// TestRSAKeyStrength_RFC7518_3_3 checks rule 4 for RSA: "A key of size 2048
// bits or larger MUST be used with these algorithms", both when signing and
// when verifying, and whatever form the key takes.
func TestRSAKeyStrength_RFC7518_3_3(t *testing.T) {
	k := keys()
	n2047 := new(big.Int).Rsh(k.rsa2048.N, 1)
	n2047.SetBit(n2047, 0, 1)
	weak := []struct {
		name string
		key  any
	}{
		{"1024-bit *rsa.PublicKey", &k.rsa1024.PublicKey},
		{"1024-bit *rsa.PrivateKey", k.rsa1024},
		{"1024-bit crypto.Signer", &kmsSigner{inner: k.rsa1024}},
		{"2047-bit *rsa.PublicKey", &rsa.PublicKey{N: n2047, E: 65537}},
	}
	rsAlgs := []signing.Algorithm{signing.RS256, signing.RS384, signing.RS512, signing.PS256, signing.PS384, signing.PS512}
	for _, tc := range weak {
		t.Run(tc.name, func(t *testing.T) {
			_, err := signing.NewVerifyingKey(tc.key)
			wantErr(t, "NewVerifyingKey", err, signing.ErrInvalidKey)
			for _, alg := range rsAlgs {
				_, err := signing.NewSigningKey(alg, tc.key)
				wantErr(t, "NewSigningKey("+string(alg)+")", err, signing.ErrInvalidKey)
			}
		})
	}
	if signing.MinRSABits != 2048 {
		t.Errorf("MinRSABits = %d, want 2048", signing.MinRSABits)
	}
	if k.rsa2048.N.BitLen() != 2048 {
		t.Fatalf("fixture is %d bits", k.rsa2048.N.BitLen())
	}
	for _, alg := range rsAlgs {
		sig := mustSign(t, alg, k.rsa2048, []byte("in"))
		wantErr(t, "2048-bit Verify("+string(alg)+")", mustVerifier(t, &k.rsa2048.PublicKey).Verify(alg, []byte("in"), sig), nil)
	}
}

// TestEd25519KeySize_RFC8037 checks rule 4 for Ed25519: public keys of
// exactly 32 bytes, private keys of exactly 64, on both sides (and never
// the panic of ed25519.Verify on a bad key size).
func TestEd25519KeySize_RFC8037(t *testing.T) {
	pub := keys().ed.Public().(ed25519.PublicKey)
	priv := keys().ed
	cases := []struct {
		name string
		key  any
	}{
		{"public nil", ed25519.PublicKey(nil)},
		{"public 0 bytes", ed25519.PublicKey{}},
		{"public 31 bytes", pub[:31]},
		{"public 33 bytes", append(append(ed25519.PublicKey{}, pub...), 0)},
		{"public 64 bytes", ed25519.PublicKey(priv)},
		{"private nil", ed25519.PrivateKey(nil)},
		{"private 31 bytes", priv[:31]},
		{"private 32 bytes (a seed)", ed25519.PrivateKey(priv.Seed())},
		{"private 33 bytes", priv[:33]},
		{"private 63 bytes", priv[:63]},
		{"private 65 bytes", append(append(ed25519.PrivateKey{}, priv...), 0)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			noPanic(t, "NewVerifyingKey", func() {
				_, err := signing.NewVerifyingKey(tc.key)
				wantErr(t, "NewVerifyingKey", err, signing.ErrInvalidKey)
			})
			for _, alg := range []signing.Algorithm{signing.EdDSA, signing.Ed25519} {
				noPanic(t, "NewSigningKey", func() {
					_, err := signing.NewSigningKey(alg, tc.key)
					wantErr(t, "NewSigningKey("+string(alg)+")", err, signing.ErrInvalidKey)
				})
			}
		})
	}
}

// TestInvalidKeys_ErrInvalidKeyNeverPanic checks rule 4's catch-all: nil,
// empty, wrong-size, incomplete, off-curve, string and unsupported keys,
// and public keys offered for signing, are ErrInvalidKey for every
// algorithm, on both sides, without a panic.
func TestInvalidKeys_ErrInvalidKeyNeverPanic(t *testing.T) {
	k := keys()
	p256 := k.p256.PublicKey
	//lint:ignore SA1019 building a deliberately invalid key (off the curve), which the parsing API refuses to make
	offCurve := &ecdsa.PublicKey{Curve: elliptic.P256(), X: p256.X, Y: new(big.Int).Add(p256.Y, big.NewInt(1))}
	//lint:ignore SA1019 building a deliberately invalid key (X not reduced modulo p), which the parsing API refuses to make
	xBeyondP := &ecdsa.PublicKey{Curve: elliptic.P256(), X: new(big.Int).Add(p256.X, elliptic.P256().Params().P), Y: p256.Y}
	//lint:ignore SA1019 building a deliberately invalid key (negative X), which the parsing API refuses to make
	negX := &ecdsa.PublicKey{Curve: elliptic.P256(), X: new(big.Int).Neg(p256.X), Y: p256.Y}
	//lint:ignore SA1019 building a deliberately invalid key (a P-384 point on P-256), which the parsing API refuses to make
	p384OnP256 := &ecdsa.PublicKey{Curve: elliptic.P256(), X: k.p384.X, Y: k.p384.Y}
	xdh, _ := ecdh.X25519().NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	big0 := new(big.Int)
	rsaPub := k.rsa2048.PublicKey

	cases := []struct {
		name string
		key  any
	}{
		{"nil interface", nil},
		{"[]byte nil", []byte(nil)},
		{"[]byte empty", []byte{}},
		{"[]byte 1 byte", []byte{1}},
		{"[]byte 31 bytes", make([]byte, 31)},
		{"string", "a string secret that is long enough to pass 32+ bytes"},
		{"empty string", ""},
		{"*string", new(string)},
		{"[32]byte array", [32]byte{}},
		{"int", 42},
		{"struct", struct{}{}},
		{"*big.Int", big.NewInt(65537)},
		{"*ecdh.PrivateKey X25519", xdh},
		{"*ecdh.PublicKey X25519", xdh.PublicKey()},
		{"*ecdh.PrivateKey P-256", mustECDH(k.p256)},

		{"*rsa.PublicKey nil", (*rsa.PublicKey)(nil)},
		{"*rsa.PublicKey zero", &rsa.PublicKey{}},
		{"*rsa.PublicKey nil N", &rsa.PublicKey{E: 65537}},
		{"*rsa.PublicKey N=0", &rsa.PublicKey{N: big0, E: 65537}},
		{"*rsa.PublicKey negative N", &rsa.PublicKey{N: new(big.Int).Neg(rsaPub.N), E: 65537}},
		{"*rsa.PublicKey E=0", &rsa.PublicKey{N: rsaPub.N, E: 0}},
		{"*rsa.PublicKey E=1", &rsa.PublicKey{N: rsaPub.N, E: 1}},
		{"*rsa.PublicKey E=2", &rsa.PublicKey{N: rsaPub.N, E: 2}},
		{"*rsa.PublicKey E=-3", &rsa.PublicKey{N: rsaPub.N, E: -3}},
		{"*rsa.PrivateKey nil", (*rsa.PrivateKey)(nil)},
		{"*rsa.PrivateKey zero", &rsa.PrivateKey{}},
		{"*rsa.PrivateKey nil N", &rsa.PrivateKey{PublicKey: rsa.PublicKey{E: 65537}, D: k.rsa2048.D, Primes: k.rsa2048.Primes}},
		{"*rsa.PrivateKey 1024-bit", k.rsa1024},

		{"*ecdsa.PublicKey nil", (*ecdsa.PublicKey)(nil)},
		{"*ecdsa.PublicKey zero", &ecdsa.PublicKey{}},
		//lint:ignore SA1019 building a deliberately invalid key (no curve), which the parsing API refuses to make
		{"*ecdsa.PublicKey nil curve", &ecdsa.PublicKey{X: p256.X, Y: p256.Y}},
		{"*ecdsa.PublicKey nil X and Y", &ecdsa.PublicKey{Curve: elliptic.P256()}},
		//lint:ignore SA1019 building a deliberately invalid key (no X), which the parsing API refuses to make
		{"*ecdsa.PublicKey nil X", &ecdsa.PublicKey{Curve: elliptic.P256(), Y: p256.Y}},
		//lint:ignore SA1019 building a deliberately invalid key (no Y), which the parsing API refuses to make
		{"*ecdsa.PublicKey nil Y", &ecdsa.PublicKey{Curve: elliptic.P256(), X: p256.X}},
		{"*ecdsa.PublicKey off-curve point", offCurve},
		{"*ecdsa.PublicKey X >= p", xBeyondP},
		{"*ecdsa.PublicKey negative X", negX},
		//lint:ignore SA1019 building a deliberately invalid key ((0, 0) is off the curve), which the parsing API refuses to make
		{"*ecdsa.PublicKey point at infinity (0,0)", &ecdsa.PublicKey{Curve: elliptic.P256(), X: big0, Y: big0}},
		{"*ecdsa.PublicKey P-384 point on P-256", p384OnP256},
		{"*ecdsa.PublicKey P-224 (no JWS algorithm)", &k.p224.PublicKey},
		//lint:ignore SA1019 building a deliberately invalid key (a curve crypto/ecdsa does not know), which the parsing API refuses to make
		{"*ecdsa.PublicKey custom CurveParams copy of P-256", &ecdsa.PublicKey{Curve: cloneParams(elliptic.P256()), X: p256.X, Y: p256.Y}},
		{"*ecdsa.PrivateKey nil", (*ecdsa.PrivateKey)(nil)},
		{"*ecdsa.PrivateKey zero", &ecdsa.PrivateKey{}},
		//lint:ignore SA1019 building a deliberately invalid key (no public point), which the parsing API refuses to make
		{"*ecdsa.PrivateKey nil X/Y", &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: elliptic.P256()}, D: k.p256.D}},
		//lint:ignore SA1019 building a deliberately invalid key (public point off the curve), which the parsing API refuses to make
		{"*ecdsa.PrivateKey off-curve point", &ecdsa.PrivateKey{PublicKey: *offCurve, D: k.p256.D}},
		{"*ecdsa.PrivateKey P-224", k.p224},

		{"ed25519.PublicKey nil", ed25519.PublicKey(nil)},
		{"ed25519.PublicKey 31 bytes", make(ed25519.PublicKey, 31)},
		{"ed25519.PublicKey 33 bytes", make(ed25519.PublicKey, 33)},
		{"ed25519.PrivateKey nil", ed25519.PrivateKey(nil)},
		{"ed25519.PrivateKey 31 bytes", make(ed25519.PrivateKey, 31)},
		{"ed25519.PrivateKey 33 bytes", make(ed25519.PrivateKey, 33)},

		{"crypto.Signer with nil Public", funcSigner{pub: func() crypto.PublicKey { return nil }}},
		{"crypto.Signer with string Public", funcSigner{pub: func() crypto.PublicKey { return "key" }}},
		{"crypto.Signer with []byte Public", funcSigner{pub: func() crypto.PublicKey { return k.hs64 }}},
		{"crypto.Signer with X25519 Public", funcSigner{pub: func() crypto.PublicKey { return xdh.PublicKey() }}},
		{"crypto.Signer whose Public panics", funcSigner{pub: func() crypto.PublicKey { panic("broken HSM") }}},
		{"crypto.Signer whose Public is a Signer", funcSigner{pub: func() crypto.PublicKey { return k.rsa2048 }}},
		{"crypto.Signer with a 1024-bit RSA Public", funcSigner{pub: func() crypto.PublicKey { return &k.rsa1024.PublicKey }}},
		{"crypto.Signer with a 31-byte Ed25519 Public", funcSigner{pub: func() crypto.PublicKey { return make(ed25519.PublicKey, 31) }}},
		{"crypto.Signer with an off-curve Public", funcSigner{pub: func() crypto.PublicKey { return offCurve }}},
		{"typed nil *kmsSigner", (*kmsSigner)(nil)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			noPanic(t, "NewVerifyingKey", func() {
				vk, err := signing.NewVerifyingKey(tc.key)
				wantErr(t, "NewVerifyingKey", err, signing.ErrInvalidKey)
				if vk != nil {
					t.Error("NewVerifyingKey returned a key with its error")
				}
			})
			for _, alg := range usable() {
				noPanic(t, "NewSigningKey("+string(alg)+")", func() {
					sk, err := signing.NewSigningKey(alg, tc.key)
					wantErr(t, "NewSigningKey("+string(alg)+")", err, signing.ErrInvalidKey)
					if sk != nil {
						t.Error("NewSigningKey returned a key with its error")
					}
				})
			}
		})
	}
}

// TestPublicKeyCannotSign_ErrInvalidKey checks rule 10: a public key offered
// for signing is ErrInvalidKey up front, for each algorithm of its family.
func TestPublicKeyCannotSign_ErrInvalidKey(t *testing.T) {
	k := keys()
	cases := []struct {
		key  any
		algs []signing.Algorithm
	}{
		{&k.rsa2048.PublicKey, []signing.Algorithm{signing.RS256, signing.RS384, signing.RS512, signing.PS256, signing.PS384, signing.PS512}},
		{&k.p256.PublicKey, []signing.Algorithm{signing.ES256}},
		{&k.p384.PublicKey, []signing.Algorithm{signing.ES384}},
		{&k.p521.PublicKey, []signing.Algorithm{signing.ES512}},
		{k.ed.Public(), []signing.Algorithm{signing.EdDSA, signing.Ed25519}},
	}
	for _, tc := range cases {
		for _, alg := range tc.algs {
			_, err := signing.NewSigningKey(alg, tc.key)
			wantErr(t, keyName(tc.key)+" signing "+string(alg), err, signing.ErrInvalidKey)
		}
	}
}

// TestPrivateKeysVerify checks rule 4's last sentence: private keys are
// accepted for verifying, and verify what they sign.
func TestPrivateKeysVerify(t *testing.T) {
	for _, alg := range usable() {
		key := signingKeyFor(alg)
		sig := mustSign(t, alg, key, []byte("in"))
		wantErr(t, string(alg), mustVerifier(t, key).Verify(alg, []byte("in"), sig), nil)
	}
}

// TestBrokenButAcceptedKeys_NeverPanic feeds keys that pass the size checks
// but are mathematically broken (even modulus, huge exponent, private parts
// that do not match the public ones): every operation returns an error or
// a signature that does not verify, never a panic.
func TestBrokenButAcceptedKeys_NeverPanic(t *testing.T) {
	k := keys()
	input := []byte("header.payload")
	evenN := new(big.Int).SetBit(new(big.Int).Set(k.rsa2048.N), 0, 0)
	verifyCases := []struct {
		name string
		key  any
		alg  signing.Algorithm
	}{
		{"RSA even modulus", &rsa.PublicKey{N: evenN, E: 65537}, signing.RS256},
		{"RSA even modulus PSS", &rsa.PublicKey{N: evenN, E: 65537}, signing.PS256},
		{"RSA huge exponent", &rsa.PublicKey{N: k.rsa2048.N, E: math.MaxInt}, signing.RS256}, // past 2^31-1 where int has 64 bits
		{"RSA e=3", &rsa.PublicKey{N: k.rsa2048.N, E: 3}, signing.RS512},
		{"Ed25519 all-zero public key", make(ed25519.PublicKey, 32), signing.EdDSA},
		{"Ed25519 all-ones public key", ed25519.PublicKey(bytes.Repeat([]byte{0xff}, 32)), signing.EdDSA},
	}
	for _, tc := range verifyCases {
		t.Run("verify/"+tc.name, func(t *testing.T) {
			noPanic(t, "Verify", func() {
				vk, err := signing.NewVerifyingKey(tc.key)
				if err != nil {
					wantErr(t, "NewVerifyingKey", err, signing.ErrInvalidKey)
					return
				}
				sig := mustSign(t, tc.alg, signingKeyFor(tc.alg), input)
				for _, s := range [][]byte{sig, nil, make([]byte, len(sig)), bytes.Repeat([]byte{0xff}, len(sig))} {
					wantErr(t, "Verify", vk.Verify(tc.alg, input, s), signing.ErrSignatureInvalid)
				}
			})
		})
	}

	mismatchedEd := append(append(ed25519.PrivateKey{}, k.ed.Seed()...), k.ed2.Public().(ed25519.PublicKey)...)
	//lint:ignore SA1019 building a deliberately invalid key (D that does not match the point), which the parsing API refuses to make
	otherD := &ecdsa.PrivateKey{PublicKey: k.p256.PublicKey, D: new(big.Int).Add(k.p256.D, big.NewInt(1))}
	//lint:ignore SA1019 building a deliberately invalid key (D = 0), which the parsing API refuses to make
	zeroD := &ecdsa.PrivateKey{PublicKey: k.p256.PublicKey, D: new(big.Int)}
	noPrimes := &rsa.PrivateKey{PublicKey: k.rsa2048.PublicKey, D: k.rsa2048.D}
	wrongD := &rsa.PrivateKey{PublicKey: k.rsa2048.PublicKey, D: big.NewInt(12345), Primes: k.rsa2048.Primes}
	signCases := []struct {
		name string
		key  any
		alg  signing.Algorithm
	}{
		{"Ed25519 private key whose public half is another key's", mismatchedEd, signing.EdDSA},
		{"ECDSA D that does not match the point", otherD, signing.ES256},
		{"ECDSA D = 0", zeroD, signing.ES256},
		{"RSA private key without primes", noPrimes, signing.RS256},
		{"RSA private key without primes (PSS)", noPrimes, signing.PS256},
		{"RSA private key with a wrong D", wrongD, signing.RS256},
	}
	for _, tc := range signCases {
		t.Run("sign/"+tc.name, func(t *testing.T) {
			noPanic(t, "sign", func() {
				sk, err := signing.NewSigningKey(tc.alg, tc.key)
				if err != nil {
					wantErr(t, "NewSigningKey", err, signing.ErrInvalidKey)
					return
				}
				sig, err := sk.AppendSign(nil, input)
				if err != nil {
					t.Logf("AppendSign refused: %v", err)
					return
				}
				// Not checked up front (it would cost a scalar multiplication
				// per one-shot Sign): such a key signs, and its tokens fail
				// verification under its public key, which is what it claims.
				vk := mustVerifier(t, publicOfKey(tc.key))
				t.Logf("signed; verifies under the key's public part: %v", vk.Verify(tc.alg, input, sig) == nil)
			})
		})
	}
}

func publicOfKey(key any) crypto.PublicKey { return key.(crypto.Signer).Public() }

func mustECDH(k *ecdsa.PrivateKey) *ecdh.PrivateKey {
	e, err := k.ECDH()
	if err != nil {
		panic(err)
	}
	return e
}

// cloneParams returns a *elliptic.CurveParams equal to c's parameters but
// not c itself: a curve implementation the package does not know.
func cloneParams(c elliptic.Curve) elliptic.Curve {
	p := *c.Params()
	return &p
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// TestZeroValueKeys_ErrInvalidKey checks that a nil or zero SigningKey or
// VerifyingKey (not made by its constructor) reports ErrInvalidKey instead
// of panicking, and has no algorithm and no size.
func TestZeroValueKeys_ErrInvalidKey(t *testing.T) {
	for name, sk := range map[string]*signing.SigningKey{"nil": nil, "zero": {}} {
		noPanic(t, name+" SigningKey", func() {
			_, err := sk.AppendSign(nil, []byte("x"))
			wantErr(t, name+" SigningKey.AppendSign", err, signing.ErrInvalidKey)
			if alg, size := sk.Algorithm(), sk.Size(); alg != "" || size != 0 {
				t.Errorf("%s SigningKey: Algorithm %q, Size %d, want none and 0", name, alg, size)
			}
		})
	}
	for name, vk := range map[string]*signing.VerifyingKey{"nil": nil, "zero": {}} {
		noPanic(t, name+" VerifyingKey", func() {
			wantErr(t, name+" VerifyingKey.Check", vk.Check(signing.HS256), signing.ErrInvalidKey)
			wantErr(t, name+" VerifyingKey.Verify", vk.Verify(signing.HS256, []byte("x"), make([]byte, 32)), signing.ErrInvalidKey)
			if algs := vk.Algorithms(); len(algs) != 0 {
				t.Errorf("%s VerifyingKey.Algorithms() = %v", name, algs)
			}
		})
	}
}
