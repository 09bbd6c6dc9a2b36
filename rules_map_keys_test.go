package jwt_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// upperKey is a string key type that decodes itself: UnmarshalText can map
// two member names to one key.
type upperKey string

func (k *upperKey) UnmarshalText(b []byte) error {
	*k = upperKey(strings.ToUpper(string(b)))
	return nil
}

// selfDecoding decodes its own JSON, so what it holds inside is its business.
type selfDecoding struct{ m map[int]string }

func (s *selfDecoding) UnmarshalJSON([]byte) error { s.m = map[int]string{}; return nil }

// TestClaimsTypesWithNonStringMapKeysAreRefused_ClaimNamesMustBeUnique: RFC
// 7519 section 4, "The Claim Names within a JWT Claims Set MUST be unique".
// Member names that differ ("1", "+1", "01"; or " 1" for json-iterator)
// land on one integer key, and codecs disagree on which, so a claims type
// with such a map is refused with ErrEncoding whatever the token.
func TestClaimsTypesWithNonStringMapKeysAreRefused_ClaimNamesMustBeUnique(t *testing.T) {
	tok := rtHS256(`{"alg":"HS256"}`, `{"m":{"1":"a","01":"b","+1":"c"}}`)
	refused := map[string]any{
		"map[int]string": &map[int]string{},
		"struct with map[int]string": &struct {
			M map[int]string `json:"m"`
		}{},
		"nested in a slice": &struct{ L []map[uint8]bool }{},
		"behind a pointer":  &struct{ P *map[int64]string }{},
		"embedded":          &struct{ inner }{},
		"TextUnmarshaler string key": &struct {
			M map[upperKey]string `json:"m"`
		}{},
		"registered and a map": &struct {
			claims.Registered
			M map[int]string
		}{},
	}
	for name, dst := range refused {
		t.Run(name, func(t *testing.T) {
			_, err := jwt.ParseWithClaims(tok, dst, rtSecret)
			if !errors.Is(err, jwt.ErrEncoding) {
				t.Fatalf("got %v, want ErrEncoding", err)
			}
			if !strings.Contains(err.Error(), "map") {
				t.Errorf("error does not name the map type: %v", err)
			}
		})
	}
	accepted := map[string]any{
		"map[string]string": &struct {
			M map[string]string `json:"m"`
		}{},
		"map[string]any": &map[string]any{},
		"ignored field": &struct {
			M map[int]string `json:"-"`
		}{},
		"unexported field": &struct{ m map[int]string }{},
		"type that decodes itself": &struct {
			S selfDecoding `json:"m"`
		}{},
	}
	for name, dst := range accepted {
		t.Run(name, func(t *testing.T) {
			if _, err := jwt.ParseWithClaims(tok, dst, rtSecret); err != nil {
				t.Fatalf("got %v, want success", err)
			}
		})
	}
}

type inner struct {
	M map[int]string `json:"m"`
}

// TestMapsWithNonStringKeysHeldInInterfacesAreRefused_ClaimNamesMustBeUnique:
// encoding/json decodes into the value an interface already points to, so a
// claims value whose `any` field holds a *map[int]string reaches the same
// aliasing as a map[int]string field; it is refused the same way. A nil
// interface, or one holding a non-pointer, is replaced by the decoder and
// is fine.
func TestMapsWithNonStringKeysHeldInInterfacesAreRefused_ClaimNamesMustBeUnique(t *testing.T) {
	tok := rtHS256(`{"alg":"HS256"}`, `{"v":{"01":"b","1":"a"},"l":[{"1":"x"}]}`)
	type withAny struct {
		V any   `json:"v"`
		L []any `json:"l"`
	}
	intMap := func() *map[int]string { m := map[int]string{}; return &m }
	refused := map[string]any{
		"field holds *map[int]string":   &withAny{V: intMap()},
		"slice element holds one":       &withAny{L: []any{intMap()}},
		"behind a pointer to a pointer": &withAny{V: &struct{ M *map[int]string }{}},
		"the destination itself":        func() any { var a any = intMap(); return &a }(),
	}
	for name, dst := range refused {
		t.Run(name, func(t *testing.T) {
			if _, err := jwt.ParseWithClaims(tok, dst, rtSecret); !errors.Is(err, jwt.ErrEncoding) {
				t.Fatalf("got %v, want ErrEncoding", err)
			}
		})
	}
	strMap := map[string]string{}
	accepted := map[string]any{
		"nil interfaces":                 &withAny{},
		"field holds a non-pointer":      &withAny{V: map[int]string{}},
		"field holds *map[string]string": &withAny{V: &strMap},
	}
	for name, dst := range accepted {
		t.Run(name, func(t *testing.T) {
			if _, err := jwt.ParseWithClaims(tok, dst, rtSecret); err != nil {
				t.Fatalf("got %v, want success", err)
			}
		})
	}
}
