package profileclaims

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/strictjson"
)

// testProfile has one claim of each kind.
var testProfile = Profile{
	Package:  "test",
	Spec:     "spec section 1",
	ClaimOf:  "a test claim",
	Type:     "test+jwt",
	Required: []string{"iss", "aud", "client_id"},
	Claims: []Claim{
		{"client_id", String}, {"amr", Strings}, {"auth_time", Date}, {"nonce", Marker},
	},
}

// members hands p.Member each member of payload, as the core's strict pass
// does (internal/verified), until the first error.
func members(p *Profile, payload string, found func(Claim, Value)) error {
	return strictjson.Object([]byte(payload), func(key strictjson.Key, value []byte) error {
		return p.Member(key.Name(), value, found)
	})
}

// RFC 7519 section 4: Member reads the profile's claims by their exact
// names, type-checks them (null is absent), reports markers of any type,
// and refuses look-alikes of the profile's claims, never of markers.
func TestMember_ExactNamesKindsLookAlikes(t *testing.T) {
	type got struct {
		name, str string
		unix      int64 // a Date's value, 0 for the other kinds
	}
	for _, tc := range []struct {
		payload string
		want    []got
		err     string // substring of the error, "" for none
	}{
		{`{"client_id":"c","amr":["pwd"],"auth_time":1,"nonce":5,"aud":"x"}`,
			[]got{{"client_id", "c", 0}, {"amr", "", 0}, {"auth_time", "", 1}, {"nonce", "", 0}}, ""},
		{`{"client_id":null,"nonce":null,"other":1}`, nil, ""},
		{`{"Nonce":"x","C_HASH":1}`, nil, ""},
		{`{"client_id":1}`, nil, `claim "client_id" must be a string (spec section 1)`},
		{`{"amr":"pwd"}`, nil, `must be an array of strings`},
		{`{"auth_time":"x"}`, nil, `must be a NumericDate`},
		{`{"Client_ID":"c"}`, nil, `claim "Client_ID" folds to "client_id", a test claim (names are case-sensitive`},
		{`{"AMR":[]}`, nil, `folds to "amr"`},
		{`{"cl\u0131ent_id":"c"}`, nil, `folds to "client_id"`}, // dotless i (upper-cases to I)
		{"{\"auth_t\u0130me\":1}", nil, `folds to "auth_time"`}, // dotted capital I (lower-cases to i)
		{"{\"\uff41mr\":[]}", nil, ""},                          // fullwidth a: another name
		{`{"\u0061mr":["x"]}`, []got{{"amr", "", 0}}, ""},
	} {
		var found []got
		err := members(&testProfile, tc.payload, func(c Claim, v Value) {
			var unix int64
			if !v.Time.IsZero() {
				unix = v.Time.Unix()
			}
			found = append(found, got{c.Name, v.Text(), unix})
		})
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.payload, err)
		case tc.err != "" && (!errors.Is(err, jwt.ErrTokenMalformed) || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: %v, want ErrTokenMalformed with %q", tc.payload, err, tc.err)
		}
		if tc.err == "" && !slices.Equal(found, tc.want) {
			t.Errorf("%s: found %v, want %v", tc.payload, found, tc.want)
		}
	}
}

// Sign refuses claims without a required one, naming each in Required's
// order, a nil Signer as jwt.ErrInvalidKey, and signs complete claims.
func TestSign_RequiredClaims(t *testing.T) {
	core, err := testProfile.NewSigner(jwt.HS256, []byte("profileclaims-test-secret-32-bytes!"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := testProfile.Sign(nil, nil, &claims.Registered{}, nil); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Errorf("nil Signer: %v", err)
	}
	r := claims.Registered{Audience: claims.Audience{"a", ""}}
	_, err = testProfile.Sign(core, r, &r, nil)
	if !errors.Is(err, jwt.ErrMissingClaim) || !strings.Contains(err.Error(), `spec section 1 requires ["iss" "aud" "client_id"]`) {
		t.Errorf("missing: %v", err)
	}
	r = claims.Registered{Issuer: "i", Audience: claims.Audience{"a"}}
	tok, err := testProfile.Sign(core, r, &r, func(name string) bool { return name == "client_id" })
	if err != nil {
		t.Fatal(err)
	}
	u, err := jwt.ReadUnverified(tok)
	if err != nil || u.Header.Type != "test+jwt" {
		t.Errorf("typ %q (%v), want the profile's", u.Header.Type, err)
	}
}

// RFC 8725 section 3.11 (explicit typing): a profile's Signer writes the
// profile's "typ" in any media-type spelling a jwt.WithType asks for, or
// none when the profile allows it (Untyped) and jwt.WithType("") asks; any
// other "typ" is jwt.ErrInvalidOption naming the profile's rule, and the
// options' other errors are the jwt package's.
func TestNewSigner_TypOfTheProfile(t *testing.T) {
	secret := []byte("profileclaims-test-secret-32-bytes!")
	untyped := testProfile
	untyped.Untyped = true
	for _, c := range []struct {
		p    Profile
		typ  string
		want string // "" accepted; else a part of the error
	}{
		{testProfile, "test+jwt", ""},
		{testProfile, "Application/TEST+JWT", ""},
		{testProfile, "", `writes "typ" "test+jwt"`},
		{testProfile, "JWT", `not "JWT"`},
		{untyped, "", ""},
		{untyped, "at+jwt", `or none (spec section 1), not "at+jwt"`},
	} {
		core, err := c.p.NewSigner(jwt.HS256, secret, []jwt.Option{jwt.WithType(c.typ)})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("Untyped %v, WithType(%q): %v", c.p.Untyped, c.typ, err)
		case c.want != "" && (!errors.Is(err, jwt.ErrInvalidOption) || core != nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "spec section 1")):
			t.Errorf("Untyped %v, WithType(%q): %v, want ErrInvalidOption with %q", c.p.Untyped, c.typ, err, c.want)
		}
	}
	if _, err := testProfile.NewSigner(jwt.HS256, secret, []jwt.Option{jwt.WithAudience("a")}); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("a verify-side option: %v", err)
	}
}
