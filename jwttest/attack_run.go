package jwttest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"testing"
)

// Finding is one attack a verifier or handler did not refuse: it accepted
// the token (a nil error, a 2xx status) or panicked on it.
type Finding struct {
	Attack
	// Status is the handler's HTTP status (AcceptedByHandler); 0 for a
	// verify function.
	Status int
	// Panic is what the verifier or handler panicked with; nil when it
	// returned.
	Panic any
}

// String says which attack got through and how: "attack NAME (RULE)
// accepted[: status N]" or "attack NAME (RULE): panicked: V".
func (f Finding) String() string {
	switch {
	case f.Panic != nil:
		return fmt.Sprintf("attack %s (%s): panicked: %v", f.Name, f.Rule, f.Panic)
	case f.Status != 0:
		return fmt.Sprintf("attack %s (%s) accepted: status %d", f.Name, f.Rule, f.Status)
	}
	return fmt.Sprintf("attack %s (%s) accepted", f.Name, f.Rule)
}

// Accepted hands each attack's token to verify and returns, in catalogue
// order, those verify returned nil for or panicked on: RunAgainst without
// the test, for comparing verifiers or recording what a peer accepts. An
// empty catalogue or a nil verify is ErrNothingToRun: running nothing
// proves nothing.
func Accepted(attacks []Attack, verify func(token string) error) ([]Finding, error) {
	if len(attacks) == 0 || verify == nil {
		return nil, ErrNothingToRun
	}
	var out []Finding
	for _, a := range attacks {
		err := call(func() error { return verify(a.Token) })
		if p, ok := err.(panicked); ok {
			out = append(out, Finding{Attack: a, Panic: p.v})
		} else if err == nil {
			out = append(out, Finding{Attack: a})
		}
	}
	return out, nil
}

// RunAgainst hands each attack's token to verify and fails the test
// (t.Errorf with the Finding) for each one verify returns nil for, and for
// each one it panics on. An empty catalogue or a nil verify fails the test
// too.
func RunAgainst(t testing.TB, attacks []Attack, verify func(token string) error) {
	if nilTB(t) {
		return
	}
	t.Helper()
	report(t, "RunAgainst", func() ([]Finding, error) { return Accepted(attacks, verify) })
}

// AcceptedByHandler sends each attack's token to h as "Authorization:
// Bearer TOKEN" (RFC 6750 section 2.1) on a copy of req (nil: GET /) and
// returns, in catalogue order, those h answered with a 2xx status or
// panicked on. A panic with http.ErrAbortHandler is net/http's way to
// abort a response (the server drops the connection): it counts as
// refused. An empty catalogue or a nil handler is ErrNothingToRun.
// h is called directly, not behind a net/http server: such a server
// answers a request whose headers pass its MaxHeaderBytes (1 MB by
// default) with 431 before h runs, so an "oversized" finding says what h
// itself would accept (behind a proxy, or a server with a larger limit).
func AcceptedByHandler(attacks []Attack, h http.Handler, req *http.Request) ([]Finding, error) {
	if len(attacks) == 0 || h == nil {
		return nil, ErrNothingToRun
	}
	copyReq, err := requestCopier(req)
	if err != nil {
		return nil, err
	}
	var out []Finding
	for _, a := range attacks {
		r := copyReq()
		r.Header.Set("Authorization", "Bearer "+a.Token)
		w := httptest.NewRecorder()
		err := call(func() error { h.ServeHTTP(w, r); return nil })
		if p, ok := err.(panicked); ok && !aborted(p) {
			out = append(out, Finding{Attack: a, Panic: p.v})
		} else if ok {
			continue
		} else if w.Code >= 200 && w.Code < 300 {
			out = append(out, Finding{Attack: a, Status: w.Code})
		}
	}
	return out, nil
}

// requestCopier returns a function making a fresh copy of req (nil: GET /;
// a nil Header is an empty one, a nil URL is "/", an empty Method GET)
// for each attack, each with the whole body: req's body is read once here
// (http.Request.Clone shares one body, which the first handler call would
// drain, so a handler that accepted a later token could answer 4xx for the
// empty body and the attack be counted refused).
func requestCopier(req *http.Request) (func() *http.Request, error) {
	if req == nil {
		return func() *http.Request { return httptest.NewRequest(http.MethodGet, "/", nil) }, nil
	}
	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("jwttest: reading the request's body: %w", err)
		}
		body = b
		req.Body = io.NopCloser(bytes.NewReader(b)) // the caller's request keeps its body
	}
	return func() *http.Request {
		r := req.Clone(req.Context())
		if r.Header == nil { // a hand-made &http.Request{}: GET / with empty headers
			r.Header = http.Header{}
		}
		if r.URL == nil {
			r.URL = &url.URL{Path: "/"}
			r.RequestURI = "/"
		}
		if r.Method == "" {
			r.Method = http.MethodGet
		}
		if body != nil {
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
			r.ContentLength = int64(len(body))
		}
		return r
	}, nil
}

// RunAgainstHandler is AcceptedByHandler failing the test (t.Errorf with
// the Finding) for each attack h did not refuse; an empty catalogue or a
// nil handler fails the test too.
func RunAgainstHandler(t testing.TB, attacks []Attack, h http.Handler, req *http.Request) {
	if nilTB(t) {
		return
	}
	t.Helper()
	report(t, "RunAgainstHandler", func() ([]Finding, error) { return AcceptedByHandler(attacks, h, req) })
}

// AcceptedByDPoPHandler sends each DPoP attack to h (RFC 9449 section 7.1):
// a request of its Method and URL with "Authorization: SCHEME TOKEN" and
// one "DPoP" header per proof, twice for a Replay attack (the second is
// the one judged), and returns, in order, those h answered with a 2xx
// status or panicked on (but for http.ErrAbortHandler: refused). An empty catalogue or a nil handler is
// ErrNothingToRun; an attack whose Method or URL cannot make a request
// (httptest.NewRequest panics on it) is reported as a Finding with that
// panic, never skipped.
func AcceptedByDPoPHandler(attacks []DPoPAttack, h http.Handler) ([]Finding, error) {
	if len(attacks) == 0 || h == nil {
		return nil, ErrNothingToRun
	}
	var out []Finding
	for _, a := range attacks {
		f := Finding{Attack: Attack{Name: a.Name, Rule: a.Rule, Token: a.AccessToken}}
		sends := 1
		if a.Replay {
			sends = 2
		}
		var code int
		var err error
		for i := 0; i < sends && err == nil; i++ {
			code, err = sendDPoP(a, h)
		}
		if p, ok := err.(panicked); ok && !aborted(p) {
			f.Panic = p.v
			out = append(out, f)
		} else if ok {
			continue
		} else if code >= 200 && code < 300 {
			f.Status = code
			out = append(out, f)
		}
	}
	return out, nil
}

// sendDPoP sends one request of a to h and returns its status.
func sendDPoP(a DPoPAttack, h http.Handler) (code int, err error) {
	err = call(func() error {
		r := httptest.NewRequest(a.Method, a.URL, nil)
		if a.Scheme != "" || a.AccessToken != "" {
			r.Header.Set("Authorization", a.Scheme+" "+a.AccessToken)
		}
		for _, p := range a.Proofs {
			r.Header.Add("DPoP", p)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		code = w.Code
		return nil
	})
	return code, err
}

// RunDPoPAgainstHandler is AcceptedByDPoPHandler failing the test
// (t.Errorf with the Finding) for each attack h did not refuse; an empty
// catalogue or a nil handler fails the test too.
func RunDPoPAgainstHandler(t testing.TB, attacks []DPoPAttack, h http.Handler) {
	if nilTB(t) {
		return
	}
	t.Helper()
	report(t, "RunDPoPAgainstHandler", func() ([]Finding, error) { return AcceptedByDPoPHandler(attacks, h) })
}

// report runs find and fails t for its error and for each Finding.
func report(t testing.TB, name string, find func() ([]Finding, error)) {
	t.Helper()
	fs, err := find()
	if err != nil {
		t.Errorf("jwttest: %s: %v", name, err)
		return
	}
	for _, f := range fs {
		t.Errorf("%s", f)
	}
}

// nilTB reports a nil testing.TB (untyped, or a nil pointer): the Run
// functions have nothing to fail and return.
func nilTB(t testing.TB) bool {
	if t == nil {
		return true
	}
	v := reflect.ValueOf(t)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// aborted reports a panic with http.ErrAbortHandler.
func aborted(p panicked) bool {
	err, ok := p.v.(error)
	return ok && errors.Is(err, http.ErrAbortHandler)
}

type panicked struct{ v any }

func (p panicked) Error() string { return fmt.Sprint("panic: ", p.v) }

func call(f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = panicked{v}
		}
	}()
	return f()
}
