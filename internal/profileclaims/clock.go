package profileclaims

import (
	"fmt"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/optview"
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
		opts = append(opts, jwt.WithTimeFunc(c.Now))
	}
	return opts, nil
}

// Check refuses, in opts, the caller's jwt options (read through
// internal/optview), a jwt.WithLeeway of another value beside
// Config.Leeway, or a jwt.WithTimeFunc beside Config.Now: opts come after
// Options, so one of the two would be silently ignored. Options refused
// for another reason are jwt.NewVerifier's to report.
func (c *Clock) Check(pkg string, opts []jwt.Option) error {
	if optview.Of == nil || len(opts) == 0 || (c.Leeway == 0 && c.Now == nil) {
		return nil
	}
	user, err := optview.Of(opts)
	if err != nil {
		return nil
	}
	if c.Leeway > 0 && user.LeewaySet && user.Leeway != c.Leeway {
		return fmt.Errorf("%w: %s: Config.Leeway %v and jwt.WithLeeway(%v) both given: set one", jwt.ErrInvalidOption, pkg, c.Leeway, user.Leeway)
	}
	if c.Now != nil && user.TimeFunc {
		return fmt.Errorf("%w: %s: Config.Now and jwt.WithTimeFunc both given: set one", jwt.ErrInvalidOption, pkg)
	}
	return nil
}
