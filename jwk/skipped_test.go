package jwk_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// goodOct is a valid HMAC key with kid "h", the one a test token uses.
const goodOct = `{"kty":"oct","kid":"h","alg":"HS256","k":"` + hmac + `"}`

// oddKeys are JWKs each broken in one member (RFC 7517 section 4), every
// one of which ParseKey refuses with ErrInvalidKey and ParseSet skips.
var oddKeys = []struct{ name, key string }{
	{"numeric kid", `{"kty":"oct","kid":7,"k":"` + hmac + `"}`},
	{"kid null", `{"kty":"oct","kid":null,"k":"` + hmac + `"}`},
	{"mistyped use", `{"kty":"oct","kid":"odd","use":true,"k":"` + hmac + `"}`},
	{"mistyped alg", `{"kty":"oct","kid":"odd","alg":["HS256"],"k":"` + hmac + `"}`},
	{"repeated key_ops", `{"kty":"oct","kid":"odd","key_ops":["verify","verify"],"k":"` + hmac + `"}`},
	{"non-array key_ops", `{"kty":"oct","kid":"odd","key_ops":"verify","k":"` + hmac + `"}`},
	{"key_ops of non-strings", `{"kty":"oct","kid":"odd","key_ops":[1],"k":"` + hmac + `"}`},
	{"missing kty", `{"kid":"odd","k":"` + hmac + `"}`},
	{"kty not a string", `{"kty":1,"kid":"odd","k":"` + hmac + `"}`},
	{"empty object", `{}`},
	{"duplicate member inside one key", `{"kty":"oct","kid":"odd","k":"` + hmac + `","k":"` + hmac + `"}`},
	{"duplicate kty inside one key", `{"kty":"oct","kty":"RSA","kid":"odd","k":"` + hmac + `"}`},
	{"duplicate member nested inside one key", `{"kty":"oct","kid":"odd","k":"` + hmac + `","ext":{"a":1,"a":2}}`},
	{"case-folded look-alike members inside one key", `{"kty":"oct","kid":"odd","k":"` + hmac + `","K":"` + hmac + `"}`},
	{"lone surrogate escape inside one key", `{"kty":"oct","kid":"\ud800","k":"` + hmac + `"}`},
	{"number out of range inside one key", `{"kty":"oct","kid":"odd","exp":1e400,"k":"` + hmac + `"}`},
}

// TestParseSet_OneOddKeyIsSkippedAndListedBySkipped_TheOthersStillVerify:
// RFC 7517 section 5, "implementations SHOULD ignore JWKs ... that are
// missing required members, or for which values are out of the supported
// ranges": one key with a mistyped, missing, repeated or duplicate member
// is skipped and listed by Skipped() (matching ErrInvalidKey, not
// ErrInvalidSet), before or after a good key, and the good key verifies.
func TestParseSet_OneOddKeyIsSkippedAndListedBySkipped_TheOthersStillVerify(t *testing.T) {
	tok := mustSign(t, jwt.HS256, mustB64(hmac), "h")
	for _, odd := range oddKeys {
		for _, doc := range []string{
			`{"keys":[` + odd.key + `,` + goodOct + `]}`,
			`{"keys":[` + goodOct + `,` + odd.key + `],"issuer":"x"}`,
		} {
			t.Run(odd.name, func(t *testing.T) {
				if _, err := jwk.ParseKey([]byte(odd.key)); !errors.Is(err, jwk.ErrInvalidKey) {
					t.Fatalf("ParseKey(%s) = %v, want ErrInvalidKey", odd.key, err)
				}
				s, err := jwk.ParseSet([]byte(doc))
				if err != nil {
					t.Fatalf("ParseSet(%s): %v", doc, err)
				}
				if s.Len() != 1 || len(s.LookupKeyID("h")) != 1 {
					t.Fatalf("%d keys, want the good one", s.Len())
				}
				sk := s.Skipped()
				if len(sk) != 1 || !errors.Is(sk[0], jwk.ErrInvalidKey) || errors.Is(sk[0], jwk.ErrInvalidSet) || !strings.Contains(sk[0].Error(), "key ") {
					t.Fatalf("Skipped() = %v, want the odd key's ErrInvalidKey", sk)
				}
				if _, err := jwt.Parse(tok, s); err != nil {
					t.Fatalf("the good key beside the odd one: %v", err)
				}
				t.Logf("skipped: %v", sk[0])
			})
		}
	}
}

// TestParseSet_ASetWhoseEveryKeyIsOddFailsWithTheFirstKeysError: with no
// usable key the set fails (a RemoteSet then keeps its last good keys),
// with ErrInvalidKey.
func TestParseSet_ASetWhoseEveryKeyIsOddFailsWithTheFirstKeysError(t *testing.T) {
	for _, odd := range oddKeys {
		t.Run(odd.name, func(t *testing.T) {
			_, err := jwk.ParseSet([]byte(`{"keys":[` + odd.key + `,` + odd.key + `]}`))
			if !errors.Is(err, jwk.ErrInvalidKey) || !strings.Contains(err.Error(), "key 0") {
				t.Fatalf("ParseSet = %v, want key 0's ErrInvalidKey", err)
			}
		})
	}
}

// TestParseSet_TheDocumentLevelStaysStrict: whatever the keys, the set
// fails with ErrInvalidSet when the document is not a JSON object with a
// "keys" array, is not valid JSON or UTF-8 anywhere (also inside a key),
// has duplicate or case-folded look-alike member names outside the keys
// (at the top level or nested), or data after the object; and a "keys"
// element that is not a JSON object fails it too.
func TestParseSet_TheDocumentLevelStaysStrict(t *testing.T) {
	dupInKey := `{"kty":"oct","k":"` + hmac + `","k":"` + hmac + `"}`
	tests := []struct{ name, doc string }{
		{"duplicate keys member", `{"keys":[` + goodOct + `],"keys":[` + goodOct + `]}`},
		{"duplicate keys member beside a key with a duplicate member", `{"keys":[` + dupInKey + `,` + goodOct + `],"keys":[]}`},
		{"duplicate top-level member", `{"keys":[` + goodOct + `],"a":1,"a":2}`},
		{"duplicate top-level member beside a key with a duplicate member", `{"a":1,"keys":[` + dupInKey + `,` + goodOct + `],"a":2}`},
		{"case-folded look-alike of keys", `{"keys":[` + goodOct + `],"KEYS":[]}`},
		{"duplicate member nested in a top-level member", `{"keys":[` + goodOct + `],"meta":{"a":1,"a":2}}`},
		{"duplicate member nested in a top-level member beside a key with a duplicate member", `{"keys":[` + dupInKey + `,` + goodOct + `],"meta":[{"a":1,"a":2}]}`},
		{"invalid UTF-8 inside a key", "{\"keys\":[{\"kty\":\"oct\",\"kid\":\"\xff\",\"k\":\"" + hmac + "\"}," + goodOct + "]}"},
		{"invalid UTF-8 inside a key with a duplicate member", "{\"keys\":[{\"kty\":\"oct\",\"kid\":\"\xff\",\"k\":\"" + hmac + "\",\"k\":\"" + hmac + "\"}," + goodOct + "]}"},
		{"invalid UTF-8 outside the keys", "{\"keys\":[" + goodOct + "],\"x\":\"\xc0\"}"},
		{"invalid JSON inside a key", `{"keys":[{"kty":"oct",},` + goodOct + `]}`},
		{"invalid JSON inside a key with a duplicate member", `{"keys":[{"kty":"oct","kty":01},` + goodOct + `]}`},
		{"data after the object", `{"keys":[` + goodOct + `]} {}`},
		{"data after the object beside a key with a duplicate member", `{"keys":[` + dupInKey + `,` + goodOct + `]} {}`},
		{"top-level array", `[` + goodOct + `]`},
		{"no keys member", `{"key":[` + goodOct + `]}`},
		{"no keys member beside a duplicate", `{"key":[` + dupInKey + `]}`},
		{"keys not an array", `{"keys":` + goodOct + `}`},
		{"keys an object with a duplicate member", `{"keys":` + dupInKey + `}`},
		{"number out of range outside the keys", `{"keys":[` + dupInKey + `,` + goodOct + `],"n":1e400}`},
		{"lone surrogate escape outside the keys", `{"keys":[` + dupInKey + `,` + goodOct + `],"n":"\udc00"}`},
		{"nesting too deep outside the keys", `{"keys":[` + dupInKey + `,` + goodOct + `],"n":` + strings.Repeat("[", 70) + strings.Repeat("]", 70) + `}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := jwk.ParseSet([]byte(tt.doc))
			if !errors.Is(err, jwk.ErrInvalidSet) || !errors.Is(err, jwt.ErrInvalidKey) {
				t.Fatalf("ParseSet = %v, %v; want ErrInvalidSet", s, err)
			}
			t.Logf("%v", err)
		})
	}
	for _, elem := range []string{`"x"`, `1`, `null`, `[` + goodOct + `]`} {
		for _, doc := range []string{`{"keys":[` + goodOct + `,` + elem + `]}`, `{"keys":[` + dupInKey + `,` + elem + `,` + goodOct + `]}`} {
			_, err := jwk.ParseSet([]byte(doc))
			if !errors.Is(err, jwk.ErrInvalidSet) || !errors.Is(err, jwk.ErrInvalidKey) {
				t.Errorf("ParseSet(%s) = %v; want ErrInvalidSet and ErrInvalidKey (a key that is not an object)", doc, err)
			}
		}
	}
}

// TestRemoteSet_RotationPublishedWithOneOddKeyBesideTheNewKeyServesTheNewKey:
// an identity provider rotates in a new key and publishes, beside it, one
// key with a numeric kid or a duplicate member: the remote set takes the
// new document and the new key's tokens verify.
func TestRemoteSet_RotationPublishedWithOneOddKeyBesideTheNewKeyServesTheNewKey(t *testing.T) {
	t.Parallel()
	k := testKeys()
	old := mustKey(t, k.ec256, jwk.Params{KeyID: "old"})
	next := mustKey(t, k.ec384, jwk.Params{KeyID: "new"})
	for _, odd := range oddKeys {
		t.Run(odd.name, func(t *testing.T) {
			f := newFixture(t, publish(t, old))
			if err := f.parse(mustSign(t, jwt.ES256, k.ec256, "old")); err != nil {
				t.Fatal(err)
			}
			rotated := string(publish(t, next))
			rotated = `{"keys":[` + odd.key + `,` + rotated[len(`{"keys":[`):]
			f.srv.setBody([]byte(rotated))
			tok := mustSign(t, jwt.ES384, k.ec384, "new")
			if _, err := jwt.Parse(tok, f.remote); err != nil {
				t.Fatalf("new key published beside an odd one: %v", err)
			}
			if err := f.parse(tok); err != nil {
				t.Fatal(err)
			}
			if st := f.remote.Stats(); st.Failures != 0 || len(f.remote.Set().Skipped()) != 1 {
				t.Fatalf("stats %+v, skipped %v", st, f.remote.Set().Skipped())
			}
			if _, err := f.v.ParseContext(context.Background(), mustSign(t, jwt.ES256, k.ec256, "old")); !errors.Is(err, jwk.ErrKeyNotFound) {
				t.Fatalf("rotated-out key: %v", err)
			}
		})
	}
}
