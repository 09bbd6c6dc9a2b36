package dpop_test

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"slices"
	"strconv"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/jwk"
)

// RFC 9449 section 4.2: the header has "typ" "dpop+jwt", "alg" and "jwk",
// "the public key chosen by the client ... MUST NOT contain a private
// key": only the key type's public members, whatever the key, and its
// thumbprint is the Signer's JKT; the proof verifies with that key.
func TestRFC9449_4_2_ProofHeaderHasPublicJWKOnly(t *testing.T) {
	for _, c := range sgKeys(t) {
		s, err := dpop.NewSigner(c.alg, c.key)
		if err != nil {
			t.Fatalf("%s: %v", c.alg, err)
		}
		proof, err := s.Proof("POST", "https://server.example.com/token", dpop.ProofOptions{Now: sgNow})
		if err != nil {
			t.Fatalf("%s: %v", c.alg, err)
		}
		d := sgDecode(t, proof)
		if got := sgNames(d.header); !slices.Equal(got, []string{"alg", "jwk", "typ"}) {
			t.Errorf("%s: header members %q", c.alg, got)
		}
		if d.str(t, d.header, "typ") != "dpop+jwt" || d.str(t, d.header, "alg") != string(c.alg) {
			t.Errorf("%s: typ %q alg %q", c.alg, d.str(t, d.header, "typ"), d.str(t, d.header, "alg"))
		}
		var members map[string]any
		if err := sgUnmarshal(d.header["jwk"], &members); err != nil {
			t.Fatal(err)
		}
		names := slices.Sorted(sgMapKeys(members))
		if !slices.Equal(names, c.jwks) {
			t.Errorf("%s: jwk members %q, want %q", c.alg, names, c.jwks)
		}
		k, err := jwk.ParseKey(d.header["jwk"])
		if err != nil {
			t.Fatalf("%s: %v", c.alg, err)
		}
		if k.IsPrivate() || k.KeyType() != c.kty {
			t.Errorf("%s: jwk private %v kty %q", c.alg, k.IsPrivate(), k.KeyType())
		}
		sum, _ := k.Thumbprint(crypto.SHA256)
		if jkt := base64.RawURLEncoding.EncodeToString(sum); jkt != s.JKT() || len(jkt) != 43 {
			t.Errorf("%s: header key's thumbprint %s, Signer's JKT %s", c.alg, jkt, s.JKT())
		}
		if s.PublicKey() == nil || s.PublicKey().IsPrivate() || s.Algorithm() != c.alg {
			t.Errorf("%s: PublicKey %v Algorithm %s", c.alg, s.PublicKey(), s.Algorithm())
		}
		if _, err := jwt.Parse(proof, k.PublicKey(), jwt.WithType("dpop+jwt"), jwt.WithAlgorithms(c.alg)); err != nil {
			t.Errorf("%s: the proof does not verify with its own jwk: %v", c.alg, err)
		}
	}
}

// A crypto.Signer (a KMS) whose Public returns the private key itself is
// refused: no header ever carries "d".
func TestRFC9449_4_2_SignerWhosePublicIsPrivateRefused(t *testing.T) {
	k, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if s, err := dpop.NewSigner(jwt.ES256, sgLeakySigner{k}); !errors.Is(err, dpop.ErrInvalidConfig) || s != nil {
		t.Errorf("%v, want ErrInvalidConfig", err)
	}
}

// sgLeakySigner's Public returns the private key.
type sgLeakySigner struct{ k *ecdsa.PrivateKey }

func (s sgLeakySigner) Public() crypto.PublicKey { return s.k }
func (s sgLeakySigner) Sign(r io.Reader, d []byte, o crypto.SignerOpts) ([]byte, error) {
	return s.k.Sign(r, d, o)
}

// RFC 9449 section 4.2: "htu: The HTTP target URI ..., without query and
// fragment parts"; the scheme and host are written lower-case and an
// empty path as "/" (RFC 3986 sections 6.2.2.1 and 6.2.3). A URL that is
// not an absolute http(s) URL with a host, or that carries userinfo (RFC
// 9110 section 4.2.4), is ErrInvalidRequest.
func TestRFC9449_4_2_HTUWithoutQueryAndFragment(t *testing.T) {
	s := sgSigner(t)
	for in, want := range map[string]string{
		"https://server.example.com/token":              "https://server.example.com/token",
		"https://Server.Example.COM/token?x=1&y=2#frag": "https://server.example.com/token",
		"HTTPS://rs.example.com/a/b?":                   "https://rs.example.com/a/b",
		"https://rs.example.com/p#frag?not=query":       "https://rs.example.com/p",
		"https://rs.example.com?q=1":                    "https://rs.example.com/",
		"https://rs.example.com":                        "https://rs.example.com/",
		"http://localhost:8080/a%2Fb/c%20d":             "http://localhost:8080/a%2Fb/c%20d",
		"https://[2001:DB8::1]:8443/x#":                 "https://[2001:db8::1]:8443/x",
		"https://rs.example.com/Case/Kept":              "https://rs.example.com/Case/Kept",
	} {
		proof, err := s.Proof("GET", in, dpop.ProofOptions{})
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		d := sgDecode(t, proof)
		if got := d.str(t, d.claims, "htu"); got != want {
			t.Errorf("%s: htu %q, want %q", in, got, want)
		}
	}
	for _, in := range []string{
		"", "/token", "rs.example.com/token", "ftp://rs.example.com/", "mailto:a@example.com", "https:///path",
		"https://user:pw@rs.example.com/", "https://user@rs.example.com/", "https://rs.example.com:bad/", "http://[::1/",
		"https:opaque", "ws://rs.example.com/", "https://rs.example.com/\x00",
	} {
		if _, err := s.Proof("GET", in, dpop.ProofOptions{}); !errors.Is(err, dpop.ErrInvalidRequest) {
			t.Errorf("%q: %v, want ErrInvalidRequest", in, err)
		}
	}
}

// RFC 9449 section 4.2: "ath: Hash of the access token. The value MUST be
// the result of a base64url encoding ... the SHA-256 ... hash of the ASCII
// encoding of the associated access token's value"; the example of
// section 7.1 (Figures 12 and 13) gives "ath" for its token.
func TestRFC9449_4_2_ATHIsSHA256OfToken(t *testing.T) {
	s := sgSigner(t)
	const token = "Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU"
	proof, err := s.Proof("GET", "https://resource.example.org/protectedresource", dpop.ProofOptions{AccessToken: token})
	if err != nil {
		t.Fatal(err)
	}
	d := sgDecode(t, proof)
	sum := sha256.Sum256([]byte(token))
	got := d.str(t, d.claims, "ath")
	if want := base64.RawURLEncoding.EncodeToString(sum[:]); got != want {
		t.Errorf("ath %q, want %q", got, want)
	}
	if got != "fUHyO2r2Z3DZ53EsNrWBb0xWXoaNy59IiKCAqksmQEo" {
		t.Errorf("ath %q, not RFC 9449 Figure 13's", got)
	}
	proof, _ = s.Proof("GET", "https://resource.example.org/", dpop.ProofOptions{})
	if _, has := sgDecode(t, proof).claims["ath"]; has {
		t.Error(`"ath" without an access token`)
	}
	for _, bad := range []string{"two words", "tok\r\nX-Injected: 1", "=abc", "tök", "a=b"} {
		if _, err := s.Proof("GET", "https://rs.example.com/", dpop.ProofOptions{AccessToken: bad}); !errors.Is(err, dpop.ErrInvalidRequest) {
			t.Errorf("access token %q: %v, want ErrInvalidRequest", bad, err)
		}
	}
}

// RFC 9449 section 4.2: "jti" a unique identifier ("at least 96 bits of
// pseudorandom data": 128 here, base64url), "htm" the method exactly,
// "iat" the creation time in seconds, "nonce" when the server gave one;
// nothing else.
func TestRFC9449_4_2_ProofClaims(t *testing.T) {
	s := sgSigner(t)
	seen := map[string]bool{}
	for i := range 200 {
		proof, err := s.Proof("PATCH", "https://rs.example.com/x", dpop.ProofOptions{Now: sgNow, Nonce: "eyJ7S_zG.eyJH0-Z.HX4w-7v" + strconv.Itoa(i)})
		if err != nil {
			t.Fatal(err)
		}
		d := sgDecode(t, proof)
		if got := sgNames(d.claims); !slices.Equal(got, []string{"htm", "htu", "iat", "jti", "nonce"}) {
			t.Fatalf("claims %q", got)
		}
		jti := d.str(t, d.claims, "jti")
		if b, err := base64.RawURLEncoding.DecodeString(jti); err != nil || len(b) != 16 || seen[jti] {
			t.Fatalf("jti %q: %d bytes, %v, seen %v", jti, len(b), err, seen[jti])
		}
		seen[jti] = true
		if d.str(t, d.claims, "htm") != "PATCH" || string(d.claims["iat"]) != strconv.FormatInt(sgNow.Unix(), 10) ||
			d.str(t, d.claims, "nonce") != "eyJ7S_zG.eyJH0-Z.HX4w-7v"+strconv.Itoa(i) {
			t.Fatalf("claims %s %s %s", d.claims["htm"], d.claims["iat"], d.claims["nonce"])
		}
	}
	for _, m := range []string{"", "GET POST", "G\nET", "GÉT", "(GET)"} {
		if _, err := s.Proof(m, "https://rs.example.com/", dpop.ProofOptions{}); !errors.Is(err, dpop.ErrInvalidRequest) {
			t.Errorf("method %q: %v, want ErrInvalidRequest", m, err)
		}
	}
	for _, n := range []string{"with space", `quo"te`, `back\slash`, "tab\t", "é"} {
		if _, err := s.Proof("GET", "https://rs.example.com/", dpop.ProofOptions{Nonce: n}); !errors.Is(err, dpop.ErrInvalidRequest) {
			t.Errorf("nonce %q: %v, want ErrInvalidRequest", n, err)
		}
	}
}

// RFC 9449 section 4.2 ("an asymmetric digital signature algorithm"; RFC
// 8725 section 3.1): symmetric, unknown and "none" algorithms, nil and
// typed-nil keys, public keys, weak keys and keys of another family or
// curve are ErrInvalidConfig, with the core's reason.
func TestRFC9449_4_2_NewSignerRefusesSymmetricAndUnfitKeys(t *testing.T) {
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ec384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	weak, _ := rsa.GenerateKey(rand.Reader, 1024)
	for name, c := range map[string]struct {
		alg  jwt.Algorithm
		key  crypto.Signer
		also error
	}{
		"HS256":              {jwt.HS256, ec, jwt.ErrAlgorithmNotAllowed},
		"HS512":              {jwt.HS512, ec, jwt.ErrAlgorithmNotAllowed},
		"none":               {"none", ec, jwt.ErrAlgorithmNotAllowed},
		"unknown":            {"ES256K", ec, jwt.ErrAlgorithmNotAllowed},
		"lower-case es256":   {"es256", ec, jwt.ErrAlgorithmNotAllowed},
		"nil key":            {jwt.ES256, nil, jwt.ErrInvalidKey},
		"typed nil":          {jwt.ES256, (*ecdsa.PrivateKey)(nil), jwt.ErrInvalidKey},
		"typed nil RSA":      {jwt.RS256, (*rsa.PrivateKey)(nil), jwt.ErrInvalidKey},
		"zero ECDSA":         {jwt.ES256, &ecdsa.PrivateKey{}, jwt.ErrInvalidKey},
		"P-384 for ES256":    {jwt.ES256, ec384, jwt.ErrInvalidKey},
		"ECDSA for EdDSA":    {jwt.EdDSA, ec, jwt.ErrInvalidKey},
		"ECDSA for RS256":    {jwt.RS256, ec, jwt.ErrInvalidKey},
		"RSA 1024":           {jwt.RS256, weak, jwt.ErrInvalidKey},
		"panicking Public":   {jwt.ES256, sgPanicSigner{}, jwt.ErrInvalidKey},
		"nil-pointer signer": {jwt.ES256, (*sgPointerSigner)(nil), jwt.ErrInvalidKey},
	} {
		s, err := dpop.NewSigner(c.alg, c.key)
		if !errors.Is(err, dpop.ErrInvalidConfig) || !errors.Is(err, jwt.ErrInvalidOption) || !errors.Is(err, c.also) || s != nil {
			t.Errorf("%s: %v, want ErrInvalidConfig and %v", name, err, c.also)
		}
	}
}

// sgPanicSigner's Public panics, as a broken KMS client might.
type sgPanicSigner struct{}

func (sgPanicSigner) Public() crypto.PublicKey { panic("kms down") }
func (sgPanicSigner) Sign(io.Reader, []byte, crypto.SignerOpts) ([]byte, error) {
	return nil, errors.New("kms down")
}

// sgPointerSigner dereferences its receiver.
type sgPointerSigner struct{ k *ecdsa.PrivateKey }

func (s *sgPointerSigner) Public() crypto.PublicKey { return s.k.Public() }
func (s *sgPointerSigner) Sign(r io.Reader, d []byte, o crypto.SignerOpts) ([]byte, error) {
	return s.k.Sign(r, d, o)
}

// A nil or zero Signer refuses with ErrInvalidConfig and never panics.
func TestZeroSignerRefusesWithoutPanicking(t *testing.T) {
	for name, s := range map[string]*dpop.Signer{"nil": nil, "zero": {}} {
		if _, err := s.Proof("GET", "https://rs.example.com/", dpop.ProofOptions{}); !errors.Is(err, dpop.ErrInvalidConfig) {
			t.Errorf("%s: Proof: %v, want ErrInvalidConfig", name, err)
		}
		if s.JKT() != "" || s.PublicKey() != nil || s.Algorithm() != "" {
			t.Errorf("%s: JKT %q PublicKey %v Algorithm %q", name, s.JKT(), s.PublicKey(), s.Algorithm())
		}
	}
}
