package profileclaims

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// testClaims is a profile's Claims for the tests: registered claims and
// "client_id".
type testClaims struct {
	claims.Registered
	ClientID string `json:"client_id,omitempty"`
}

// testExtended is a caller's type embedding testClaims.
type testExtended struct {
	testClaims
	Email string `json:"email"`
}

// rewriting is an Encoder that replaces, in encoding/json's output, old by
// new: what a codec with other naming or shadowing rules could write.
type rewriting struct{ old, new string }

func (r rewriting) Marshal(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	return bytes.ReplaceAll(b, []byte(r.old), []byte(r.new)), err
}

func (rewriting) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// RFC 7519 section 4: SignWith checks the Encoder's output, not only the
// type's fields: a profile claim replaced, dropped or renamed to a
// look-alike by the Encoder is jwt.ErrEncoding (a look-alike also
// jwt.ErrTokenMalformed, the Verifier's verdict), and an unchanged output
// signs.
func TestSignWith_EncoderOutputHoldsTheEmbeddedClaims(t *testing.T) {
	secret := []byte("profileclaims-test-secret-32-bytes!")
	c := testExtended{testClaims{claims.Registered{Issuer: "i", Audience: claims.Audience{"a"}}, "c"}, "e@example.com"}
	has := func(name string) bool { return name == "client_id" && c.ClientID != "" }
	for _, tc := range []struct {
		name      string
		enc       rewriting
		malformed bool
	}{
		{"client_id replaced", rewriting{`"client_id":"c"`, `"client_id":"d"`}, false},
		{"client_id dropped", rewriting{`"client_id":"c",`, ``}, false},
		{"client_id as a look-alike", rewriting{`"client_id"`, `"Client_ID"`}, true},
		{"empty claim added", rewriting{`"email"`, `"scope":"","email"`}, false},
	} {
		core, err := testProfile.NewSigner(jwt.HS256, secret, []jwt.Option{jwt.WithEncoder(tc.enc)})
		if err != nil {
			t.Fatal(err)
		}
		tok, err := testProfile.SignWith(core, &c, &c.testClaims, &c.Registered, has)
		if tc.name == "empty claim added" {
			if err != nil { // "scope" is no claim of testClaims
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		if !errors.Is(err, jwt.ErrEncoding) || tok != "" || tc.malformed != errors.Is(err, jwt.ErrTokenMalformed) {
			t.Errorf("%s: %q, %v; want ErrEncoding (malformed %v)", tc.name, tok, err, tc.malformed)
		}
	}
	core, err := testProfile.NewSigner(jwt.HS256, secret, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := testProfile.SignWith(core, &c, &c.testClaims, &c.Registered, has); err != nil {
		t.Errorf("unchanged output: %v", err)
	}
}

// An omitted claim the Encoder writes as an empty JSON value (a codec
// without omitempty) is the embedded value still; a non-empty one is not.
func TestSignWith_OmittedClaimWrittenEmpty(t *testing.T) {
	secret := []byte("profileclaims-test-secret-32-bytes!")
	c := testExtended{testClaims{claims.Registered{Issuer: "i", Audience: claims.Audience{"a"}}, "c"}, "e"}
	has := func(name string) bool { return name == "client_id" }
	for add, ok := range map[string]bool{`"sub":"",`: true, `"jti":"",`: true, `"sub":"x",`: false} {
		core, err := testProfile.NewSigner(jwt.HS256, secret, []jwt.Option{jwt.WithEncoder(rewriting{`"email"`, add + `"email"`})})
		if err != nil {
			t.Fatal(err)
		}
		_, err = testProfile.SignWith(core, &c, &c.testClaims, &c.Registered, has)
		if ok != (err == nil) || !ok && !errors.Is(err, jwt.ErrEncoding) {
			t.Errorf("%s: %v, want ok %v", add, err, ok)
		}
	}
}
