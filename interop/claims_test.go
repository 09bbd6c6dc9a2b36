package interop

import (
	"encoding/json"
	"time"

	"github.com/jotlib/jwt/claims"
)

// Fixed times keep tokens deterministic: issued and valid since 2020, valid
// until 2100.
const (
	issuedAt  int64 = 1577836800 // 2020-01-01T00:00:00Z
	expiresAt int64 = 4102444800 // 2100-01-01T00:00:00Z
)

// audience shapes of RFC 7519 section 4.1.3: an array, or a single string.
const (
	audArray  = "aud-array"
	audString = "aud-string"
)

var audShapes = []string{audArray, audString}

// testAudiences returns the audiences of a shape.
func testAudiences(shape string) []string {
	if shape == audString {
		return []string{"api://default"}
	}
	return []string{"api://default", "ünïcode-aud"}
}

// mapClaims is the map workload: registered claims, unicode, escapes, HTML
// characters, integers up to 2^53-1, floats, nesting. Every number is exact
// in a float64 so each peer's map type can hold it.
func mapClaims(shape string) map[string]any {
	var aud any = []any{"api://default", "ünïcode-aud"}
	if shape == audString {
		aud = "api://default"
	}
	return map[string]any{
		"iss":    "https://issuer.example/ü",
		"sub":    "user:Zoë-😀",
		"aud":    aud,
		"exp":    expiresAt,
		"nbf":    issuedAt,
		"iat":    issuedAt,
		"jti":    "jti-β-1",
		"name":   "Zoë \"Q\" <b>&amp;</b> \u2028\u2029 tab\t nul\u0000 \\ /",
		"roles":  []any{"admin", "ß", "日本"},
		"admin":  true,
		"level":  42,
		"score":  3.25,
		"ratio":  0.1,
		"big":    int64(9007199254740991),
		"neg":    -17,
		"huge":   1e21,
		"nested": map[string]any{"a": []any{1, 2.5, map[string]any{"b": nil}}, "empty": map[string]any{}},
		"😀-key":  "emoji key",
	}
}

// appClaims is the struct workload, as a user of this library writes it.
type appClaims struct {
	claims.Registered
	Name  string   `json:"name"`
	Roles []string `json:"roles"`
	Admin bool     `json:"admin"`
	Level int      `json:"level"`
	Score float64  `json:"score"`
	Big   int64    `json:"big"`
}

func structClaims(shape string) appClaims {
	m := mapClaims(shape)
	return appClaims{
		Registered: claims.Registered{
			Issuer:    m["iss"].(string),
			Subject:   m["sub"].(string),
			Audience:  claims.Audience(testAudiences(shape)),
			ExpiresAt: claims.NewNumericDate(time.Unix(expiresAt, 0)),
			NotBefore: claims.NewNumericDate(time.Unix(issuedAt, 0)),
			IssuedAt:  claims.NewNumericDate(time.Unix(issuedAt, 0)),
			ID:        m["jti"].(string),
		},
		Name:  m["name"].(string),
		Roles: []string{"admin", "ß", "日本"},
		Admin: true,
		Level: 42,
		Score: 3.25,
		Big:   9007199254740991,
	}
}

// view is what any library's typed claims hold, in one comparable shape.
type view struct {
	Iss, Sub, Jti, Name string
	Aud, Roles          []string
	Exp, Nbf, Iat       int64
	Admin               bool
	Level               int64
	Score               float64
	Big                 int64
}

func expectedView(shape string) view {
	c := structClaims(shape)
	return viewOf(c)
}

func viewOf(c appClaims) view {
	v := view{
		Iss: c.Issuer, Sub: c.Subject, Jti: c.ID, Name: c.Name,
		Aud: []string(c.Audience), Roles: c.Roles,
		Admin: c.Admin, Level: int64(c.Level), Score: c.Score, Big: c.Big,
	}
	if c.ExpiresAt != nil {
		v.Exp = c.ExpiresAt.Unix()
	}
	if c.NotBefore != nil {
		v.Nbf = c.NotBefore.Unix()
	}
	if c.IssuedAt != nil {
		v.Iat = c.IssuedAt.Unix()
	}
	return v
}

// canonical round-trips v through encoding/json into plain values (float64
// numbers, []any, map[string]any), so maps read by different libraries
// compare by content.
func canonical(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		return err.Error()
	}
	return out
}

// withArrayAudience returns canonical claims with "aud" as an array, for
// peers that model "aud" as a list and always write it so.
func withArrayAudience(m map[string]any) any {
	c := canonical(m).(map[string]any)
	if s, ok := c["aud"].(string); ok {
		c["aud"] = []any{s}
	}
	return c
}
