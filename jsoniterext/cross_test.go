package jsoniterext_test

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"reflect"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jsoniterext"
)

type accessClaims struct {
	claims.Registered
	Name  string   `json:"name"`
	Roles []string `json:"roles"`
	Admin bool     `json:"admin"`
}

func signingKeys(t *testing.T) map[jwt.Algorithm][2]any {
	t.Helper()
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	_, ed, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	hs := []byte("0123456789abcdef0123456789abcdef")
	return map[jwt.Algorithm][2]any{
		jwt.HS256: {hs, hs},
		jwt.ES256: {ec, &ec.PublicKey},
		jwt.EdDSA: {ed, ed.Public()},
	}
}

// TestTokensCrossVerify: tokens signed with jsoniterext verify with the
// default encoder and the other way round (issue 3), byte-identical, for
// struct and map claims, through Parse, ParseWithClaims and a Verifier.
func TestTokensCrossVerify(t *testing.T) {
	now := time.Unix(1700000000, 0)
	at := func() time.Time { return now }
	reg := claims.Registered{
		Issuer: "https://issuer.example", Subject: "user-1", Audience: claims.Audience{"api", "web"},
		ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)), NotBefore: claims.NewNumericDate(now),
		IssuedAt: claims.NewNumericDate(now), ID: "id-1",
	}
	values := map[string]any{
		"struct": accessClaims{Registered: reg, Name: "Ada <Lovelace> & co", Roles: []string{"reader", "writer"}, Admin: true},
		"map":    map[string]any{"sub": "user-1", "exp": 1700003600.5, "aud": "api", "name": "é日本🎉", "n": 9007199254740993.0},
	}
	encoders := map[string]jwt.Encoder{"encoding/json": jwt.StdEncoder{}, "jsoniterext": jsoniterext.New()}
	for alg, keys := range signingKeys(t) {
		for vname, v := range values {
			for sname, senc := range encoders {
				tok, err := jwt.Sign(alg, v, keys[0], jwt.WithEncoder(senc))
				if err != nil {
					t.Fatalf("%s %s sign with %s: %v", alg, vname, sname, err)
				}
				for pname, penc := range encoders {
					opts := []jwt.Option{jwt.WithEncoder(penc), jwt.WithTimeFunc(at)}
					if _, err := jwt.Parse(tok, keys[1], opts...); err != nil {
						t.Errorf("%s %s: signed with %s, Parse with %s: %v", alg, vname, sname, pname, err)
					}
					var c accessClaims
					if _, err := jwt.ParseWithClaims(tok, &c, keys[1], opts...); err != nil {
						t.Errorf("%s %s: signed with %s, ParseWithClaims with %s: %v", alg, vname, sname, pname, err)
					} else if vname == "struct" && !reflect.DeepEqual(c, v) {
						t.Errorf("%s: claims %+v, want %+v", pname, c, v)
					}
					ver, err := jwt.NewVerifier(keys[1], opts...)
					if err != nil {
						t.Fatal(err)
					}
					if _, err := ver.Parse(tok); err != nil {
						t.Errorf("%s %s: signed with %s, Verifier with %s: %v", alg, vname, sname, pname, err)
					}
				}
			}
			if alg == jwt.HS256 {
				a, _ := jwt.Sign(alg, v, keys[0])
				b, _ := jwt.Sign(alg, v, keys[0], jwt.WithEncoder(jsoniterext.New()))
				if a != b {
					t.Errorf("%s: tokens differ:\n%s\n%s", vname, a, b)
				}
			}
		}
	}
}
