package jwttest

// idClaims are the genuine claims of an ID token (OpenID Connect Core 1.0
// section 2: "iss", "sub", "aud" the client, "exp", "iat"); extra appends.
func (b *builder) idClaims(extra ...member) []member {
	return append([]member{
		{"iss", b.t.Issuer}, {"sub", b.t.Subject}, {"aud", b.t.ClientID},
		{"iat", b.now.Unix()}, {"exp", b.now.Add(DefaultLifetime).Unix()},
	}, extra...)
}

// idHeader is the genuine header of an ID token: "alg", "typ" "JWT" (OpenID
// Connect defines no "typ"; "JWT" is what providers write), "kid".
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
	if target.Audience == "" { // not read: the ID token's audience is the client
		target.Audience = target.ClientID
		if target.Audience == "" {
			target.Audience = DefaultClientID
		}
	}
	return newBuilder(target)
}

// GenuineIDToken is the token every IDTokenAttacks attack is a variation
// of: an ID token (OpenID Connect Core 1.0 section 2, "typ" "JWT") of
// Target.Issuer for Target.ClientID ("aud"), signed with the Target's key.
// Check that the ID-token verifier under test accepts it. Target.Audience
// is not read and may be empty.
func GenuineIDToken(target Target) (string, error) {
	b, err := newIDBuilder(target)
	if err != nil {
		return "", err
	}
	tok := b.signed(b.idHeader("JWT"), b.idClaims())
	return tok, b.err
}

// IDTokenAttacks builds the reverse of the catalogue's "ID token sent to
// the API": access tokens sent to a relying party's ID-token verifier (RFC
// 8725 section 3.12: tokens of one kind must not be accepted as another;
// RFC 9068 section 2.1: an access token is "typ" "at+jwt"). Each is signed
// with the genuine key, by Target.Issuer, for Target.ClientID as "aud" (as
// an ID token would be), and lives as long as a genuine one; a verifier
// that checks only the signature, "iss", "aud" and "exp" accepts every one.
// Target.Audience is not read and may be empty. The rest of the catalogue
// (Attacks) is built as access tokens: run it against an ID-token verifier
// and most are refused for their "typ", proving little. A Target it cannot
// build for is ErrInvalidTarget.
func IDTokenAttacks(target Target) ([]Attack, error) {
	b, err := newIDBuilder(target)
	if err != nil {
		return nil, err
	}
	at := []member{{"client_id", b.t.ClientID}, {"jti", b.jti}}
	scope := member{"scope", "openid profile"}
	b.add(`access token sent as an ID token (typ at+jwt, scope, client_id, jti)`,
		"RFC 8725 section 3.12; RFC 9068 section 2.1",
		b.signed(b.idHeader("at+jwt"), b.idClaims(append(at, scope)...)))
	b.add(`access token with ID-token claims only (typ at+jwt)`, "RFC 8725 section 3.12; RFC 9068 section 2.1",
		b.signed(b.idHeader("at+jwt"), b.idClaims()))
	b.add(`access token typed application/at+jwt`, "RFC 8725 section 3.12; RFC 9068 section 2.1 (media type, RFC 7515 section 4.1.9)",
		b.signed(b.idHeader("application/at+jwt"), b.idClaims(at...)))
	b.add(`access token typed AT+JWT (media types are case-insensitive)`, "RFC 8725 section 3.12; RFC 9068 section 2.1; RFC 2045 section 5.1",
		b.signed(b.idHeader("AT+JWT"), b.idClaims(at...)))
	b.add(`access token typed JWT, with scope`, "RFC 8725 section 3.12; RFC 9068 section 2.2.3 (scope is an access token's)",
		b.signed(b.idHeader("JWT"), b.idClaims(append(at, scope)...)))
	b.add(`access token untyped, with scope`, "RFC 8725 section 3.12; RFC 9068 section 2.2.3",
		b.signed(b.idHeader(""), b.idClaims(scope)))
	if b.err != nil {
		return nil, b.err
	}
	return b.out, nil
}

// IDTokenAttacks is the package function IDTokenAttacks for the
// provider's Target (its ClientID as "aud"); an error fails the test
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
