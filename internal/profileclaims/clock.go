package profileclaims

import (
	"fmt"
	"time"

	"github.com/jotlib/jwt"
)

// DefaultFutureLeeway is the profiles' least leeway of the rules that
// refuse a time still in the future ("iat", "nbf", "auth_time"), given as
// jwt.WithFutureLeeway before the caller's options: NumericDates are
// whole seconds, so a verifier a few milliseconds behind the issuer sees a
// fresh token's "iat" up to a second ahead (RFC 7519 sections 4.1.5 and
// 4.1.6: "some small leeway").
const DefaultFutureLeeway = 5 * time.Second

// Clock is a profile Config's Leeway and Now: the same settings as
// jwt.WithLeeway and jwt.WithTimeFunc, for every time rule.
type Clock struct {
	Leeway time.Duration
	Now    func() time.Time

	probe *clockProbe
}

// clockProbe wraps Config.Now to find out, once the jwt.Verifier is made,
// whether a jwt.WithTimeFunc of the caller's replaced it: jwt options
// cannot be read otherwise.
type clockProbe struct {
	now     func() time.Time
	probing bool // set only while NewVerifier checks, before any use
	hit     bool
}

func (p *clockProbe) read() time.Time {
	if p.probing {
		p.hit = true
	}
	return p.now()
}

// Options returns the jwt options that come before the caller's: the
// default future leeway, then Config.Leeway and Config.Now when set. A
// negative Leeway is jwt.ErrInvalidOption.
func (c *Clock) Options(pkg string) ([]jwt.Option, error) {
	if c.Leeway < 0 {
		return nil, fmt.Errorf("%w: %s: negative Config.Leeway %v", jwt.ErrInvalidOption, pkg, c.Leeway)
	}
	opts := []jwt.Option{jwt.WithFutureLeeway(DefaultFutureLeeway)}
	if c.Leeway > 0 {
		opts = append(opts, jwt.WithLeeway(c.Leeway))
	}
	if c.Now != nil {
		c.probe = &clockProbe{now: c.Now}
		opts = append(opts, jwt.WithTimeFunc(c.probe.read))
	}
	return opts, nil
}

// Check refuses, once core is made with Options and the caller's opts, a
// jwt.WithLeeway of another value beside Config.Leeway, or a
// jwt.WithTimeFunc beside Config.Now: one of the two would be silently
// ignored.
func (c *Clock) Check(pkg string, core *jwt.Verifier) error {
	if past, _ := core.Leeway(); c.Leeway > 0 && past != c.Leeway {
		return fmt.Errorf("%w: %s: Config.Leeway %v and jwt.WithLeeway(%v) both given: set one", jwt.ErrInvalidOption, pkg, c.Leeway, past)
	}
	if c.probe != nil {
		c.probe.probing = true
		core.Now()
		c.probe.probing = false
		if !c.probe.hit {
			return fmt.Errorf("%w: %s: Config.Now and jwt.WithTimeFunc both given: set one", jwt.ErrInvalidOption, pkg)
		}
	}
	return nil
}
