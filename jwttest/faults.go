package jwttest

import "time"

// BodyFault is a way to spoil a response body (SetBody).
type BodyFault int

const (
	// BodyIntact serves the body whole (the default).
	BodyIntact BodyFault = iota
	// BodyTruncated announces the whole body's Content-Length (RFC 9110
	// section 8.6) and sends only its first half, then closes the
	// connection: the client reads an unexpected EOF.
	BodyTruncated
	// BodyGarbage serves bytes that are not JSON (an HTML error page, as a
	// misconfigured proxy returns) with Content-Type application/json and
	// the status the path would answer (200 for the documents).
	BodyGarbage
)

// fault is what is set for one path.
type fault struct {
	status int
	delay  time.Duration
	body   BodyFault
}

func (p *Provider) faultFor(path string) *fault {
	f := p.faults[path]
	if f == nil {
		f = &fault{}
		p.faults[path] = f
	}
	return f
}

// SetStatus makes path (e.g. PathJWKS, PathOpenIDConfiguration) answer with
// status code and a short JSON error body instead of its document; 0 (or
// 200) serves the document again. code must be 0 or a final status code,
// 200 to 599 (RFC 9110 section 15: three digits; a 1xx is interim, not an
// answer): any other fails the test (t.Errorf) and leaves the fault as it
// was. A 429 or 503 carries "Retry-After: 1" (RFC 9110 section 10.2.3).
func (p *Provider) SetStatus(path string, code int) {
	if !p.ok() {
		return
	}
	if code != 0 && (code < 200 || code > 599) {
		p.t.Helper()
		p.t.Errorf("jwttest: SetStatus(%q, %d): want 0 or a final status code 200 to 599 (RFC 9110 section 15); the fault is unchanged", path, code)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if code == 200 {
		code = 0
	}
	p.faultFor(path).status = code
}

// SetDelay holds every response of path back by d before answering (a slow
// provider, to test a client's deadline: jwk.WithFetchTimeout, the
// request's context); 0 or less answers at once. The wait ends early when
// the client goes away or the provider is closed.
func (p *Provider) SetDelay(path string, d time.Duration) {
	if !p.ok() {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if d < 0 {
		d = 0
	}
	p.faultFor(path).delay = d
}

// SetBody spoils the body of path's responses (BodyTruncated, BodyGarbage);
// BodyIntact serves it whole again. On PathAuthorize, PathToken and
// ServeResource paths the endpoint's status and headers are kept (a 302
// keeps its Location, a 400 stays a 400): only the body is spoiled. Any
// other BodyFault value fails the test (t.Errorf) and leaves the fault as
// it was.
func (p *Provider) SetBody(path string, b BodyFault) {
	if !p.ok() {
		return
	}
	if b != BodyIntact && b != BodyTruncated && b != BodyGarbage {
		p.t.Helper()
		p.t.Errorf("jwttest: SetBody(%q, %d): unknown BodyFault (BodyIntact, BodyTruncated or BodyGarbage); the fault is unchanged", path, int(b))
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.faultFor(path).body = b
}

// SetOddKey adds (on) or removes (off) an extra key to the published JWK
// Set that no verifier can use: a key of an unknown "kty" (RFC 7517 section
// 4.1), "kid" OddKeyID. A verifier must skip it and go on with the others
// (RFC 7517 section 5: "Implementations SHOULD ignore JWKs within a JWK Set
// that use "kty" (key type) values that are not understood by them").
func (p *Provider) SetOddKey(on bool) {
	if !p.ok() {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.oddKey = on
}

// OddKeyID is the "kid" of the odd key of SetOddKey.
const OddKeyID = "jwttest-odd"

// ClearFaults removes every fault switch (status, delay, body, odd key);
// the request counters stay.
func (p *Provider) ClearFaults() {
	if !p.ok() {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.faults = map[string]*fault{}
	p.oddKey = false
}

// Requests is how many requests path has received (whatever their method
// and whatever was answered, faults included).
func (p *Provider) Requests(path string) int {
	if !p.ok() {
		return 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.requests[path]
}
