package jwttest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// RunAgainst hands each attack's token to verify and fails the test
// (t.Errorf "attack NAME (RULE) accepted") for each one verify returns nil
// for, and for each one it panics on. An empty catalogue or a nil verify
// fails the test too: running nothing proves nothing.
func RunAgainst(t testing.TB, attacks []Attack, verify func(token string) error) {
	t.Helper()
	if len(attacks) == 0 || verify == nil {
		t.Errorf("jwttest: RunAgainst: no attacks or no verify function")
		return
	}
	for _, a := range attacks {
		if err := call(func() error { return verify(a.Token) }); err == nil {
			t.Errorf("attack %s (%s) accepted", a.Name, a.Rule)
		} else if p, ok := err.(panicked); ok {
			t.Errorf("attack %s (%s): verify panicked: %v", a.Name, a.Rule, p.v)
		}
	}
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

// RunAgainstHandler sends each attack's token to h as "Authorization:
// Bearer TOKEN" (RFC 6750 section 2.1) on a copy of req (nil: GET /) and
// fails the test (t.Errorf "attack NAME (RULE) accepted: status N") for
// each 2xx answer, and for each panic of h. An empty catalogue or a nil
// handler fails the test too.
func RunAgainstHandler(t testing.TB, attacks []Attack, h http.Handler, req *http.Request) {
	t.Helper()
	if len(attacks) == 0 || h == nil {
		t.Errorf("jwttest: RunAgainstHandler: no attacks or no handler")
		return
	}
	for _, a := range attacks {
		var r *http.Request
		if req == nil {
			r = httptest.NewRequest(http.MethodGet, "/", nil)
		} else {
			r = req.Clone(req.Context())
		}
		r.Header.Set("Authorization", "Bearer "+a.Token)
		w := httptest.NewRecorder()
		err := call(func() error { h.ServeHTTP(w, r); return nil })
		if p, ok := err.(panicked); ok {
			t.Errorf("attack %s (%s): handler panicked: %v", a.Name, a.Rule, p.v)
			continue
		}
		if w.Code >= 200 && w.Code < 300 {
			t.Errorf("attack %s (%s) accepted: status %d", a.Name, a.Rule, w.Code)
		}
	}
}
