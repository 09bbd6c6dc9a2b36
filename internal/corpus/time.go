package corpus

import (
	"strconv"
	"time"

	"github.com/jotlib/jwt"
)

// Rule 8: time. Expired when now >= exp + leeway (RFC 7519 4.1.4: now must
// be before exp); not valid yet when now < nbf - leeway (4.1.5); "exp" may
// be fractional; the clock comes from WithTimeFunc, default time.Now.
func timeCases(b *builder) {
	k := b.k
	at := func(sec int64, nsec int64) jwt.Option { return clock(time.Unix(sec, nsec)) }
	num := func(v int64) string { return strconv.FormatInt(v, 10) }
	exp := func(v string) string { return `{"exp":` + v + `}` }
	nbf := func(v string) string { return `{"nbf":` + v + `}` }
	good := func(name, payload string, claims map[string]any, opts ...jwt.Option) {
		b.good("time/"+name, b.hs(hdr("HS256"), payload), k.HS256, claims, opts...)
	}
	bad := func(name, payload string, want error, opts ...jwt.Option) {
		b.bad("time/"+name, b.hs(hdr("HS256"), payload), k.HS256, want, opts...)
	}
	const now = NowUnix

	bad("now-equals-exp-is-expired", exp(num(now)), jwt.ErrTokenExpired, fixed())
	bad("now-after-exp-is-expired", exp(num(now-1)), jwt.ErrTokenExpired, fixed())
	good("now-before-exp-is-valid", exp(num(now+1)), map[string]any{"exp": float64(now + 1)}, fixed())
	bad("now-one-nanosecond-before-exp-plus-one-second", exp(num(now)), jwt.ErrTokenExpired, at(now, 1))
	good("now-one-nanosecond-before-exp", exp(num(now)), map[string]any{"exp": float64(now)}, at(now-1, 999_999_999))

	// Fractional "exp".
	good("fractional-exp-before", exp("1000.5"), map[string]any{"exp": 1000.5}, at(1000, 400_000_000))
	bad("fractional-exp-equal", exp("1000.5"), jwt.ErrTokenExpired, at(1000, 500_000_000))
	bad("fractional-exp-after", exp("1000.5"), jwt.ErrTokenExpired, at(1000, 600_000_000))
	good("fractional-exp-exponent-form", exp("1.0005e3"), map[string]any{"exp": 1000.5}, at(1000, 400_000_000))
	good("exp-exponent-form", exp("1.7000036e9"), map[string]any{"exp": 1.7000036e9}, fixed())
	good("exp-exponent-form-capital-E-plus", exp("17000036E+2"), map[string]any{"exp": 1.7000036e9}, fixed())
	good("exp-trailing-zero-fraction", exp("1700003600.000"), map[string]any{"exp": float64(1700003600)}, fixed())
	good("exp-year-9999", exp("253402300799"), map[string]any{"exp": float64(253402300799)}, fixed())
	bad("exp-zero-is-expired", exp("0"), jwt.ErrTokenExpired, fixed())
	bad("exp-negative-is-expired", exp("-1"), jwt.ErrTokenExpired, fixed())
	bad("exp-negative-fraction-is-expired", exp("-0.5"), jwt.ErrTokenExpired, at(0, 0))
	good("exp-negative-fraction-before", exp("-0.5"), map[string]any{"exp": -0.5}, at(-1, 0))

	// Leeway on both sides.
	lw := jwt.WithLeeway(time.Minute)
	good("exp-within-leeway", exp(num(now-30)), map[string]any{"exp": float64(now - 30)}, fixed(), lw)
	bad("exp-at-leeway-edge-is-expired", exp(num(now-60)), jwt.ErrTokenExpired, fixed(), lw)
	bad("exp-beyond-leeway", exp(num(now-61)), jwt.ErrTokenExpired, fixed(), lw)
	good("nbf-within-leeway", nbf(num(now+30)), map[string]any{"nbf": float64(now + 30)}, fixed(), lw)
	good("nbf-at-leeway-edge-is-valid", nbf(num(now+60)), map[string]any{"nbf": float64(now + 60)}, fixed(), lw)
	bad("nbf-beyond-leeway", nbf(num(now+61)), jwt.ErrTokenNotValidYet, fixed(), lw)

	// "nbf": now must be on or after it.
	good("nbf-equals-now-is-valid", nbf(num(now)), map[string]any{"nbf": float64(now)}, fixed())
	good("nbf-before-now-is-valid", nbf(num(now-1)), map[string]any{"nbf": float64(now - 1)}, fixed())
	bad("nbf-after-now-is-not-valid-yet", nbf(num(now+1)), jwt.ErrTokenNotValidYet, fixed())
	bad("nbf-fraction-after-now", nbf(num(now)+".5"), jwt.ErrTokenNotValidYet, fixed())
	good("nbf-fraction-before-now", nbf(num(now-1)+".5"), map[string]any{"nbf": float64(now) - 0.5}, fixed())
	bad("expired-and-not-yet-valid", `{"exp":`+num(now-10)+`,"nbf":`+num(now+10)+`}`, jwt.ErrTokenExpired, fixed())

	// "iat" is type-checked but no time rule applies to it.
	good("iat-in-the-future-is-not-a-rule", `{"iat":4102444800}`, map[string]any{"iat": float64(4102444800)}, fixed())
	good("no-exp-is-valid", `{"sub":"a"}`, map[string]any{"sub": "a"}, fixed())
	bad("WithExpirationRequired-without-exp", `{"sub":"a"}`, jwt.ErrMissingClaim, fixed(), jwt.WithExpirationRequired())
	good("WithExpirationRequired-with-exp", exp(num(now+10)), map[string]any{"exp": float64(now + 10)}, fixed(), jwt.WithExpirationRequired())
	bad("WithExpirationRequired-with-expired-exp", exp(num(now-10)), jwt.ErrTokenExpired, fixed(), jwt.WithExpirationRequired())

	// The default clock is time.Now.
	good("default-clock-exp-in-2100", exp("4102444800"), map[string]any{"exp": float64(4102444800)})
	bad("default-clock-exp-in-1970", exp("1"), jwt.ErrTokenExpired)
	bad("default-clock-nbf-in-2100", nbf("4102444800"), jwt.ErrTokenNotValidYet)
}
