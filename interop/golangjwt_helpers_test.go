package interop

import (
	"context"
	"crypto"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	gjwt "github.com/golang-jwt/jwt/v5"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// Helpers of the golang-jwt differential port (golangjwt_cases_test.go):
// the keys both libraries use, the key sources of golang-jwt's tables on
// each side, the claims types, and how golang-jwt's errors map to ours.

// gjFix is the key material of the port. golang-jwt's tests load their own
// keys from disk; the tokens and keys are data, so every token is re-made
// with the committed fixtures (testdata/keys) at test time.
type gjFix struct {
	rsa  *keyPair // RS*, PS*
	ec   *keyPair // ES256 (P-256)
	ec3  *keyPair // ES384
	ec5  *keyPair // ES512
	ed   *keyPair // EdDSA
	hmac []byte   // HS*: 64 bytes, like golang-jwt's test/hmacTestKey
	now  time.Time
}

func newGJFix(f *fixtures) *gjFix {
	pair := func(priv crypto.Signer) *keyPair { return &keyPair{priv, priv.Public()} }
	return &gjFix{
		rsa:  pair(f.rsa2048),
		ec:   pair(f.ec["p256"]),
		ec3:  pair(f.ec["p384"]),
		ec5:  pair(f.ec["p521"]),
		ed:   &keyPair{f.ed, f.ed.Public().(ed25519.PublicKey)},
		hmac: hmacSecret(64),
		now:  time.Now(),
	}
}

// pair returns the key pair that signs alg.
func (f *gjFix) pair(alg jwt.Algorithm) *keyPair {
	switch alg {
	case jwt.HS256, jwt.HS384, jwt.HS512:
		return &keyPair{f.hmac, f.hmac}
	case jwt.ES256:
		return f.ec
	case jwt.ES384:
		return f.ec3
	case jwt.ES512:
		return f.ec5
	case jwt.EdDSA:
		return f.ed
	}
	return f.rsa
}

// unix is now shifted by d, in whole seconds, as golang-jwt's tables write
// their times (time.Now().Unix() ± n).
func (f *gjFix) unix(d time.Duration) int64 { return f.now.Add(d).Unix() }

// token signs claims (marshalled by encoding/json, a string taken as JSON
// text) with alg under the header {"alg":alg,"typ":"JWT"}, by the standard
// library alone (forge_test.go): neither library under test makes it.
func (f *gjFix) token(alg jwt.Algorithm, c any) string {
	payload, ok := c.(string)
	if !ok {
		b, err := json.Marshal(c)
		if err != nil {
			panic(err) // test set-up
		}
		payload = string(b)
	}
	return forgeJSON(fmt.Sprintf(`{"alg":%q,"typ":"JWT"}`, alg), payload, alg, f.pair(alg).private)
}

// keySrc is one of the keyfuncs of golang-jwt's parser table, ported.
type keySrc int

const (
	keyDefault       keySrc = iota // the key of the token's algorithm
	keyRSA                         // defaultKeyFunc: the RSA public key
	keyEC                          // ecdsaKeyFunc: the P-256 public key
	keyNilFunc                     // nilKeyFunc: no keyfunc at all
	keyNilKey                      // emptyKeyFunc: returns nil, nil
	keyError                       // errorKeyFunc: returns errKeyFunc
	keySetLast                     // VerificationKeySet{EC, RSA}
	keySetFirst                    // VerificationKeySet{RSA, EC}
	keySetTwice                    // VerificationKeySet{RSA, RSA}
	keySetNils                     // VerificationKeySet{nil, nil}
	keySetEmpty                    // VerificationKeySet{}
	keyPlainSlice                  // []VerificationKey{RSA, EC}: a plain slice, not a set
	keyZeroSlice                   // []any{}: a plain empty slice
	keyNoneOrDefault               // golang-jwt: UnsafeAllowNoneSignatureType; ours: the RSA key
)

var errKeyFunc = errors.New("error loading key")

// gjKeyfunc is the golang-jwt side of a key source.
func (f *gjFix) gjKeyfunc(src keySrc, alg jwt.Algorithm) gjwt.Keyfunc {
	rsaPub, ecPub := f.rsa.public, f.ec.public
	ret := func(v any) gjwt.Keyfunc { return func(*gjwt.Token) (any, error) { return v, nil } }
	switch src {
	case keyRSA:
		return ret(rsaPub)
	case keyEC:
		return ret(ecPub)
	case keyNilFunc:
		return nil
	case keyNilKey:
		return ret(nil)
	case keyError:
		return func(*gjwt.Token) (any, error) { return nil, errKeyFunc }
	case keySetLast:
		return ret(gjwt.VerificationKeySet{Keys: []gjwt.VerificationKey{ecPub, rsaPub}})
	case keySetFirst:
		return ret(gjwt.VerificationKeySet{Keys: []gjwt.VerificationKey{rsaPub, ecPub}})
	case keySetTwice:
		return ret(gjwt.VerificationKeySet{Keys: []gjwt.VerificationKey{rsaPub, rsaPub}})
	case keySetNils:
		return ret(gjwt.VerificationKeySet{Keys: []gjwt.VerificationKey{nil, nil}})
	case keySetEmpty:
		return ret(gjwt.VerificationKeySet{})
	case keyPlainSlice:
		return ret([]gjwt.VerificationKey{rsaPub, ecPub})
	case keyZeroSlice:
		return ret([]any{})
	case keyNoneOrDefault:
		return ret(gjwt.UnsafeAllowNoneSignatureType)
	}
	return ret(f.pair(alg).public)
}

// ourKey is our side of a key source: a KeyFunc where golang-jwt has a
// Keyfunc, a KeySet where it returns a VerificationKeySet.
func (f *gjFix) ourKey(src keySrc, alg jwt.Algorithm) any {
	rsaPub, ecPub := f.rsa.public, f.ec.public
	ret := func(v any) jwt.KeyFunc { return func(*jwt.Header) (any, error) { return v, nil } }
	switch src {
	case keyRSA, keyNoneOrDefault:
		return ret(rsaPub)
	case keyEC:
		return ret(ecPub)
	case keyNilFunc:
		return jwt.KeyFunc(nil)
	case keyNilKey:
		return ret(nil)
	case keyError:
		return jwt.KeyFunc(func(*jwt.Header) (any, error) { return nil, errKeyFunc })
	case keySetLast:
		return keyList{ecPub, rsaPub}
	case keySetFirst:
		return keyList{rsaPub, ecPub}
	case keySetTwice:
		return keyList{rsaPub, rsaPub}
	case keySetNils:
		return keyList{nil, nil}
	case keySetEmpty:
		return keyList{}
	case keyPlainSlice:
		return ret([]any{rsaPub, ecPub})
	case keyZeroSlice:
		return ret([]any{})
	}
	return f.pair(alg).public // golang-jwt's keyfunc returning one fixed key: the key itself
}

// keyList is the jwt.KeySet a golang-jwt VerificationKeySet ports to: every
// key is a candidate, tried in turn.
type keyList []any

func (l keyList) VerificationKeys(context.Context, *jwt.Header) ([]any, error) { return l, nil }

// claimsKind is what both libraries decode the claims into.
type claimsKind int

const (
	intoMap        claimsKind = iota // jwt.MapClaims ↔ jwt.Parse (map[string]any)
	intoRegistered                   // *jwt.RegisteredClaims ↔ *claims.Registered
	intoTypes                        // golang-jwt's customClaimsWithDifferentTypes
	intoFoo                          // golang-jwt's MyCustomClaims, with Validate
)

type customObject struct {
	Property string `json:"property"`
}

type gjTypes struct {
	StringClaim     string       `json:"stringClaim"`
	IntClaim        int          `json:"intClaim"`
	BoolClaim       bool         `json:"boolClaim"`
	UintClaim       uint         `json:"uintClaim"`
	FloatClaim      float64      `json:"floatClaim"`
	SliceClaim      []int        `json:"sliceClaim"`
	ObjectClaim     customObject `json:"objectClaim"`
	NilPointerClaim *int         `json:"nilPointerClaim"`
	gjwt.RegisteredClaims
}

type ourTypes struct {
	StringClaim     string       `json:"stringClaim"`
	IntClaim        int          `json:"intClaim"`
	BoolClaim       bool         `json:"boolClaim"`
	UintClaim       uint         `json:"uintClaim"`
	FloatClaim      float64      `json:"floatClaim"`
	SliceClaim      []int        `json:"sliceClaim"`
	ObjectClaim     customObject `json:"objectClaim"`
	NilPointerClaim *int         `json:"nilPointerClaim"`
	claims.Registered
}

var errFooBar = errors.New("must be foobar")

// gjFoo is golang-jwt's MyCustomClaims: a ClaimsValidator.
type gjFoo struct {
	Foo string `json:"foo"`
	gjwt.RegisteredClaims
}

func (c gjFoo) Validate() error {
	if c.Foo != "bar" {
		return errFooBar
	}
	return nil
}

// ourFoo is the port: the same Validate method on a struct embedding
// claims.Registered (jwt.ClaimsValidator).
type ourFoo struct {
	Foo string `json:"foo"`
	claims.Registered
}

func (c ourFoo) Validate() error {
	if c.Foo != "bar" {
		return errFooBar
	}
	return nil
}

func gjTarget(k claimsKind) gjwt.Claims {
	switch k {
	case intoRegistered:
		return &gjwt.RegisteredClaims{}
	case intoTypes:
		return &gjTypes{}
	case intoFoo:
		return &gjFoo{}
	}
	return gjwt.MapClaims{}
}

func ourTarget(k claimsKind) any {
	switch k {
	case intoRegistered:
		return &claims.Registered{}
	case intoTypes:
		return &ourTypes{}
	case intoFoo:
		return &ourFoo{}
	}
	return &map[string]any{}
}

// ourMapping is how golang-jwt's errors map to ours (MIGRATING.md,
// "Errors"). gjClasses applies it to one golang-jwt error: the sentinels
// ours must match for the same token.
var ourMapping = []struct {
	gj, ours error
}{
	{gjwt.ErrTokenRequiredClaimMissing, jwt.ErrMissingClaim},
	{gjwt.ErrTokenInvalidAudience, jwt.ErrInvalidAudience},
	{gjwt.ErrTokenInvalidIssuer, jwt.ErrInvalidIssuer},
	{gjwt.ErrTokenInvalidSubject, jwt.ErrInvalidSubject},
	{gjwt.ErrTokenExpired, jwt.ErrTokenExpired},
	{gjwt.ErrTokenNotValidYet, jwt.ErrTokenNotValidYet},
	{gjwt.ErrTokenUsedBeforeIssued, jwt.ErrTokenUsedBeforeIssued},
	{gjwt.ErrTokenInvalidClaims, jwt.ErrTokenInvalidClaims},
}

// gjClasses maps a golang-jwt error to the sentinels ours must carry. The
// order matters where golang-jwt wraps one error in another:
//   - ErrInvalidType (a registered claim of the wrong JSON type) is
//     ErrTokenMalformed here, refused by the strict pass before any claim
//     rule, so not an ErrTokenInvalidClaims;
//   - ErrInvalidKeyType/ErrInvalidKey (wrapped in ErrTokenSignatureInvalid)
//     is ErrInvalidKey;
//   - a disallowed, unknown or "none" alg (ErrTokenSignatureInvalid "signing
//     method X is invalid", ErrTokenUnverifiable "signing method (alg) is
//     unavailable", the none errors) is ErrAlgorithmNotAllowed;
//   - any other ErrTokenUnverifiable (no keyfunc, its error, an empty key
//     set) is ErrInvalidKey.
func gjClasses(err error) []error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, gjwt.ErrTokenMalformed), errors.Is(err, gjwt.ErrInvalidType):
		return []error{jwt.ErrTokenMalformed}
	case errors.Is(err, gjwt.ErrInvalidKeyType), errors.Is(err, gjwt.ErrInvalidKey):
		return []error{jwt.ErrInvalidKey}
	case gjAlgRefused(err):
		return []error{jwt.ErrAlgorithmNotAllowed}
	case errors.Is(err, gjwt.ErrTokenUnverifiable):
		return []error{jwt.ErrInvalidKey}
	case errors.Is(err, gjwt.ErrTokenSignatureInvalid):
		return []error{jwt.ErrSignatureInvalid}
	}
	var out []error
	for _, m := range ourMapping {
		if errors.Is(err, m.gj) {
			out = append(out, m.ours)
		}
	}
	if len(out) == 0 {
		out = append(out, fmt.Errorf("unmapped golang-jwt error %q", err))
	}
	return out
}

// gjAlgRefused reports golang-jwt refusing the token's alg (golang-jwt has
// no sentinel of its own for it; its messages are stable since v5.0).
func gjAlgRefused(err error) bool {
	msg := err.Error()
	return errors.Is(err, gjwt.NoneSignatureTypeDisallowedError) ||
		strings.Contains(msg, "'none' signing method") ||
		strings.Contains(msg, "signing method (alg) is") ||
		(strings.Contains(msg, "signing method ") && strings.Contains(msg, " is invalid"))
}

// normalized is decoded claims as comparable JSON: one audience written as
// a string equals a one-element array (RFC 7519 section 4.1.3; golang-jwt
// writes an array, we write a string).
func normalized(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("marshal: %v", err)
	}
	var out any
	d := json.NewDecoder(strings.NewReader(string(b)))
	d.UseNumber()
	if err := d.Decode(&out); err != nil {
		return fmt.Sprintf("decode: %v", err)
	}
	if m, ok := out.(map[string]any); ok {
		if s, ok := m["aud"].(string); ok {
			m["aud"] = []any{s}
		}
	}
	return out
}

// deref returns what a claims pointer points to.
func deref(v any) any {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer && !rv.IsNil() {
		return rv.Elem().Interface()
	}
	return v
}
