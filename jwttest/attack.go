package jwttest

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"encoding/asn1"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"github.com/jotlib/jwt/internal/sentinel"
	"math/big"
	"sort"
	"strings"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/mldsa"
)

// Attack is one hostile token of the catalogue Attacks builds: a token a
// verifier of the Target must refuse. Name says what is wrong with it; Rule
// is the RFC section or CVE it tests.
type Attack struct {
	Name, Rule string
	Token      string
}

// ErrInvalidTarget reports a Target Attacks cannot build genuine-looking
// tokens for (no issuer or audience, no key, a key that does not match the
// algorithm, an algorithm the kit cannot sign with).
var ErrInvalidTarget error = sentinel.New("jwttest: invalid attack target")

// DefaultAttackerURL is the base of the "jku" and "x5u" URLs (RFC 7515
// sections 4.1.2, 4.1.5) of the attacks when Target.AttackerURL is empty.
const DefaultAttackerURL = "https://attacker.jwttest.example"

// Target is what Attacks builds its tokens for: the service's issuer and
// audience and the genuine signing key, so that each hostile token is a
// genuine RFC 9068 access token ("typ" "at+jwt", "iss", "sub", "aud",
// "client_id", "iat", "exp", "jti") but for the one thing it attacks.
type Target struct {
	Issuer, Audience string
	// Algorithm and Key are the genuine signing algorithm and private key
	// (RS*, PS*, ES256/384/512, EdDSA or Ed25519, RFC 7518 section 3;
	// ML-DSA-44/65/87, RFC 9964, built with Go 1.27 or later).
	Algorithm jwt.Algorithm
	Key       crypto.Signer
	// KeyID is the genuine "kid" (RFC 7515 section 4.1.4); it may be empty.
	KeyID string
	// Subject and ClientID default to DefaultSubject and DefaultClientID.
	Subject, ClientID string
	// Now is the clock of "iat" and "exp"; nil is time.Now.
	Now func() time.Time
	// AttackerURL is where the "jku" and "x5u" attacks point (the
	// attacker's JWK Set at AttackerURL+"/jwks.json", certificate at
	// AttackerURL+"/cert.pem"); empty is DefaultAttackerURL.
	AttackerURL string
	// AttackerKey signs the header-key attacks ("jwk", "jku", "x5c",
	// "x5u", ES256); nil makes a fresh P-256 key.
	AttackerKey *ecdsa.PrivateKey
	// OtherTenantKey is another tenant's key of Algorithm, signing a
	// token with the genuine "kid"; nil makes a fresh one. It and
	// AttackerKey must not be Key (ErrInvalidTarget): their attacks would
	// be genuine tokens.
	OtherTenantKey crypto.Signer
	// Scope is the access tokens' "scope" (RFC 9068 section 2.2.3.1, RFC
	// 8693 section 4.2: space-separated scope values), in every token
	// genuine and hostile; empty: no "scope". Set it to what the route
	// under test requires (jwthttp.RequireScopes), or every attack is
	// refused for the missing scope and the run proves nothing. ID tokens
	// carry no "scope": IDTokenAttacks and GenuineIDToken do not read it.
	Scope string
	// Claims are the service's own claims (a tenant, an email), in every
	// token genuine and hostile, access token and ID token, after the
	// profile's claims. A registered claim name (RFC 7519 section 4.1), a
	// name the catalogue writes itself (client_id, scope, nonce, azp,
	// at_hash, c_hash, auth_time, cnf, pad), any case variant of one, an
	// empty name or a value encoding/json cannot write is
	// ErrInvalidTarget.
	Claims map[string]any

	// The ID-token catalogue's expectations of the relying party
	// (IDTokenAttacks, GenuineIDToken); Attacks does not read them.

	// Nonce is the "nonce" the relying party sent in its authentication
	// request (OpenID Connect Core 1.0 section 3.1.2.1): the genuine ID
	// token carries it and the attacks add a missing and another nonce
	// (section 3.1.3.7 step 11, idtoken.Checks.Nonce). Empty: no nonce.
	Nonce string
	// AccessToken is the access token the ID token came with: the genuine
	// ID token carries its "at_hash" (section 3.1.3.8) and the attacks add
	// a wrong one (idtoken.Checks.AccessToken). Empty: no "at_hash". With
	// an ML-DSA Algorithm it is ErrInvalidTarget (section 3.1.3.6 names no
	// hash for it).
	AccessToken string
	// AZP is the "azp" rule the relying party enforces (section 3.1.3.7
	// steps 4 and 5); the zero value, AZPIgnored, adds no "azp" attack.
	AZP AZPRule
}

// AZPRule is the "azp" (authorized party) rule of OpenID Connect Core 1.0
// section 3.1.3.7 steps 4 and 5 a relying party enforces, which decides the
// "azp" attacks of IDTokenAttacks.
type AZPRule int

const (
	// AZPIgnored is errata set 2's rule (idtoken.DefaultAZP): "azp" is
	// neither required nor compared, so no "azp" attack applies.
	AZPIgnored AZPRule = iota
	// AZPMustMatch is step 5 (idtoken.AZPMatchesClientID): an "azp" must
	// be the client id. Adds "azp of another client, several audiences".
	AZPMustMatch
	// AZPErrata1 is steps 4 and 5 of errata set 1 (idtoken.AZPErrata1):
	// several audiences need an "azp", which must be the client id. Adds
	// AZPMustMatch's attack and "several audiences, no azp".
	AZPErrata1
)

var b64 = base64.RawURLEncoding

// member is one JSON object member, written in order (duplicates allowed:
// the catalogue needs them).
type member struct {
	name  string
	value any
}

// object writes members as a JSON object in their order, by hand, so that
// duplicate and look-alike names survive (RFC 8259 section 4).
func object(ms ...member) ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(',')
		}
		n, err := json.Marshal(m.name)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(n)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

// hashOf is the hash function of alg (RFC 7518 sections 3.1, 3.3-3.5).
func hashOf(alg jwt.Algorithm) crypto.Hash {
	switch alg {
	case jwt.RS384, jwt.PS384, jwt.ES384, jwt.HS384:
		return crypto.SHA384
	case jwt.RS512, jwt.PS512, jwt.ES512, jwt.HS512:
		return crypto.SHA512
	case jwt.EdDSA, jwt.Ed25519:
		return 0
	}
	return crypto.SHA256
}

// ecSize is the byte length of R and S for an ES* alg (RFC 7518 section 3.4).
func ecSize(alg jwt.Algorithm) int {
	switch alg {
	case jwt.ES256:
		return 32
	case jwt.ES384:
		return 48
	case jwt.ES512:
		return 66
	}
	return 0
}

func isEC(alg jwt.Algorithm) bool { return ecSize(alg) != 0 }

// isMLDSA reports an ML-DSA alg (RFC 9964 section 4).
func isMLDSA(alg jwt.Algorithm) bool {
	return alg == jwt.MLDSA44 || alg == jwt.MLDSA65 || alg == jwt.MLDSA87
}

// signDER signs input with key for alg; ES* signatures are left ASN.1 DER
// (as crypto.Signer returns them).
func signDER(alg jwt.Algorithm, key crypto.Signer, input []byte) ([]byte, error) {
	if isMLDSA(alg) { // RFC 9964 section 4: the signing input itself, empty context
		return mldsa.Sign(key, rand.Reader, input)
	}
	h := hashOf(alg)
	if h == 0 {
		return key.Sign(rand.Reader, input, crypto.Hash(0))
	}
	d := h.New()
	d.Write(input)
	var opts crypto.SignerOpts = h
	switch alg {
	case jwt.PS256, jwt.PS384, jwt.PS512:
		opts = &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash, Hash: h}
	}
	return key.Sign(rand.Reader, d.Sum(nil), opts)
}

// sign is signDER with ES* signatures as R || S (RFC 7518 section 3.4).
func sign(alg jwt.Algorithm, key crypto.Signer, input []byte) ([]byte, error) {
	sig, err := signDER(alg, key, input)
	if err != nil || !isEC(alg) {
		return sig, err
	}
	var rs struct{ R, S *big.Int }
	if _, err := asn1.Unmarshal(sig, &rs); err != nil {
		return nil, err
	}
	n := ecSize(alg)
	out := make([]byte, 2*n)
	rs.R.FillBytes(out[:n])
	rs.S.FillBytes(out[n:])
	return out, nil
}

// keyFits reports whether key can sign alg (RFC 7518 section 3); a nil,
// zero or broken key cannot.
func keyFits(alg jwt.Algorithm, key crypto.Signer) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	switch r := key.(type) {
	case *rsa.PrivateKey:
		if r == nil || r.N == nil {
			return false
		}
	case *ecdsa.PrivateKey:
		//lint:ignore SA1019 a zero or hand-made key without its scalar is refused before signing; only D tells
		if r == nil || r.Curve == nil || r.D == nil {
			return false
		}
	}
	if _, a, ok, err := mldsa.PublicOf(key); ok { // Go 1.27: an ML-DSA key fits its own parameter set only
		return err == nil && a == string(alg)
	}
	switch pub := key.Public().(type) {
	case *rsa.PublicKey:
		return strings.HasPrefix(string(alg), "RS") || strings.HasPrefix(string(alg), "PS")
	case *ecdsa.PublicKey:
		return isEC(alg) && (pub.Curve.Params().BitSize+7)/8 == ecSize(alg)
	case ed25519.PublicKey:
		return alg == jwt.EdDSA || alg == jwt.Ed25519
	}
	return false
}

func (t *Target) check() error {
	if t.Issuer == "" || t.Audience == "" {
		return fmt.Errorf("%w: Issuer and Audience are required", ErrInvalidTarget)
	}
	if t.Key == nil {
		return fmt.Errorf("%w: no Key", ErrInvalidTarget)
	}
	if !keyFits(t.Algorithm, t.Key) {
		return fmt.Errorf("%w: key %T cannot sign %q", ErrInvalidTarget, t.Key, string(t.Algorithm))
	}
	if t.OtherTenantKey != nil && !keyFits(t.Algorithm, t.OtherTenantKey) {
		return fmt.Errorf("%w: OtherTenantKey %T cannot sign %q", ErrInvalidTarget, t.OtherTenantKey, string(t.Algorithm))
	}
	if t.AttackerKey != nil && !keyFits(jwt.ES256, t.AttackerKey) {
		return fmt.Errorf("%w: AttackerKey is not a P-256 key", ErrInvalidTarget)
	}
	if t.OtherTenantKey != nil && samePublic(t.Key, t.OtherTenantKey) {
		return fmt.Errorf("%w: OtherTenantKey is the genuine Key", ErrInvalidTarget)
	}
	if t.AttackerKey != nil && samePublic(t.Key, t.AttackerKey) {
		return fmt.Errorf("%w: AttackerKey is the genuine Key", ErrInvalidTarget)
	}
	if err := checkClaims(t.Claims); err != nil {
		return err
	}
	if t.AZP < AZPIgnored || t.AZP > AZPErrata1 {
		return fmt.Errorf("%w: unknown AZP rule %d", ErrInvalidTarget, int(t.AZP))
	}
	return nil
}

// samePublic reports whether a and b have the same public key (RFC 8725
// section 3.8: the other tenant's and the attacker's keys must not be the
// genuine one).
func samePublic(a, b crypto.Signer) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	pa, ok := a.Public().(interface{ Equal(crypto.PublicKey) bool })
	return ok && pa.Equal(b.Public())
}

// reservedClaims are the names Target.Claims may not use: RFC 7519
// section 4.1's and those the catalogues write (RFC 9068 section 2.2,
// OpenID Connect Core 1.0 section 2, RFC 9449 section 6.1, the "pad" of
// the oversized attack). Compared case-insensitively (strings.EqualFold),
// which also covers the look-alike attacks' names.
var reservedClaims = []string{"iss", "sub", "aud", "exp", "nbf", "iat", "jti",
	"client_id", "scope", "nonce", "azp", "at_hash", "c_hash", "auth_time", "cnf", "pad"}

// checkClaims refuses Target.Claims the catalogue cannot add unchanged.
func checkClaims(cs map[string]any) error {
	for name, v := range cs {
		if name == "" {
			return fmt.Errorf("%w: Claims: an empty claim name", ErrInvalidTarget)
		}
		for _, r := range reservedClaims {
			if strings.EqualFold(name, r) {
				return fmt.Errorf("%w: Claims: %q is the catalogue's claim %q", ErrInvalidTarget, name, r)
			}
		}
		if _, err := json.Marshal(v); err != nil {
			return fmt.Errorf("%w: Claims: %q: %v", ErrInvalidTarget, name, err)
		}
	}
	return nil
}

// userClaims are Target.Claims as members, sorted by name.
func userClaims(cs map[string]any) []member {
	names := make([]string, 0, len(cs))
	for n := range cs {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]member, 0, len(names))
	for _, n := range names {
		out = append(out, member{n, cs[n]})
	}
	return out
}
