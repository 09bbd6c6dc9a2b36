package jwttest

import "time"

// SetNow fixes the time minted tokens read for "iat", "exp" and
// "auth_time" (RFC 7519 section 4.1) at now; the zero time goes back to the
// WithClock clock (time.Now by default). Give the same time to the verifier
// under test (accesstoken.Config.Now, idtoken.Config.Now) to test expiry.
func (p *Provider) SetNow(now time.Time) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.now = now
	p.mu.Unlock()
}

// Now is the provider's current time: the one of SetNow, else the WithClock
// clock, else time.Now.
func (p *Provider) Now() time.Time {
	if p == nil {
		return time.Now()
	}
	p.mu.Lock()
	fixed := p.now
	p.mu.Unlock()
	if !fixed.IsZero() {
		return fixed
	}
	if p.cfg.now != nil {
		return p.cfg.now()
	}
	return time.Now()
}
