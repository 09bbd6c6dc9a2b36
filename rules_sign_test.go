package jwt_test

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"encoding/asn1"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/corpus"
)

// rtRawMarshal is a claims value whose MarshalJSON returns fixed bytes.
type rtRawMarshal string

func (r rtRawMarshal) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// rtCopyEncoder is an Encoder that copies a rtRawMarshal through unchecked,
// as some codecs do with MarshalJSON output.
type rtCopyEncoder struct{}

func (rtCopyEncoder) Marshal(v any) ([]byte, error) {
	if r, ok := v.(rtRawMarshal); ok {
		return []byte(r), nil
	}
	return json.Marshal(v)
}
func (rtCopyEncoder) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// TestSignChecksTheEncodersOutputWithTheStrictPass_Rule10: what Marshal
// returns is never signed unchecked.
func TestSignChecksTheEncodersOutputWithTheStrictPass_Rule10(t *testing.T) {
	outputs := []struct{ name, json string }{
		{"exp of the wrong type", `{"a":1,"exp":"x"}`},
		{"injected member", `1,"exp":99999999999`},
		{"injected member after an object", `{"a":1},"exp":99999999999`},
		{"duplicate names", `{"a":1,"a":2}`},
		{"duplicate exp", `{"exp":1,"exp":99999999999}`},
		{"look-alike name", `{"Exp":1}`},
		{"array", `[1]`},
		{"string", `"claims"`},
		{"null", `null`},
		{"invalid UTF-8", "{\"a\":\"\xff\"}"},
		{"lone surrogate", `{"a":"\ud800"}`},
		{"trailing data", `{"a":1}{"b":2}`},
		{"aud of numbers", `{"aud":[1,2]}`},
		{"exp out of range", `{"exp":1e300}`},
		{"empty", ``},
	}
	for _, enc := range []struct {
		name string
		enc  jwt.Encoder
	}{{"StdEncoder", jwt.StdEncoder{}}, {"copying encoder", rtCopyEncoder{}}} {
		for _, o := range outputs {
			t.Run(enc.name+"/"+o.name, func(t *testing.T) {
				tok, err := jwt.Sign(jwt.HS256, rtRawMarshal(o.json), rtSecret, jwt.WithEncoder(enc.enc))
				if err == nil {
					t.Fatalf("signed %q as %s", o.json, tok)
				}
				if !errors.Is(err, jwt.ErrEncoding) {
					t.Errorf("got %v, want ErrEncoding", err)
				}
			})
		}
	}
	// A valid custom MarshalJSON is signed as is.
	tok, err := jwt.Sign(jwt.HS256, rtRawMarshal(`{"sub":"a","exp":4102444800}`), rtSecret, jwt.WithEncoder(rtCopyEncoder{}))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := jwt.Parse(tok, rtSecret); err != nil || got.Claims.(map[string]any)["sub"] != "a" {
		t.Errorf("round trip: %v, %v", got, err)
	}
}

// rtFakeSigner is a crypto.Signer for ES256 that returns a fixed DER
// signature, to see how the library encodes small R and S.
type rtFakeSigner struct {
	pub  *ecdsa.PublicKey
	r, s *big.Int
}

func (f rtFakeSigner) Public() crypto.PublicKey { return f.pub }
func (f rtFakeSigner) Sign(io.Reader, []byte, crypto.SignerOpts) ([]byte, error) {
	return asn1.Marshal(struct{ R, S *big.Int }{f.r, f.s})
}

// rtFailingSigner is a crypto.Signer whose device fails.
type rtFailingSigner struct{ pub crypto.PublicKey }

func (f rtFailingSigner) Public() crypto.PublicKey { return f.pub }
func (f rtFailingSigner) Sign(io.Reader, []byte, crypto.SignerOpts) ([]byte, error) {
	return nil, errors.New("HSM unavailable")
}

// TestNewSignerRefusesKeysThatDoNotFit_Rule10: a public key, another family
// or curve, or a weak key → ErrInvalidKey, up front.
func TestNewSignerRefusesKeysThatDoNotFit_Rule10(t *testing.T) {
	k := corpus.Keys()
	tests := []struct {
		name string
		alg  jwt.Algorithm
		key  any
		want error
	}{
		{"RSA public key", jwt.RS256, &k.RSA.PublicKey, jwt.ErrInvalidKey},
		{"ECDSA public key", jwt.ES256, &k.P256.PublicKey, jwt.ErrInvalidKey},
		{"Ed25519 public key", jwt.EdDSA, k.Ed25519.Public(), jwt.ErrInvalidKey},
		{"RSA key for HS256", jwt.HS256, k.RSA, jwt.ErrInvalidKey},
		{"secret for RS256", jwt.RS256, k.HS512, jwt.ErrInvalidKey},
		{"ECDSA key for RS256", jwt.RS256, k.P256, jwt.ErrInvalidKey},
		{"RSA key for ES256", jwt.ES256, k.RSA, jwt.ErrInvalidKey},
		{"P-384 key for ES256", jwt.ES256, k.P384, jwt.ErrInvalidKey},
		{"P-256 key for ES512", jwt.ES512, k.P256, jwt.ErrInvalidKey},
		{"Ed25519 key for ES256", jwt.ES256, k.Ed25519, jwt.ErrInvalidKey},
		{"RSA key for EdDSA", jwt.EdDSA, k.RSA, jwt.ErrInvalidKey},
		{"P-224 key for ES256", jwt.ES256, k.P224, jwt.ErrInvalidKey},
		{"1024-bit RSA", jwt.RS256, k.RSAWeak, jwt.ErrInvalidKey},
		{"31-byte secret", jwt.HS256, k.HS256[:31], jwt.ErrInvalidKey},
		{"32-byte secret for HS512", jwt.HS512, k.HS256, jwt.ErrInvalidKey},
		{"string secret", jwt.HS256, string(k.HS256), jwt.ErrInvalidKey},
		{"nil key", jwt.HS256, nil, jwt.ErrInvalidKey},
		{"crypto.Signer of another curve", jwt.ES256, rtOpaqueSigner{k.P384}, jwt.ErrInvalidKey},
		{"crypto.Signer of another family", jwt.RS256, rtOpaqueSigner{k.Ed25519}, jwt.ErrInvalidKey},
		{"none", "none", k.HS256, jwt.ErrAlgorithmNotAllowed},
		{"unknown", "HS1024", k.HS256, jwt.ErrAlgorithmNotAllowed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := jwt.NewSigner(tc.alg, tc.key)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if s != nil {
				t.Error("a refused key returned a Signer")
			}
		})
	}
}

// TestSignedTokensAreCanonicalAndVerify_Rule10: for every algorithm, the
// header is exactly {"alg":…,"typ":"JWT"} (+"kid"), every segment is
// canonical unpadded base64url, ES* signatures are R||S of exact size, and
// the token verifies.
func TestSignedTokensAreCanonicalAndVerify_Rule10(t *testing.T) {
	k := corpus.Keys()
	verifyKeys := map[jwt.Algorithm]any{
		jwt.HS256: k.HS512, jwt.HS384: k.HS512, jwt.HS512: k.HS512,
		jwt.ES256: &k.P256.PublicKey, jwt.ES384: &k.P384.PublicKey, jwt.ES512: &k.P521.PublicKey,
		jwt.EdDSA: k.Ed25519.Public(), jwt.Ed25519: k.Ed25519.Public(),
	}
	sigSize := map[jwt.Algorithm]int{jwt.HS256: 32, jwt.HS384: 48, jwt.HS512: 64, jwt.ES256: 64, jwt.ES384: 96, jwt.ES512: 132, jwt.EdDSA: 64, jwt.Ed25519: 64}
	strict := base64.RawURLEncoding.Strict()
	for _, ak := range rtAlgKeys() {
		for _, kid := range []string{"", "key-1"} {
			t.Run(string(ak.alg)+"/kid="+kid, func(t *testing.T) {
				var opts []jwt.Option
				wantHeader := `{"alg":"` + string(ak.alg) + `","typ":"JWT"}`
				if kid != "" {
					opts = append(opts, jwt.WithKeyID(kid))
					wantHeader = `{"alg":"` + string(ak.alg) + `","kid":"` + kid + `","typ":"JWT"}`
				}
				claims := map[string]any{"sub": "a", "n": 1.5, "aud": []string{"x", "y"}}
				tok, err := jwt.Sign(ak.alg, claims, ak.sign, opts...)
				if err != nil {
					t.Fatal(err)
				}
				segs := strings.Split(tok, ".")
				if len(segs) != 3 {
					t.Fatalf("%d segments", len(segs))
				}
				var raw [3][]byte
				for i, seg := range segs {
					if strings.Trim(seg, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
						t.Fatalf("segment %d has bytes outside base64url: %q", i, seg)
					}
					b, err := strict.DecodeString(seg)
					if err != nil || base64.RawURLEncoding.EncodeToString(b) != seg {
						t.Fatalf("segment %d is not canonical: %v", i, err)
					}
					raw[i] = b
				}
				if string(raw[0]) != wantHeader {
					t.Errorf("header %s, want %s", raw[0], wantHeader)
				}
				if !bytes.Equal(raw[1], []byte(`{"aud":["x","y"],"n":1.5,"sub":"a"}`)) {
					t.Errorf("payload %s", raw[1])
				}
				if n, ok := sigSize[ak.alg]; ok && len(raw[2]) != n {
					t.Errorf("signature of %d bytes, want %d", len(raw[2]), n)
				}
				key, ok := verifyKeys[ak.alg]
				if !ok {
					key = &k.RSA.PublicKey
				}
				if _, err := jwt.Parse(tok, key); err != nil {
					t.Errorf("Parse: %v", err)
				}
			})
		}
	}
}

// TestECDSASignaturesAreLeftPaddedRawRAndS_RFC7518_3_4: a crypto.Signer's
// DER signature with small R and S becomes R||S, each left-padded with
// zeros to the curve size.
func TestECDSASignaturesAreLeftPaddedRawRAndS_RFC7518_3_4(t *testing.T) {
	k := corpus.Keys()
	tests := []struct {
		name string
		pub  *ecdsa.PublicKey
		alg  jwt.Algorithm
		size int
	}{{"P-256", &k.P256.PublicKey, jwt.ES256, 32}, {"P-384", &k.P384.PublicKey, jwt.ES384, 48}, {"P-521", &k.P521.PublicKey, jwt.ES512, 66}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, s := big.NewInt(0x0102), big.NewInt(0x03)
			tok, err := jwt.Sign(tc.alg, map[string]any{}, rtFakeSigner{tc.pub, r, s})
			if err != nil {
				t.Fatal(err)
			}
			sig, err := base64.RawURLEncoding.DecodeString(tok[strings.LastIndexByte(tok, '.')+1:])
			if err != nil {
				t.Fatal(err)
			}
			want := make([]byte, 2*tc.size)
			want[tc.size-2], want[tc.size-1], want[2*tc.size-1] = 1, 2, 3
			if !bytes.Equal(sig, want) {
				t.Errorf("signature %x, want %x", sig, want)
			}
		})
	}
	// A signer returning an R wider than the curve is an error, not a token.
	wide := new(big.Int).Lsh(big.NewInt(1), 300)
	for name, f := range map[string]rtFakeSigner{
		"R of 301 bits": {&k.P256.PublicKey, wide, big.NewInt(1)},
		"R zero":        {&k.P256.PublicKey, big.NewInt(0), big.NewInt(1)},
		"S negative":    {&k.P256.PublicKey, big.NewInt(1), big.NewInt(-1)},
	} {
		if tok, err := jwt.Sign(jwt.ES256, map[string]any{}, f); !errors.Is(err, jwt.ErrSigningFailed) {
			t.Errorf("signer returning %s: got %q, %v; want ErrSigningFailed", name, tok, err)
		}
	}
	if _, err := jwt.Sign(jwt.ES256, map[string]any{}, rtFailingSigner{&k.P256.PublicKey}); !errors.Is(err, jwt.ErrSigningFailed) {
		t.Errorf("failing signer: got %v, want ErrSigningFailed", err)
	}
	// Real signatures: always exactly 64 bytes, and they verify.
	signer, err := jwt.NewSigner(jwt.ES256, k.P256)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 64; i++ {
		tok, err := signer.Sign(map[string]any{"i": i})
		if err != nil {
			t.Fatal(err)
		}
		sig, _ := base64.RawURLEncoding.DecodeString(tok[strings.LastIndexByte(tok, '.')+1:])
		if len(sig) != 64 {
			t.Fatalf("signature %d has %d bytes", i, len(sig))
		}
		if _, err := jwt.Parse(tok, &k.P256.PublicKey); err != nil {
			t.Fatalf("token %d: %v", i, err)
		}
	}
}

// TestSignerAndVerifierAreSafeForConcurrentUse runs both from many
// goroutines (meaningful under -race).
func TestSignerAndVerifierAreSafeForConcurrentUse(t *testing.T) {
	k := corpus.Keys()
	for _, c := range []struct {
		alg       jwt.Algorithm
		sign, ver any
	}{{jwt.HS256, rtSecret, rtSecret}, {jwt.ES256, k.P256, &k.P256.PublicKey}, {jwt.EdDSA, k.Ed25519, k.Ed25519.Public()}} {
		s, err := jwt.NewSigner(c.alg, c.sign)
		if err != nil {
			t.Fatal(err)
		}
		v, err := jwt.NewVerifier(c.ver)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for g := 0; g < 8; g++ {
			wg.Add(1)
			go func(g int) {
				defer wg.Done()
				for i := 0; i < 20; i++ {
					tok, err := s.Sign(map[string]any{"g": g, "i": i})
					if err != nil {
						t.Error(err)
						return
					}
					var got struct{ G, I int }
					if _, err := v.ParseWithClaims(tok, &got); err != nil || got.G != g || got.I != i {
						t.Errorf("%s: %v %+v", c.alg, err, got)
						return
					}
				}
			}(g)
		}
		wg.Wait()
	}
}

// rtCountingEncoder counts its calls.
type rtCountingEncoder struct{ marshal, unmarshal atomic.Int64 }

func (e *rtCountingEncoder) Marshal(v any) ([]byte, error) {
	e.marshal.Add(1)
	return json.Marshal(v)
}
func (e *rtCountingEncoder) Unmarshal(data []byte, v any) error {
	e.unmarshal.Add(1)
	return json.Unmarshal(data, v)
}

// TestWithEncoderDecodesAndNilIsRefused: the Encoder WithEncoder names
// decodes a Verifier's claims, and Parse's; a nil one is ErrInvalidOption.
func TestWithEncoderDecodesAndNilIsRefused(t *testing.T) {
	tok := rtSign(t, map[string]any{"sub": "a"})
	counting := &rtCountingEncoder{}
	v, err := jwt.NewVerifier(rtSecret, jwt.WithEncoder(counting))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Parse(tok); err != nil || counting.unmarshal.Load() != 1 {
		t.Errorf("Verifier with WithEncoder: %v, %d decodes", err, counting.unmarshal.Load())
	}
	if _, err := jwt.Parse(tok, rtSecret, jwt.WithEncoder(counting)); err != nil || counting.unmarshal.Load() != 2 {
		t.Errorf("Parse with WithEncoder: %v, %d decodes", err, counting.unmarshal.Load())
	}
	if _, err := jwt.NewVerifier(rtSecret, jwt.WithEncoder(nil)); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("WithEncoder(nil): got %v, want ErrInvalidOption", err)
	}
}

// TestSignedRegisteredClaimsRoundTrip: claims.Registered, NumericDate and
// Audience survive Sign and ParseWithClaims.
func TestSignedRegisteredClaimsRoundTrip(t *testing.T) {
	type access struct {
		claims.Registered
		Roles []string `json:"roles"`
	}
	in := access{Registered: claims.Registered{
		Issuer: "iss", Subject: "sub", Audience: claims.Audience{"a", "b"}, ID: "id",
		ExpiresAt: claims.NewNumericDate(rtNow().Add(1e9 * 3600)), NotBefore: claims.NewNumericDate(rtNow()),
		IssuedAt: &claims.NumericDate{Time: rtNow().Add(500_000_000)},
	}, Roles: []string{"r"}}
	tok := rtSign(t, in)
	out, _, err := jwt.ParseAs[access](tok, rtSecret, rtClock(rtNow()), jwt.WithAudience("b"), jwt.WithIssuer("iss"), jwt.WithSubject("sub"))
	if err != nil {
		t.Fatal(err)
	}
	if d := rtSameRegistered(out.Registered, in.Registered); d != "" || len(out.Roles) != 1 {
		t.Errorf("round trip: %s %+v", d, out)
	}
}

// TestSignRefusesBadRegisteredClaimsFromEveryClaimsType_Rule10: claims
// values the default encoder writes itself are checked like any encoder's
// output: registered claims of the wrong type or range, and look-alike
// names, are refused before signing; nested members are not claims.
func TestSignRefusesBadRegisteredClaimsFromEveryClaimsType_Rule10(t *testing.T) {
	type stringExp struct {
		Exp string `json:"exp"`
	}
	type floatExp struct {
		Exp float64 `json:"exp"`
	}
	type lookAlike struct {
		claims.Registered
		Expiry int64 `json:"EXP"`
	}
	type numberSub struct {
		Sub int `json:"sub"`
	}
	type audInts struct {
		Aud []int `json:"aud"`
	}
	farFuture := claims.NewNumericDate(time.Unix(1<<62+1<<12, 0))
	refused := map[string]any{
		"struct exp string":           stringExp{Exp: "tomorrow"},
		"struct exp beyond 2^62":      &floatExp{Exp: 5e18},
		"struct exp huge":             floatExp{Exp: 1e300},
		"struct look-alike EXP":       lookAlike{Expiry: 1},
		"struct sub number":           numberSub{Sub: 7},
		"struct aud numbers":          audInts{Aud: []int{1}},
		"NumericDate beyond 2^62":     claims.Registered{ExpiresAt: farFuture},
		"map exp string":              map[string]any{"exp": "x"},
		"map look-alike Exp":          map[string]any{"Exp": 1.0},
		"map look-alike long s":       map[string]any{"\u017fub": "a"},
		"map aud numbers":             map[string]any{"aud": []any{1.0}},
		"map iss null":                map[string]any{"iss": nil},
		"map of strings, nbf text":    map[string]string{"nbf": "now"},
		"keys that collide as U+FFFD": map[string]any{"\xff": 1.0, "\xfe": 2.0},
	}
	for name, v := range refused {
		t.Run("refused/"+name, func(t *testing.T) {
			if tok, err := jwt.Sign(jwt.HS256, v, rtSecret); err == nil {
				t.Fatalf("signed %#v as %s", v, tok)
			} else if !errors.Is(err, jwt.ErrEncoding) {
				t.Errorf("got %v, want ErrEncoding", err)
			}
		})
	}
	accepted := map[string]any{
		"nested exp string":   map[string]any{"x": map[string]any{"exp": "x"}},
		"struct float exp":    floatExp{Exp: 1700000000.5},
		"map of strings":      map[string]string{"iss": "me"},
		"registered, all set": claims.Registered{Issuer: "me", Audience: claims.Audience{"a", "b"}, ExpiresAt: claims.NewNumericDate(time.Unix(4102444800, 0))},
	}
	for name, v := range accepted {
		t.Run("accepted/"+name, func(t *testing.T) {
			tok, err := jwt.Sign(jwt.HS256, v, rtSecret)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(v)
			if _, payload, _ := strings.Cut(tok, "."); !strings.HasPrefix(payload, base64.RawURLEncoding.EncodeToString(want)+".") {
				t.Errorf("payload is not json.Marshal's %s", want)
			}
		})
	}
}
