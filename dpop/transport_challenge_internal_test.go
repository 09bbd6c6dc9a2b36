package dpop

import (
	"maps"
	"testing"
)

// RFC 9110 section 11.6.1: a WWW-Authenticate field is a list of
// challenges, each a scheme and a token68 or auth-params, all
// comma-separated; names are case-insensitive, values tokens or
// quoted-strings.
func TestRFC9110_11_6_1_ParseChallenges(t *testing.T) {
	type p = map[string]string
	for in, want := range map[string][]challenge{
		``:          nil,
		`DPoP`:      {{"DPoP", p{}}},
		`DPoP, Foo`: {{"DPoP", p{}}, {"Foo", p{}}},
		`Bearer realm="example", error="invalid_token", DPoP algs="ES256 PS256", error="use_dpop_nonce"`: {
			{"Bearer", p{"realm": "example", "error": "invalid_token"}},
			{"DPoP", p{"algs": "ES256 PS256", "error": "use_dpop_nonce"}},
		},
		`Basic YWxhZGRpbjpvcGVuc2VzYW1l==, Newauth realm="apps", type=1, title="Login to \"apps\""`: {
			{"Basic", p{}}, {"Newauth", p{"realm": "apps", "type": "1", "title": `Login to "apps"`}},
		},
		`Newauth abc=`:                      {{"Newauth", p{}}},
		`DPoP ERROR = "use_dpop_nonce"`:     {{"DPoP", p{"error": "use_dpop_nonce"}}},
		`A a="1", b="2",C c=3`:              {{"A", p{"a": "1", "b": "2"}}, {"C", p{"c": "3"}}},
		`A a="x,y=z", B`:                    {{"A", p{"a": "x,y=z"}}, {"B", p{}}},
		`A a=1, a=2, B b=1`:                 {{"B", p{"b": "1"}}},
		`A a="unterminated`:                 nil,
		`A a="1" junk`:                      nil,
		`A a="1", B b="bad\` + "\x7f" + `"`: {{"A", p{"a": "1"}}},
		`=x`:                                nil,
		`A ,, B x=y`:                        {{"A", p{}}, {"B", p{"x": "y"}}},
		"A\ta=1":                            {{"A", p{"a": "1"}}},
	} {
		got := parseChallenges(in)
		if len(got) != len(want) {
			t.Errorf("%q: %+v, want %+v", in, got, want)
			continue
		}
		for i := range got {
			if got[i].scheme != want[i].scheme || !maps.Equal(got[i].params, want[i].params) {
				t.Errorf("%q: challenge %d %+v, want %+v", in, i, got[i], want[i])
			}
		}
	}
}

// The challenge parser reads any bytes a server sends without panicking
// or looping.
func FuzzParseChallenges(f *testing.F) {
	for _, s := range []string{`DPoP error="use_dpop_nonce"`, `Basic abc==, DPoP algs="ES256"`, `A a="\"", b=c`, `,,`, `"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range parseChallenges(s) {
			if c.scheme == "" || !isToken(c.scheme) {
				t.Fatalf("%q: scheme %q", s, c.scheme)
			}
		}
	})
}
