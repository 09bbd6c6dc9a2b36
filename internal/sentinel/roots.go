package sentinel

// The jwt package's sentinels (jwt.ErrTokenMalformed is TokenMalformed, and
// so on; errors.go documents them for users).
var (
	// TokenMalformed: not a well-formed compact JWS (RFC 7515 section 7.1),
	// or a header or claims JSON or type rule broken (RFC 7519 section 7.2).
	TokenMalformed = New("jwt: token is malformed")
	// TokenTooLarge: the token is longer than the size cap.
	TokenTooLarge = New("jwt: token is malformed: token exceeds the size cap", TokenMalformed)
	// Encoding: the Encoder failed to marshal or decode the claims.
	Encoding = New("jwt: claims encoding failed")
	// AlgorithmNotAllowed: "alg" is unknown, "none", not allowed, or does
	// not fit the key's type (RFC 8725 section 3.1).
	AlgorithmNotAllowed = New("jwt: algorithm not allowed")
	// InvalidKey: a key that is nil, of an unsupported type, the wrong size,
	// too weak (RFC 7518 sections 3.2, 3.3 and 3.5), or unfit for the
	// operation; or no key found.
	InvalidKey = New("jwt: invalid key")
	// SignatureInvalid: the signature does not verify (RFC 7515 section
	// 5.2).
	SignatureInvalid = New("jwt: signature is invalid")
	// InvalidType: "typ" is not an allowed type (RFC 7515 section 4.1.9;
	// RFC 8725 section 3.11).
	InvalidType = New("jwt: token has an invalid type")
	// InvalidOption: an option was given an unusable value.
	InvalidOption = New("jwt: invalid option")
	// SigningFailed: a signer (a KMS or HSM crypto.Signer) failed or
	// returned a malformed signature.
	SigningFailed = New("jwt: signing failed")
)

// The claim sentinels: the verdicts of the claim rules (internal/claimrules)
// on RFC 7519 section 4.1's registered claims. Each also matches
// TokenInvalidClaims.
var (
	// TokenInvalidClaims: the signature verified but a claim rule failed
	// (RFC 7519 section 7.2, step 10: the claims are validated after the
	// signature). Every other claim sentinel matches it.
	TokenInvalidClaims = New("jwt: token has invalid claims")
	// TokenExpired: now is on or after "exp" plus the leeway (RFC 7519
	// section 4.1.4).
	TokenExpired = New("jwt: token is expired", TokenInvalidClaims)
	// TokenNotValidYet: now is before "nbf" minus the leeway (RFC 7519
	// section 4.1.5).
	TokenNotValidYet = New("jwt: token is not valid yet", TokenInvalidClaims)
	// TokenUsedBeforeIssued: "iat" is after now plus the leeway (RFC 7519
	// section 4.1.6).
	TokenUsedBeforeIssued = New("jwt: token used before issued", TokenInvalidClaims)
	// InvalidAudience: "aud" names none of the required audiences (RFC 7519
	// section 4.1.3).
	InvalidAudience = New("jwt: token has an invalid audience", TokenInvalidClaims)
	// InvalidIssuer: "iss" is not the required issuer (RFC 7519 section 4.1.1).
	InvalidIssuer = New("jwt: token has an invalid issuer", TokenInvalidClaims)
	// InvalidSubject: "sub" is not the required subject (RFC 7519 section 4.1.2).
	InvalidSubject = New("jwt: token has an invalid subject", TokenInvalidClaims)
	// MissingClaim: a required claim is absent (RFC 7519 section 4.1).
	MissingClaim = New("jwt: token is missing a required claim", TokenInvalidClaims)
)

// Named is one of the jwt package's sentinels and its name there.
type Named struct {
	Name string // "ErrTokenMalformed"
	Err  error
}

// Ordered is the one list of the jwt package's sentinels, each once, the
// most specific first (a child before its parent; the token's form, then
// its key and signature, then its claims): an error is classified by the
// first it matches — a VerifyEvent's Outcome, the corpus's verdicts and the
// jwt command's exit code. errors_once_test.go checks it against the jwt
// package's exported errors.
var Ordered = []Named{
	{"ErrTokenTooLarge", TokenTooLarge},
	{"ErrEncoding", Encoding},
	{"ErrTokenMalformed", TokenMalformed},
	{"ErrAlgorithmNotAllowed", AlgorithmNotAllowed},
	{"ErrInvalidKey", InvalidKey},
	{"ErrSignatureInvalid", SignatureInvalid},
	{"ErrTokenExpired", TokenExpired},
	{"ErrTokenNotValidYet", TokenNotValidYet},
	{"ErrTokenUsedBeforeIssued", TokenUsedBeforeIssued},
	{"ErrInvalidAudience", InvalidAudience},
	{"ErrInvalidIssuer", InvalidIssuer},
	{"ErrInvalidSubject", InvalidSubject},
	{"ErrMissingClaim", MissingClaim},
	{"ErrInvalidType", InvalidType},
	{"ErrTokenInvalidClaims", TokenInvalidClaims},
	{"ErrInvalidOption", InvalidOption},
	{"ErrSigningFailed", SigningFailed},
}
