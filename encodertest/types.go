package encodertest

import (
	"errors"
	"strings"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/encodertest/internal/embedded"
)

// accessClaims is the kit's user struct: the registered claims embedded,
// plus the private claims of a typical access token. A failing Result's
// Group and Name say which probe decoded into it (the probes whose name
// says AccessClaims).
type accessClaims struct {
	claims.Registered
	Name  string   `json:"name,omitempty"`
	Roles []string `json:"roles,omitempty"`
	Admin bool     `json:"admin"`
	Scope string   `json:"scope,omitempty"`
	Kind  string   `json:"kind,omitempty"`
}

// pointerEmbed embeds the registered claims through a pointer.
type pointerEmbed struct {
	*claims.Registered
	Name string `json:"name"`
}

// upper marshals itself as an upper-cased JSON string (a value-receiver
// MarshalJSON) and unmarshals by lower-casing.
type upper string

func (u upper) MarshalJSON() ([]byte, error) {
	return []byte(`"` + strings.ToUpper(string(u)) + `"`), nil
}

func (u *upper) UnmarshalJSON(b []byte) error {
	if len(b) < 2 || b[0] != '"' {
		return errors.New("upper: not a string")
	}
	*u = upper(strings.ToLower(string(b[1 : len(b)-1])))
	return nil
}

// spaced returns valid but uncompacted JSON with HTML characters from
// MarshalJSON; encoding/json compacts and escapes it.
type spaced struct{}

func (spaced) MarshalJSON() ([]byte, error) { return []byte(" { \"a\" : [ 1 , \"<&>\" ] } "), nil }

// injector's MarshalJSON emits a fragment that, copied through unchecked,
// adds an "exp" member to the enclosing object.
type injector struct{}

func (injector) MarshalJSON() ([]byte, error) { return []byte(`1,"exp":99999999999`), nil }

// failing's MarshalJSON fails.
type failing struct{}

func (failing) MarshalJSON() ([]byte, error) { return nil, errors.New("failing: refused") }

// role is a TextMarshaler used as a value and as a map key.
type role int

func (r role) MarshalText() ([]byte, error) {
	return []byte([]string{"reader", "writer", "admin"}[r%3]), nil
}

func (r *role) UnmarshalText(b []byte) error {
	switch string(b) {
	case "reader":
		*r = 0
	case "writer":
		*r = 1
	case "admin":
		*r = 2
	default:
		return errors.New("role: unknown " + string(b))
	}
	return nil
}

// ptrMarshaler has a pointer-receiver MarshalJSON, called by encoding/json
// only for addressable values.
type ptrMarshaler struct{ N int }

func (p *ptrMarshaler) MarshalJSON() ([]byte, error) { return []byte(`"ptr"`), nil }

// wideStruct is a struct of more than 20 fields with embedding and
// omitempty: gqlgen's switch to another codec was reverted because structs
// of more than 16 fields silently lost fields. It embeds embedded.Audit, an
// exported struct type (codecs treat embedded exported and unexported
// structs differently, and the kit probes the exported case encoding/json
// users write) that is no part of this package's API.
type wideStruct struct {
	claims.Registered
	embedded.Audit
	F01 string            `json:"f01"`
	F02 string            `json:"f02,omitempty"`
	F03 int               `json:"f03"`
	F04 int64             `json:"f04,omitempty"`
	F05 float64           `json:"f05"`
	F06 bool              `json:"f06,omitempty"`
	F07 []string          `json:"f07"`
	F08 []int             `json:"f08,omitempty"`
	F09 map[string]string `json:"f09"`
	F10 *string           `json:"f10,omitempty"`
	F11 string            `json:"f11"`
	F12 uint8             `json:"f12"`
	F13 int16             `json:"f13,omitempty"`
	F14 uint64            `json:"f14"`
	F15 float32           `json:"f15"`
	F16 string            `json:"-"`
	F17 string            `json:"f17,omitempty"`
	F18 any               `json:"f18"`
	F19 []byte            `json:"f19"`
	F20 string            `json:"f20,string"`
	F21 int               `json:"f21,string"`
	F22 string            `json:"f22"`
	F23 role              `json:"f23"`
	F24 upper             `json:"f24"`
	f25 string            // unexported: never encoded
}
