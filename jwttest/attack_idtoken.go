package jwttest

import (
	"crypto"
	"crypto/rand"
	"fmt"

	"github.com/jotlib/jwt"

	"github.com/jotlib/jwt/idtoken"
)

// otherClient is the audience of the "another audience" and "several
// audiences" ID-token attacks.
const otherClient = "jwttest-other-client"

// idClaims are the genuine claims of an ID token (OpenID Connect Core 1.0
// section 2: "iss", "sub", "aud" the client, "exp", "iat"; "azp" the
// client; "nonce" and "at_hash" when the Target names them; then
// Target.Claims, never Target.Scope); extra appends.
func (b *builder) idClaims(extra ...member) []member {
	ms := []member{
		{"iss", b.t.Issuer}, {"sub", b.t.Subject}, {"aud", b.t.ClientID},
		{"iat", b.now.Unix()}, {"exp", b.now.Add(DefaultLifetime).Unix()},
		{"azp", b.t.ClientID},
	}
	if b.t.Nonce != "" {
		ms = append(ms, member{"nonce", b.t.Nonce})
	}
	if b.t.AccessToken != "" {
		ms = append(ms, member{"at_hash", b.atHash(b.t.AccessToken)})
	}
	ms = append(ms, userClaims(b.t.Claims)...)
	return append(ms, extra...)
}

// atHash is the "at_hash" of token for the Target's alg (OpenID Connect
// Core 1.0 section 3.1.3.6).
func (b *builder) atHash(token string) string {
	h, err := idtoken.LeftHalfHash(b.t.Algorithm, token)
	if err != nil {
		b.fail(err)
	}
	return h
}

// fullHash is the whole hash of token for the Target's alg, base64url:
// what "at_hash" is not (OpenID Connect Core 1.0 section 3.1.3.6).
func (b *builder) fullHash(token string) string {
	h := hashOf(b.t.Algorithm)
	if isMLDSA(b.t.Algorithm) || (h == 0 && b.t.Algorithm != jwt.EdDSA && b.t.Algorithm != jwt.Ed25519) {
		b.fail(fmt.Errorf("no at_hash hash for %q", string(b.t.Algorithm)))
		return ""
	}
	if h == 0 { // EdDSA: SHA-512 (OpenID Connect Core 1.0 errata; Ed25519)
		h = crypto.SHA512
	}
	d := h.New()
	d.Write([]byte(token))
	return b64.EncodeToString(d.Sum(nil))
}

// idHeader is the genuine header of an ID token: "alg", "typ" typ (OpenID
// Connect defines no "typ"; "JWT" is what providers write; empty: none),
// "kid".
func (b *builder) idHeader(typ string) []member {
	h := []member{{"alg", string(b.t.Algorithm)}}
	if typ != "" {
		h = append(h, member{"typ", typ})
	}
	if b.t.KeyID != "" {
		h = append(h, member{"kid", b.t.KeyID})
	}
	return h
}

func newIDBuilder(target Target) (*builder, error) {
	if target.ClientID == "" {
		target.ClientID = DefaultClientID
	}
	target.Audience = target.ClientID // an ID token's audience is the client
	b, err := newBuilder(target)
	if err != nil {
		return nil, err
	}
	b.id = true
	if target.AccessToken != "" {
		if _, err := idtoken.LeftHalfHash(target.Algorithm, target.AccessToken); err != nil {
			return nil, fmt.Errorf("%w: AccessToken: no at_hash for %q: %v", ErrInvalidTarget, string(target.Algorithm), err)
		}
	}
	return b, nil
}

// GenuineIDToken is the token every IDTokenAttacks attack is a variation
// of: an ID token (OpenID Connect Core 1.0 section 2, "typ" "JWT") of
// Target.Issuer for Target.ClientID ("aud" and "azp"), with Target.Nonce
// and the "at_hash" of Target.AccessToken when set, signed with the
// Target's key. Check that the ID-token verifier under test accepts it.
// Target.Audience is not read and may be empty.
func GenuineIDToken(target Target) (string, error) {
	b, err := newIDBuilder(target)
	if err != nil {
		return "", err
	}
	tok := b.signed(b.header(), b.claims(nil))
	return tok, b.err
}

// IDTokenAttacks builds the catalogue of Attacks as ID tokens, for a
// relying party's ID-token verifier (OpenID Connect Core 1.0 section
// 3.1.3.7): each is a genuine ID token (GenuineIDToken: "typ" "JWT", "aud"
// and "azp" the client, Target.Nonce, the "at_hash" of Target.AccessToken)
// but for one thing. Every attack of Attacks that applies to an ID token is
// there ("alg" "none", key confusion, ECDSA signatures, "kid", header keys,
// "crit", "b64", times, the issuer and audience, duplicate and look-alike
// names, encoding, size, another tenant's key), with, in place of the
// access token's "typ" rules, access tokens sent as ID tokens (RFC 8725
// section 3.12; RFC 9068 section 2.1), and the ID token's own rules: no
// "exp", "iat" or "sub" (section 2), a missing or other "nonce" (step 11,
// with Target.Nonce), "azp" rules (steps 4 and 5, by Target.AZP), a wrong
// "at_hash" (section 3.1.3.8, with Target.AccessToken). Target.Audience is
// not read and may be empty. A Target it cannot build for is
// ErrInvalidTarget.
func IDTokenAttacks(target Target) ([]Attack, error) {
	b, err := newIDBuilder(target)
	if err != nil {
		return nil, err
	}
	return b.catalogue("IDTokenAttacks")
}

// idIdentity: the ID token's issuer, audience, kind and claim rules
// (OpenID Connect Core 1.0 sections 2 and 3.1.3.7).
func (b *builder) idIdentity() {
	b.add("another issuer", "OpenID Connect Core 1.0 section 3.1.3.7 step 2; RFC 8725 section 3.8",
		b.signed(b.header(), b.claims(map[string]any{"iss": "https://evil.jwttest.example"})))
	b.add("issuer with a trailing slash", "OpenID Connect Core 1.0 section 3.1.3.7 step 2 (exact match)",
		b.signed(b.header(), b.claims(map[string]any{"iss": b.t.Issuer + "/"})))
	b.add("another audience", "OpenID Connect Core 1.0 section 3.1.3.7 step 3; RFC 8725 section 3.9",
		b.signed(b.header(), b.claims(map[string]any{"aud": otherClient, "azp": otherClient})))
	b.add("no audience", "OpenID Connect Core 1.0 section 2 (aud REQUIRED); section 3.1.3.7 step 3",
		b.signed(b.header(), b.claims(map[string]any{"aud": nil})))
	b.kindConfusion()
	b.add("no exp", "OpenID Connect Core 1.0 section 2 (exp REQUIRED); section 3.1.3.7 step 9",
		b.signed(b.header(), b.claims(map[string]any{"exp": nil})))
	b.add("no iat", "OpenID Connect Core 1.0 section 2 (iat REQUIRED)",
		b.signed(b.header(), b.claims(map[string]any{"iat": nil})))
	b.add("no sub", "OpenID Connect Core 1.0 section 2 (sub REQUIRED)",
		b.signed(b.header(), b.claims(map[string]any{"sub": nil})))
	if b.t.Nonce != "" {
		b.add("nonce missing when one was sent", "OpenID Connect Core 1.0 section 3.1.3.7 step 11",
			b.signed(b.header(), b.claims(map[string]any{"nonce": nil})))
		b.add("nonce of another request", "OpenID Connect Core 1.0 section 3.1.3.7 step 11",
			b.signed(b.header(), b.claims(map[string]any{"nonce": b.t.Nonce + "-other"})))
	}
	several := []string{b.t.ClientID, otherClient}
	if b.t.AZP >= AZPMustMatch {
		b.add("azp of another client, several audiences", "OpenID Connect Core 1.0 section 3.1.3.7 step 5",
			b.signed(b.header(), b.claims(map[string]any{"aud": several, "azp": otherClient})))
	}
	if b.t.AZP >= AZPErrata1 {
		b.add("several audiences, no azp", "OpenID Connect Core 1.0 (errata set 1) section 3.1.3.7 step 4",
			b.signed(b.header(), b.claims(map[string]any{"aud": several, "azp": nil})))
	}
	if b.t.AccessToken != "" {
		b.add("at_hash of another access token", "OpenID Connect Core 1.0 sections 3.1.3.8, 3.2.2.9",
			b.signed(b.header(), b.claims(map[string]any{"at_hash": b.atHash(b.t.AccessToken + "-other")})))
		// The providers' real mistake: the whole hash, not its left half.
		b.add("at_hash the full hash, not its left half", "OpenID Connect Core 1.0 section 3.1.3.6 (left-most half)",
			b.signed(b.header(), b.claims(map[string]any{"at_hash": b.fullHash(b.t.AccessToken)})))
	}
}

// kindConfusion: access tokens sent as ID tokens (RFC 8725 section 3.12:
// tokens of one kind must not be accepted as another; RFC 9068 section
// 2.1: an access token is "typ" "at+jwt"), each by the genuine issuer for
// the client, as an ID token would be.
func (b *builder) kindConfusion() {
	at := func(extra ...member) []member {
		return append([]member{{"client_id", b.t.ClientID}, {"jti", rand.Text()}}, extra...)
	}
	scope := member{"scope", "openid profile"}
	b.add(`access token sent as an ID token (typ at+jwt, scope, client_id, jti)`,
		"RFC 8725 section 3.12; RFC 9068 section 2.1",
		b.signed(b.idHeader("at+jwt"), b.idClaims(at(scope)...)))
	b.add(`access token with ID-token claims only (typ at+jwt)`, "RFC 8725 section 3.12; RFC 9068 section 2.1",
		b.signed(b.idHeader("at+jwt"), b.idClaims()))
	b.add(`access token typed application/at+jwt`, "RFC 8725 section 3.12; RFC 9068 section 2.1 (media type, RFC 7515 section 4.1.9)",
		b.signed(b.idHeader("application/at+jwt"), b.idClaims(at()...)))
	b.add(`access token typed AT+JWT (media types are case-insensitive)`, "RFC 8725 section 3.12; RFC 9068 section 2.1; RFC 2045 section 5.1",
		b.signed(b.idHeader("AT+JWT"), b.idClaims(at()...)))
	// OpenID Connect Core 1.0 sections 2 and 5.1 allow other claims in an
	// ID token, so the next two are legal ID tokens: refusing them is
	// hardening (RFC 8725 section 3.12's advice), not a MUST.
	b.add(`access token typed JWT, with scope`, "RFC 8725 section 3.12 (hardening: OpenID Connect Core 1.0 sections 2, 5.1 allow other claims); RFC 9068 section 2.2.3 (scope is an access token's)",
		b.signed(b.idHeader("JWT"), b.idClaims(at(scope)...)))
	b.add(`access token untyped, with scope`, "RFC 8725 section 3.12 (hardening: OpenID Connect Core 1.0 sections 2, 5.1 allow other claims); RFC 9068 section 2.2.3",
		b.signed(b.idHeader(""), b.idClaims(scope)))
}

// IDTokenAttacks is the package function IDTokenAttacks for the
// provider's Target (its ClientID as "aud"; set Nonce, AccessToken or AZP
// on a Target of your own for their attacks); an error fails the test
// (t.Fatal). Nil for a nil Provider.
func (p *Provider) IDTokenAttacks() []Attack {
	if !p.ok() {
		return nil
	}
	p.t.Helper()
	a, err := IDTokenAttacks(p.Target())
	if err != nil {
		p.t.Fatalf("jwttest: IDTokenAttacks: %v", err)
	}
	return a
}
