package jsoniterext

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/stretchr/testify/require"
)

// collidingA and collidingB have the same jsoniter field hash (FNV-1a over
// the ASCII-lowercased bytes, json-iterator/go#531), found by the red-team
// review's distinguished-point search; any common suffix keeps them
// colliding (the hash state is equal after them), which gives one pair
// per field of the test structs.
const collidingA, collidingB = "cplkedisskacni", "fkcwyjgpwyrivb"

// jsoniterFieldHash is jsoniter v1.1.12's calcHash for a case-insensitive
// configuration on an ASCII name.
func jsoniterFieldHash(s string) int64 {
	h := int64(0x811c9dc5)
	for _, c := range []byte(strings.ToLower(s)) {
		h ^= int64(c)
		h *= 0x1000193
	}
	return h
}

// structWithFields returns a struct type of n string fields; field i is
// named collidingA plus a suffix of its own.
func structWithFields(n int) reflect.Type {
	fields := make([]reflect.StructField, n)
	for i := range fields {
		fields[i] = reflect.StructField{
			Name: fmt.Sprintf("F%d", i),
			Type: reflect.TypeFor[string](),
			Tag:  reflect.StructTag(fmt.Sprintf(`json:"%s"`, collidingA+suffix(i))),
		}
	}
	return reflect.StructOf(fields)
}

func suffix(i int) string {
	if i == 0 {
		return ""
	}
	return fmt.Sprint(i)
}

type collidingApp struct {
	claims.Registered
	Perm string `json:"cplkedisskacni"`
}

type collidingInner struct {
	Perm string `json:"cplkedisskacni"`
	Z    int    `json:"z"`
}

type embedsColliding struct {
	collidingInner
	Y int `json:"y"`
}

type embedsCollidingPtr struct {
	*collidingInner
	Y int `json:"y"`
}

type nestsColliding struct {
	In   collidingInner            `json:"in"`
	List []collidingInner          `json:"list"`
	Map  map[string]collidingInner `json:"map"`
}

// TestUnmarshalMatchesFieldsByNameNeverByHash: a member name reaches a
// field only when it is the field's name (exactly or under ASCII case
// folding), as in encoding/json, never because jsoniter's 64-bit hash of
// it equals the field's: structs of 1 to 12 fields, embedded (by value and
// by pointer), nested in structs, slices and maps, and through a token.
func TestUnmarshalMatchesFieldsByNameNeverByHash(t *testing.T) {
	for i := range 12 {
		a, b := collidingA+suffix(i), collidingB+suffix(i)
		require.Equal(t, jsoniterFieldHash(a), jsoniterFieldHash(b), "%s and %s must collide", a, b)
	}
	for n := 1; n <= 12; n++ {
		typ := structWithFields(n)
		mk := func() any { return reflect.New(typ).Interface() }
		for i := range n {
			a, b := collidingA+suffix(i), collidingB+suffix(i)
			for _, in := range []string{
				`{"` + a + `":"user","` + b + `":"admin"}`,
				`{"` + b + `":"admin"}`,
				`{"` + strings.ToUpper(b) + `":"admin"}`,
				`{"` + strings.ToUpper(a) + `":"user"}`,
				`{"` + b + `":"admin","` + a + `":"user","` + b + `":"admin"}`,
			} {
				unmarshalsAsStd(t, in, mk)
			}
		}
	}
	for _, in := range []string{
		`{"cplkedisskacni":"user","fkcwyjgpwyrivb":"admin","z":1,"y":2}`,
		`{"fkcwyjgpwyrivb":"admin"}`,
		`{"FKCWYJGPWYRIVB":"admin"}`,
		`{"CplKedisskacni":"user"}`,
		`{"in":{"fkcwyjgpwyrivb":"admin"},"list":[{"FKCWYJGPWYRIVB":"admin"}],"map":{"k":{"fkcwyjgpwyrivb":"admin","z":3}}}`,
		// Names are read without a copy: raw control characters in
		// them are refused, as encoding/json does.
		"{\"\x1a\":true}", "{\"z\":1,\"cplkedisskacni\t\":\"x\"}", "{\"y\":2,\n\"z\":1}",
	} {
		for _, mk := range []func() any{
			func() any { return new(collidingApp) },
			func() any { return new(collidingInner) },
			func() any { return new(embedsColliding) },
			func() any { return new(embedsCollidingPtr) },
			func() any { return new(nestsColliding) },
		} {
			unmarshalsAsStd(t, in, mk)
		}
	}

	// Through a token: the reviewer's reproducer.
	key := []byte("0123456789abcdef0123456789abcdef")
	now := time.Unix(1700000000, 0)
	signer, err := jwt.NewSigner(jwt.HS256, key)
	require.NoError(t, err)
	for _, body := range []map[string]any{
		{"exp": now.Add(time.Hour).Unix(), "cplkedisskacni": "user", "fkcwyjgpwyrivb": "admin"},
		{"exp": now.Add(time.Hour).Unix(), "FKCWYJGPWYRIVB": "admin"},
	} {
		tok, err := signer.Sign(body)
		require.NoError(t, err)
		var want, got collidingApp
		for enc, dst := range map[jwt.Encoder]*collidingApp{jwt.StdEncoder{}: &want, New(): &got} {
			v, err := jwt.NewVerifier(key, jwt.WithEncoder(enc), jwt.WithTimeFunc(func() time.Time { return now }))
			require.NoError(t, err)
			_, err = v.ParseWithClaims(tok, dst)
			require.NoError(t, err)
		}
		require.Equal(t, want, got, "claims %v", body)
	}
}

type dottedIName struct {
	X string `json:"İd"`
}

type longSName struct {
	X string `json:"ſub"`
}

type kelvinName struct {
	X string `json:"Kid"`
}

type nonASCIIGoName struct {
	Ünit string
}

type embedsNonASCIIName struct {
	longSName
	Y string `json:"y"`
}

type holdsNonASCIIName struct {
	In dottedIName `json:"in"`
}

type invalidTagName struct {
	//lint:ignore SA5008 a tag name encoding/json finds invalid, on purpose: it falls back to the Go field name
	X string `json:"it's"`
}

type foldingTwins struct {
	A string `json:"Ab"`
	B string `json:"aB"`
}

type foldingTwinsEmbedded struct {
	Registered claims.Registered `json:"-"`
	foldingTwinsInner
	C string `json:"AB"`
}

type foldingTwinsInner struct {
	D string `json:"ab"`
}

// TestUnmarshalMatchesNonASCIIFieldNamesAsEncodingJSON: a struct whose
// field names are not plain ASCII (tags or Go names; "İd", "ſub", the
// Kelvin sign) is matched by Unicode case folding, as encoding/json does,
// not by strings.ToLower; a tag name encoding/json finds invalid falls
// back to the Go field name; two names that are equal under case folding
// go to the first field in encoding/json's order.
func TestUnmarshalMatchesNonASCIIFieldNamesAsEncodingJSON(t *testing.T) {
	for _, in := range []string{
		`{"id":"a"}`, `{"İd":"a"}`, `{"ID":"a"}`,
		`{"sub":"a"}`, `{"SUB":"a"}`, `{"ſub":"a"}`,
		`{"kid":"a"}`, `{"Kid":"a"}`,
		`{"ünit":"a"}`, `{"ÜNIT":"a"}`, `{"unit":"a"}`,
		`{"y":"b","sub":"a"}`,
		`{"in":{"id":"a"}}`,
		`{"it's":"a"}`, `{"X":"a"}`, `{"x":"a"}`,
		`{"ab":"a"}`, `{"AB":"a"}`, `{"Ab":"a"}`, `{"aB":"a"}`,
	} {
		for _, mk := range []func() any{
			func() any { return new(dottedIName) },
			func() any { return new(longSName) },
			func() any { return new(kelvinName) },
			func() any { return new(nonASCIIGoName) },
			func() any { return new(embedsNonASCIIName) },
			func() any { return new(holdsNonASCIIName) },
			func() any { return new(invalidTagName) },
			func() any { return new(foldingTwins) },
			func() any { return new(foldingTwinsEmbedded) },
			func() any { return new([]longSName) },
		} {
			unmarshalsAsStd(t, in, mk)
		}
	}
}

type rawHolder struct {
	R  json.RawMessage            `json:"r"`
	P  *json.RawMessage           `json:"p"`
	L  []json.RawMessage          `json:"l"`
	M  map[string]json.RawMessage `json:"m"`
	An any                        `json:"an"`
}

// TestUnmarshalKeepsNullInRawMessageAsEncodingJSON: json.RawMessage (the
// alias of jsontext.Value under Go 1.27) receives null as the bytes
// "null", as encoding/json gives it (jsoniter sets nil); a pointer to one
// is set to nil; the bytes of other values are kept as written, into a
// fresh or a pre-filled message.
func TestUnmarshalKeepsNullInRawMessageAsEncodingJSON(t *testing.T) {
	for _, in := range []string{
		`{"r":null}`, `{"r": null }`, `{"p":null}`, `{"l":[null, 1]}`, `{"m":{"k":null}}`,
		`{"r": [1, 2] ,"p":{"a" : "b"}}`, `{"r":"x","l":[],"m":{}}`, `null`, `{"r":1e5}`,
	} {
		for _, mk := range []func() any{
			func() any { return new(rawHolder) },
			func() any {
				p := json.RawMessage(`"old"`)
				return &rawHolder{R: json.RawMessage(`{"old":1}`), P: &p, L: []json.RawMessage{[]byte("1")}}
			},
			func() any { return new(json.RawMessage) },
			func() any { r := json.RawMessage("old"); return &r },
		} {
			unmarshalsAsStd(t, in, mk)
		}
	}
}

type failingTarget struct {
	A string         `json:"a"`
	I int            `json:"I"`
	M map[string]int `json:"m"`
	L []int          `json:"l"`
	S struct {
		X int `json:"x"`
	} `json:"s"`
}

// TestUnmarshalFailureLeavesAZeroDestinationAsEncodingJSON: when a decode
// fails part-way, a destination that was the zero value holds exactly
// what encoding/json leaves in it (and the same error), not what jsoniter
// wrote before it failed.
func TestUnmarshalFailureLeavesAZeroDestinationAsEncodingJSON(t *testing.T) {
	for _, in := range []string{
		`{"I":1.0}`, `{"a":"x","I":1.5,"l":[1]}`, `{"l":[1,2,1.5,3],"a":"y"}`,
		`{"m":{"k":1,"n":2.5},"a":"z"}`, `{"s":{"x":1},"I":"bad"}`, `{"a":"x","I":1,"l":[1,"x"]}`,
		`{"a":"x","I":1e400}`, `{"a":"x","I":99999999999999999999}`,
	} {
		for _, mk := range []func() any{
			func() any { return new(failingTarget) },
			func() any { return new(map[string]int) },
			func() any { return new([]int) },
			func() any { return new(any) },
			func() any { return new(struct{ I int }) },
		} {
			unmarshalsAsStd(t, in, mk)
		}
	}
}
