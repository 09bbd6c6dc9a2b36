package jwt_test

import (
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/optview"
)

// The profiles read what options set, never by probing a Verifier or
// signing a token: a leeway set (0 included) or not, a clock, the "typ" a
// Signer writes (RFC 7515 section 4.1.9: "JWT" by default, none with
// WithType("")).
func TestOptview_ReadsWhatOptionsSet(t *testing.T) {
	r, err := optview.Of([]jwt.Option{jwt.WithIssuer("i")})
	if err != nil || r.LeewaySet || r.TimeFunc || r.Issuer != "i" {
		t.Errorf("no clock options: %+v, %v", r, err)
	}
	r, err = optview.Of([]jwt.Option{jwt.WithLeeway(0), jwt.WithTimeFunc(time.Now)})
	if err != nil || !r.LeewaySet || r.Leeway != 0 || !r.TimeFunc {
		t.Errorf("WithLeeway(0), WithTimeFunc: %+v, %v", r, err)
	}
	if r, _ := optview.Of([]jwt.Option{jwt.WithLeeway(time.Second), jwt.WithLeeway(2 * time.Second)}); r.Leeway != 2*time.Second {
		t.Errorf("the last WithLeeway: %v", r.Leeway)
	}
	for _, c := range []struct {
		opts []jwt.Option
		want string
	}{
		{nil, "JWT"},
		{[]jwt.Option{jwt.WithType("")}, ""},
		{[]jwt.Option{jwt.WithType("JWT"), jwt.WithType("at+jwt")}, "at+jwt"},
	} {
		if typ, err := optview.SignedType(c.opts); err != nil || typ != c.want {
			t.Errorf("%d options: %q, %v, want %q", len(c.opts), typ, err, c.want)
		}
	}
	if _, err := optview.SignedType([]jwt.Option{jwt.WithAudience("a")}); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("a verify-side option: %v", err)
	}
	if _, err := optview.SignedType("not options"); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("not options: %v", err)
	}
}
