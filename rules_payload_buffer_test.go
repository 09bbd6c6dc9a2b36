package jwt_test

import (
	"bytes"
	"testing"

	"github.com/jotlib/jwt"
)

// keepsInput is a claims type whose UnmarshalJSON keeps its input without
// copying it, against encoding/json's advice but harmless with other
// libraries.
type keepsInput struct{ raw []byte }

func (k *keepsInput) UnmarshalJSON(b []byte) error { k.raw = b; return nil }

// TestDecodedClaimsAreNotReusedForALaterToken: the bytes handed to the
// Encoder belong to that token alone; an UnmarshalJSON that keeps them never
// sees a later token's claims, on any parse path.
func TestDecodedClaimsAreNotReusedForALaterToken(t *testing.T) {
	first := `{"sub":"first-token-subject","n":1}`
	later := `{"sub":"later-token-subject","n":2}`
	tokFirst := rtHS256(`{"alg":"HS256"}`, first)
	tokLater := rtHS256(`{"alg":"HS256"}`, later)
	v, err := jwt.NewVerifier(rtSecret)
	if err != nil {
		t.Fatal(err)
	}
	paths := map[string]func(tok string, dst *keepsInput) error{
		"Verifier.ParseWithClaims": func(tok string, dst *keepsInput) error { _, err := v.ParseWithClaims(tok, dst); return err },
		"jwt.ParseWithClaims":      func(tok string, dst *keepsInput) error { _, err := jwt.ParseWithClaims(tok, dst, rtSecret); return err },
	}
	for name, parse := range paths {
		t.Run(name, func(t *testing.T) {
			var kept keepsInput
			if err := parse(tokFirst, &kept); err != nil {
				t.Fatal(err)
			}
			for range 100 {
				var other keepsInput
				if err := parse(tokLater, &other); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(kept.raw, []byte(first)) {
				t.Fatalf("kept claims changed to %q", kept.raw)
			}
		})
	}
}
