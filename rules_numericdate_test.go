package jwt_test

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// rtNumberClaims writes exp, nbf and iat as the JSON number literals given.
type rtNumberClaims struct {
	Exp json.Number `json:"exp,omitempty"`
	Nbf json.Number `json:"nbf,omitempty"`
	Iat json.Number `json:"iat,omitempty"`
}

// TestRFC7519_2_FractionalNumericDateReadExactlyOnEveryPath: a NumericDate
// is a JSON number (RFC 7519 section 2); 4102444800.12345 is read as the
// decimal it is on every path that reads one (the claim rules' strict pass,
// Token.Registered, claims.NumericDate through either encoder), and a
// token parsed then signed again writes the value it read.
func TestRFC7519_2_FractionalNumericDateReadExactlyOnEveryPath(t *testing.T) {
	const lit = "4102444800.12345"
	want := time.Unix(4102444800, 123_450_000)
	tok := rtSign(t, rtNumberClaims{Exp: lit, Nbf: "1700000000.000000001", Iat: "1.7e9"}, jwt.WithEncoder(jwt.StdEncoder{}))
	clock := rtClock(time.Unix(1800000000, 0))
	for name, enc := range map[string]jwt.Encoder{"StdEncoder": jwt.StdEncoder{}} {
		t.Run(name, func(t *testing.T) {
			parsed, err := jwt.Parse(tok, rtSecret, clock, jwt.WithEncoder(enc))
			if err != nil {
				t.Fatal(err)
			}
			reg := parsed.Registered()
			if !reg.ExpiresAt.Equal(want) || !reg.NotBefore.Equal(time.Unix(1700000000, 1)) || !reg.IssuedAt.Equal(time.Unix(1700000000, 0)) {
				t.Errorf("Token.Registered: exp %v, nbf %v, iat %v", reg.ExpiresAt.Time, reg.NotBefore.Time, reg.IssuedAt.Time)
			}
			c, _, err := jwt.ParseAs[claims.Registered](tok, rtSecret, clock, jwt.WithEncoder(enc))
			if err != nil {
				t.Fatal(err)
			}
			if !c.ExpiresAt.Equal(want) {
				t.Errorf("decoded exp %v (%d ns), want %v", c.ExpiresAt.Time, c.ExpiresAt.Nanosecond(), want)
			}
			again := rtSign(t, c, jwt.WithEncoder(enc))
			_, payload, _ := strings.Cut(again, ".")
			payload, _, _ = strings.Cut(payload, ".")
			raw, _ := base64.RawURLEncoding.DecodeString(payload)
			if !strings.Contains(string(raw), `"exp":`+lit) || !strings.Contains(string(raw), `"nbf":1700000000.000000001`) {
				t.Errorf("parsed then signed again: %s", raw)
			}
		})
	}
}

// TestRFC7519_4_1_4_ExpFractionBelowFloatPrecisionDecides: "exp" is the
// time on or after which the token must not be accepted; an exp of
// 1700000000.000000001 (one nanosecond past a second a float64 cannot tell
// apart from it) is not yet reached at 1700000000 and is reached one
// nanosecond later.
func TestRFC7519_4_1_4_ExpFractionBelowFloatPrecisionDecides(t *testing.T) {
	tok := rtSign(t, rtNumberClaims{Exp: "1700000000.000000001"}, jwt.WithEncoder(jwt.StdEncoder{}))
	if _, err := jwt.Parse(tok, rtSecret, rtClock(time.Unix(1700000000, 0))); err != nil {
		t.Errorf("one nanosecond before exp: %v", err)
	}
	if _, err := jwt.Parse(tok, rtSecret, rtClock(time.Unix(1700000000, 1))); err == nil {
		t.Error("at exp: accepted")
	}
}
