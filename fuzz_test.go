package jwt_test

import (
	"crypto/ed25519"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/signing"
)

// The fuzz targets check the parser's contract on arbitrary input: it never
// panics, every error matches a sentinel, and every path (one-shot Parse,
// a reused Verifier with its header cache, map and struct claims) reaches
// the same verdict on the same bytes.

// fzNow is the fixed clock of the fuzz targets.
func fzNow() time.Time { return time.Unix(1_700_000_000, 0) }

// fzSecret is the HMAC secret of the fuzz targets (64 bytes: fits HS512).
var fzSecret = []byte("fuzz-secret-fuzz-secret-fuzz-secret-fuzz-secret-fuzz-secret-0001")

// fzKeys holds one key per family, all deterministic.
type fzKeys struct {
	rsa     any // *rsa.PrivateKey (RFC 7515 A.2)
	rsaPub  any
	ec256   any // *ecdsa.PrivateKey (RFC 7515 A.3)
	ec256P  any
	ec521   any // *ecdsa.PrivateKey (RFC 7515 A.4)
	ec521P  any
	ed      ed25519.PrivateKey
	rsaSPKI []byte // the RSA public key as DER, for key-confusion seeds
}

func newFzKeys(t testing.TB) *fzKeys {
	rsaKey := vecRSAPrivate(t, rfcA2N, rfcA2E, rfcA2D, rfcA2P, rfcA2Q)
	spki, err := x509.MarshalPKIXPublicKey(&rsaKey.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	ec256 := vecECPrivate(t, "P-256", rfcA3X, rfcA3Y, rfcA3D)
	ec521 := vecECPrivate(t, "P-521", rfcA4X, rfcA4Y, rfcA4D)
	ed := ed25519.NewKeyFromSeed([]byte("fuzz-ed25519-seed-32-bytes-long!"))
	return &fzKeys{
		rsa: rsaKey, rsaPub: &rsaKey.PublicKey,
		ec256: ec256, ec256P: &ec256.PublicKey,
		ec521: ec521, ec521P: &ec521.PublicKey,
		ed: ed, rsaSPKI: spki,
	}
}

// keyFunc picks the verification key from the (unauthenticated) "alg",
// so that every algorithm is reachable from one fuzz input.
func (k *fzKeys) keyFunc() jwt.KeyFunc {
	return func(h *jwt.Header) (any, error) {
		switch a := h.Algorithm; {
		case strings.HasPrefix(a, "HS"):
			return fzSecret, nil
		case strings.HasPrefix(a, "RS"), strings.HasPrefix(a, "PS"):
			return k.rsaPub, nil
		case a == "ES256":
			return k.ec256P, nil
		case a == "ES512":
			return k.ec521P, nil
		case a == "EdDSA", a == "Ed25519":
			return k.ed.Public(), nil
		}
		return nil, errors.New("no key for this alg")
	}
}

// fzRaw signs an arbitrary header and claims JSON with the signing layer,
// bypassing the Signer's checks, as an attacker holding a key could.
func fzRaw(t testing.TB, alg jwt.Algorithm, key any, header, payload string) string {
	t.Helper()
	enc := base64.RawURLEncoding
	input := enc.EncodeToString([]byte(header)) + "." + enc.EncodeToString([]byte(payload))
	sk, err := signing.NewSigningKey(signing.Algorithm(alg), key)
	if err != nil {
		t.Fatalf("NewSigningKey(%s): %v", alg, err)
	}
	sig, err := sk.AppendSign(nil, []byte(input))
	if err != nil {
		t.Fatal(err)
	}
	return input + "." + enc.EncodeToString(sig)
}

// fzClaims are ordinary claims, valid at fzNow.
const fzClaims = `{"iss":"https://issuer.example","sub":"user-1","aud":["api","web"],"exp":1700003600,"nbf":1699999000,"iat":1699999000,"jti":"id-1","name":"Zoë","roles":["a","b"],"admin":false}`

// fzSeedTokens returns valid tokens for several algorithms and attack
// shapes built from the core rules.
func fzSeedTokens(t testing.TB, k *fzKeys) []string {
	hs := func(header, payload string) string { return fzRaw(t, jwt.HS256, fzSecret, header, payload) }
	var seeds []string
	for _, s := range []struct {
		alg jwt.Algorithm
		key any
	}{
		{jwt.HS256, fzSecret}, {jwt.HS384, fzSecret}, {jwt.HS512, fzSecret},
		{jwt.RS256, k.rsa}, {jwt.PS256, k.rsa}, {jwt.ES256, k.ec256}, {jwt.ES512, k.ec521},
		{jwt.EdDSA, k.ed}, {jwt.Ed25519, k.ed},
	} {
		seeds = append(seeds, fzRaw(t, s.alg, s.key, `{"alg":"`+string(s.alg)+`","typ":"JWT"}`, fzClaims))
	}
	valid := seeds[0]
	parts := strings.Split(valid, ".")
	noneHdr := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none"}`))
	seeds = append(seeds,
		// "none" and its letter cases, with and without a signature.
		noneHdr+"."+parts[1]+".",
		noneHdr+"."+parts[1]+"."+parts[2],
		base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"NoNe"}`))+"."+parts[1]+".",
		// Key confusion: HS256 keyed with the RSA public key's bytes.
		fzRaw(t, jwt.HS256, k.rsaSPKI, `{"alg":"HS256"}`, fzClaims),
		// A lower-case alg, an unknown alg, a non-string alg.
		hs(`{"alg":"hs256"}`, fzClaims),
		hs(`{"alg":"HS257"}`, fzClaims),
		hs(`{"alg":256}`, fzClaims),
		// Header rules: duplicates, crit, b64, embedded keys, folded names.
		hs(`{"alg":"HS256","alg":"HS256"}`, fzClaims),
		hs(`{"alg":"HS256","crit":["exp"],"exp":1}`, fzClaims),
		hs(`{"alg":"HS256","b64":false}`, fzClaims),
		hs(`{"alg":"HS256","jwk":{"kty":"oct","k":"AAAA"},"jku":"https://evil.example/jwks"}`, fzClaims),
		hs(`{"alg":"HS256","ALG":"none"}`, fzClaims),
		hs(`{"alg":"HS256","kid":"../../etc/passwd","typ":7}`, fzClaims),
		// Claims rules: duplicates, folded names, types, ranges, depth, UTF-8.
		hs(`{"alg":"HS256"}`, `{"exp":1700003600,"exp":1}`),
		hs(`{"alg":"HS256"}`, `{"Exp":1}`),
		hs(`{"alg":"HS256"}`, `{"ſub":"admin","sub":"user"}`),
		hs(`{"alg":"HS256"}`, `{"exp":"1700003600"}`),
		hs(`{"alg":"HS256"}`, `{"exp":1e400}`),
		hs(`{"alg":"HS256"}`, `{"exp":-9300000000000000000}`),
		hs(`{"alg":"HS256"}`, `{"exp":1700000000.5}`),
		hs(`{"alg":"HS256"}`, `{"aud":5}`),
		hs(`{"alg":"HS256"}`, `{"aud":["a",5]}`),
		hs(`{"alg":"HS256"}`, `{"iss":null}`),
		hs(`{"alg":"HS256"}`, `{"a":`+strings.Repeat("[", 100)+strings.Repeat("]", 100)+`}`),
		hs(`{"alg":"HS256"}`, "{\"name\":\"\xff\"}"),
		hs(`{"alg":"HS256"}`, `{"name":"\ud800"}`),
		hs(`{"alg":"HS256"}`, `[1,2]`),
		hs(`{"alg":"HS256"}`, `{"exp":1700003600} {"exp":1}`),
		hs(`{"alg":"HS256"}`, `{"exp":1600000000}`),
		hs(`{"alg":"HS256"}`, `{"nbf":1800000000}`),
		hs(`{"alg":"HS256"}`, `{}`),
		// Compact-form rules.
		valid+".",
		strings.Repeat(".", 1000),
		parts[0]+"\r\n."+parts[1]+"."+parts[2],
		parts[0]+"=."+parts[1]+"."+parts[2],
		parts[0]+"."+parts[1]+" ."+parts[2],
		parts[0]+"."+parts[1]+"."+parts[2][:len(parts[2])-1]+"B",
		"",
		"..",
		// An ES256 signature in DER instead of r||s is refused.
		seeds[5][:strings.LastIndexByte(seeds[5], '.')+1]+"MEQCIA",
	)
	return seeds
}

// fzAllSentinels is every sentinel error of the package.
var fzAllSentinels = []error{
	jwt.ErrTokenMalformed, jwt.ErrSignatureInvalid, jwt.ErrTokenExpired, jwt.ErrTokenNotValidYet,
	jwt.ErrAlgorithmNotAllowed, jwt.ErrInvalidKey, jwt.ErrInvalidAudience, jwt.ErrInvalidIssuer,
	jwt.ErrInvalidSubject, jwt.ErrMissingClaim, jwt.ErrInvalidType, jwt.ErrTokenTooLarge,
	jwt.ErrInvalidOption, jwt.ErrEncoding,
}

// fzSentinels returns the set of sentinels err matches, as a bit mask; 0
// for nil. An error that matches none is a test failure.
func fzSentinels(t *testing.T, what string, err error) uint32 {
	t.Helper()
	if err == nil {
		return 0
	}
	var mask uint32
	for i, s := range fzAllSentinels {
		if errors.Is(err, s) {
			mask |= 1 << i
		}
	}
	if mask == 0 {
		t.Fatalf("%s: error matches no sentinel: %v", what, err)
	}
	return mask
}

// fzCheckRegistered checks that the registered claims decoded into a struct
// say what the map says.
func fzCheckRegistered(t *testing.T, m map[string]any, reg *claims.Registered) {
	t.Helper()
	for name, got := range map[string]string{"iss": reg.Issuer, "sub": reg.Subject, "jti": reg.ID} {
		want, _ := m[name].(string)
		if got != want {
			t.Fatalf("%s: struct %q, map %q", name, got, want)
		}
	}
	for name, got := range map[string]*claims.NumericDate{"exp": reg.ExpiresAt, "nbf": reg.NotBefore, "iat": reg.IssuedAt} {
		_, inMap := m[name]
		if inMap != (got != nil) {
			t.Fatalf("%s: present in the map %v, in the struct %v", name, inMap, got != nil)
		}
	}
	var want claims.Audience
	switch a := m["aud"].(type) {
	case string:
		want = claims.Audience{a}
	case []any:
		want = claims.Audience{}
		for _, e := range a {
			want = append(want, e.(string))
		}
	}
	if len(want) != len(reg.Audience) || (len(want) > 0 && !reflect.DeepEqual(want, reg.Audience)) {
		t.Fatalf("aud: struct %q, map %q", reg.Audience, want)
	}
}

// FuzzParse feeds arbitrary tokens to Parse. It must never panic; every
// error must match a sentinel; one-shot Parse and a reused Verifier (header
// cache), decoding into a map and into claims.Registered, with the default
// and the explicit standard encoder, must all reach the same verdict, and an
// accepted token's claims must agree across paths.
func FuzzParse(f *testing.F) {
	k := newFzKeys(f)
	for _, s := range fzSeedTokens(f, k) {
		f.Add(s)
	}
	kf := k.keyFunc()
	clock := jwt.WithTimeFunc(fzNow)
	vReg, err := jwt.NewVerifier(kf, clock)
	if err != nil {
		f.Fatal(err)
	}
	vMap, err := jwt.NewVerifier(kf, clock, jwt.WithEncoder(jwt.StdEncoder{}))
	if err != nil {
		f.Fatal(err)
	}
	vHS, err := jwt.NewVerifier(fzSecret, clock)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, tok string) {
		tk, err := jwt.Parse(tok, kf, clock)
		verdict := fzSentinels(t, "Parse", err)
		if (err == nil) != (tk != nil) {
			t.Fatalf("Parse returned token %v with error %v", tk, err)
		}

		var reg claims.Registered
		_, errReg := vReg.ParseWithClaims(tok, &reg)
		if got := fzSentinels(t, "Verifier.ParseWithClaims(Registered)", errReg); got != verdict {
			t.Fatalf("verdicts differ: Parse %v, Verifier.ParseWithClaims(&Registered) %v", err, errReg)
		}
		var m map[string]any
		_, errMap := vMap.ParseWithClaims(tok, &m)
		if got := fzSentinels(t, "Verifier.ParseWithClaims(map)", errMap); got != verdict {
			t.Fatalf("verdicts differ: Parse %v, Verifier.ParseWithClaims(&map) %v", err, errMap)
		}
		// A static HMAC key: different verdicts are expected (alg binding),
		// but never a panic or an error outside the sentinels.
		tkHS, errHS := vHS.Parse(tok)
		fzSentinels(t, "Verifier(HMAC).Parse", errHS)
		if errHS == nil {
			if !strings.HasPrefix(tkHS.Header.Algorithm, "HS") {
				t.Fatalf("HMAC verifier accepted alg %q", tkHS.Header.Algorithm)
			}
			if err != nil {
				t.Fatalf("the static HMAC key accepts what the same key from a KeyFunc refuses: %v", err)
			}
		}

		// ReadUnverified: never a panic, only sentinels, and it reads every
		// token a parse accepts.
		u, errU := jwt.ReadUnverified(tok)
		fzSentinels(t, "ReadUnverified", errU)
		if err == nil && errU != nil {
			t.Fatalf("ReadUnverified refused (%v) what Parse accepted", errU)
		}
		if errU == nil {
			_ = u.Registered()
			_, _ = u.Header.Get("x5t")
		}

		if err != nil {
			return
		}
		if !reflect.DeepEqual(tk.Claims, m) {
			t.Fatalf("claims differ: Parse %v, Verifier %v", tk.Claims, m)
		}
		fzCheckRegistered(t, m, &reg)
		if _, ok := signing.Lookup(tk.Header.Algorithm); !ok {
			t.Fatalf("accepted unknown alg %q", tk.Header.Algorithm)
		}
		if tk.Raw != tok {
			t.Fatalf("Token.Raw = %q, want the input", tk.Raw)
		}
	})
}

// fzStruct is a user claims type: registered claims plus private ones,
// whose Go types may legitimately refuse some JSON (ErrEncoding).
type fzStruct struct {
	claims.Registered
	Name  string   `json:"name"`
	Roles []string `json:"roles"`
}

// FuzzParseHeaderAndClaims fuzzes the decoded header and claims JSON, signs
// them with a valid HMAC key through the signing layer (so the signature is
// always right) and parses the token. The map path and the claims.Registered
// path must reach the same verdict; a user struct may only add ErrEncoding;
// an accepted token's JSON is valid UTF-8 JSON objects, and re-signing its
// decoded claims gives a token accepted with equal claims.
func FuzzParseHeaderAndClaims(f *testing.F) {
	for _, h := range []string{
		`{"alg":"HS256","typ":"JWT"}`, `{"alg":"HS256"}`, `{"alg":"HS256","kid":"k1"}`,
		`{"alg":"HS256","alg":"HS256"}`, `{"alg":"HS256","crit":["b64"],"b64":false}`,
		`{"alg":"HS256","b64":true}`, `{"typ":"JWT","alg":"HS256","cty":"JWT"}`,
		`{"alg":"HS256","Alg":"none"}`, `{"alg":"HS256","typ":null}`, `{"alg":"none"}`,
		`{"alg":"HS256","x5t":"a","tenant":{"a":[1,"\u0041"]}}`, `{"alg":"HS256","t\u0065nant":1,"jwk":{}}`,
	} {
		f.Add([]byte(h), []byte(fzClaims))
	}
	for _, c := range []string{
		`{}`, `{"exp":1700003600.25}`, `{"exp":17000036e2}`, `{"exp":1699999999}`, `{"exp":1700000000}`,
		`{"nbf":1700000000}`, `{"nbf":1700000001}`, `{"exp":null}`, `{"aud":"api"}`, `{"aud":[]}`,
		`{"aud":["x",null]}`, `{"sub":"a","sub":"b"}`, `{"SUB":"a"}`, `{"\u0073ub":"a"}`, `{"s\u017fb":"a"}`,
		`{"jti":1}`, `{"iat":-1e300}`, `{"name":5}`, `{"roles":"admin"}`, `{"a":{"b":{"b":1,"b":2}}}`,
		"{\"k\u212a\":1}", `{"iss":"\ud83d\ude00"}`, `{"iss":"\udc00"}`, ` {"iss":"x"} `, `{"iss":"x"}x`,
		`"just a string"`, `null`, `{"exp":1E+9}`, `{"exp":-0}`, `{"exp":4611686018427387904}`,
		`{"x":1e400}`, `{"x":[-1e400]}`, `{"x":1e-400}`, `{"x":123456789012345678901234567890}`,
	} {
		f.Add([]byte(`{"alg":"HS256","typ":"JWT"}`), []byte(c))
	}
	sk, err := signing.NewSigningKey(signing.HS256, fzSecret)
	if err != nil {
		f.Fatal(err)
	}
	clock := jwt.WithTimeFunc(fzNow)
	enc := base64.RawURLEncoding
	f.Fuzz(func(t *testing.T, header, payload []byte) {
		input := enc.EncodeToString(header) + "." + enc.EncodeToString(payload)
		sig, err := sk.AppendSign(nil, []byte(input))
		if err != nil {
			t.Fatal(err)
		}
		tok := input + "." + enc.EncodeToString(sig)

		tk, err := jwt.Parse(tok, fzSecret, clock)
		verdict := fzSentinels(t, "Parse", err)
		var reg claims.Registered
		_, errReg := jwt.ParseWithClaims(tok, &reg, fzSecret, clock)
		if got := fzSentinels(t, "ParseWithClaims(Registered)", errReg); got != verdict {
			t.Fatalf("map and struct verdicts differ:\nmap:    %v\nstruct: %v", err, errReg)
		}
		var user fzStruct
		_, errUser := jwt.ParseWithClaims(tok, &user, fzSecret, clock)
		userVerdict := fzSentinels(t, "ParseWithClaims(user struct)", errUser)
		if userVerdict != verdict && (err != nil || !errors.Is(errUser, jwt.ErrEncoding)) {
			t.Fatalf("user struct verdict differs beyond ErrEncoding:\nmap:    %v\nstruct: %v", err, errUser)
		}
		if errors.Is(err, jwt.ErrSignatureInvalid) {
			t.Fatalf("a correctly signed token failed the signature: %v", err)
		}
		u, errU := jwt.ReadUnverified(tok)
		if errors.Is(err, jwt.ErrTokenMalformed) && !errors.Is(err, jwt.ErrEncoding) && errU == nil {
			t.Fatalf("ReadUnverified read what Parse refused as malformed: %v", err)
		}
		if err != nil {
			return
		}
		if errU != nil {
			t.Fatalf("ReadUnverified refused (%v) what Parse accepted", errU)
		}
		if tr, ur := tk.Registered(), u.Registered(); !reflect.DeepEqual(tr, ur) {
			t.Fatalf("Token.Registered %+v, Unverified.Registered %+v", tr, ur)
		}

		if !utf8.Valid(header) || !utf8.Valid(payload) {
			t.Fatalf("accepted invalid UTF-8")
		}
		var hm, pm map[string]any
		if json.Unmarshal(header, &hm) != nil || json.Unmarshal(payload, &pm) != nil {
			t.Fatalf("accepted a header or claims that encoding/json cannot read as an object")
		}
		// Header.Get gives every member's value, as encoding/json reads it.
		for name, want := range hm {
			raw, ok := tk.Header.Get(name)
			var got any
			if want == "" && (name == "typ" || name == "kid" || name == "cty") {
				continue // an empty field reads as absent
			}
			if !ok || json.Unmarshal(raw, &got) != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("Header.Get(%q) = %s, %v; encoding/json reads %v", name, raw, ok, want)
			}
		}
		m := tk.Claims.(map[string]any)
		if !reflect.DeepEqual(m, pm) {
			t.Fatalf("claims %v, encoding/json reads %v", m, pm)
		}
		fzCheckRegistered(t, m, &reg)

		again, err := jwt.Sign(jwt.HS256, m, fzSecret)
		if err != nil {
			t.Fatalf("re-signing accepted claims: %v", err)
		}
		tk2, err := jwt.Parse(again, fzSecret, clock)
		if err != nil {
			t.Fatalf("re-signed claims refused: %v\nclaims: %s", err, payload)
		}
		if !reflect.DeepEqual(tk2.Claims, m) {
			t.Fatalf("re-signed claims differ: %v, want %v", tk2.Claims, m)
		}
	})
}
