package jwk_test

import (
	"context"
	"crypto"
	"errors"
	"log/slog"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// zeroArg is the argument a zero-value test passes for a parameter type.
func zeroArg(t *testing.T, typ reflect.Type) reflect.Value {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	t.Cleanup(cancel)
	switch typ {
	case reflect.TypeFor[context.Context]():
		return reflect.ValueOf(&ctx).Elem()
	case reflect.TypeFor[*jwt.Header]():
		return reflect.ValueOf(&jwt.Header{Algorithm: "ES256", KeyID: "k"})
	case reflect.TypeFor[jwt.Algorithm]():
		return reflect.ValueOf(jwt.ES256)
	case reflect.TypeFor[string]():
		return reflect.ValueOf("k")
	case reflect.TypeFor[[]byte]():
		return reflect.ValueOf([]byte(`{"keys":[]}`))
	case reflect.TypeFor[crypto.Hash]():
		return reflect.ValueOf(crypto.SHA256)
	case reflect.TypeFor[jwt.VerifyEvent]():
		return reflect.ValueOf(jwt.VerifyEvent{Outcome: jwt.ErrSignatureInvalid, Algorithm: "ES256", KeyID: "k"})
	case reflect.TypeFor[jwk.FetchEvent]():
		return reflect.ValueOf(jwk.FetchEvent{Kind: jwk.EventFetchFailed, URL: "https://idp.example/jwks", Err: jwk.ErrFetch})
	}
	t.Fatalf("no argument for a %v: extend zeroArg", typ)
	return reflect.Value{}
}

// callEveryMethod calls every exported method of recv (a pointer, zero or
// nil) and fails on a panic, or on an error that does not wrap
// jwt.ErrInvalidKey (Close: nil). ok lists methods allowed to succeed on
// this receiver (e.g. UnmarshalJSON into a zero value).
func callEveryMethod(t *testing.T, name string, recv any, ok ...string) {
	t.Helper()
	v := reflect.ValueOf(recv)
	errType := reflect.TypeFor[error]()
	for i := 0; i < v.NumMethod(); i++ {
		m := v.Type().Method(i)
		var args []reflect.Value
		for j := 1; j < m.Type.NumIn(); j++ {
			args = append(args, zeroArg(t, m.Type.In(j)))
		}
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s.%s panicked: %v", name, m.Name, p)
				}
			}()
			out := v.Method(i).Call(args)
			for _, o := range out {
				if o.Type() != errType {
					continue
				}
				err, _ := o.Interface().(error)
				switch {
				case m.Name == "Close":
					if err != nil {
						t.Errorf("%s.Close = %v, want nil", name, err)
					}
				case err == nil:
					for _, allowed := range ok {
						if allowed == m.Name {
							return
						}
					}
					t.Errorf("%s.%s returned no error", name, m.Name)
				case !errors.Is(err, jwt.ErrInvalidKey):
					t.Errorf("%s.%s = %v, want an error wrapping jwt.ErrInvalidKey", name, m.Name, err)
				}
			}
		}()
	}
}

// TestZeroAndNilValues_EveryExportedMethodReturnsAnErrorOrEmpty_NeverPanics:
// issue 20 item 6's contract for RemoteSet, Set, Key and SlogObserver: a
// zero value (new(T)) or a nil pointer never panics; a method with an
// error returns one wrapping jwt.ErrInvalidKey whose text says what to
// do; Close returns nil; no goroutine is started.
func TestZeroAndNilValues_EveryExportedMethodReturnsAnErrorOrEmpty_NeverPanics(t *testing.T) {
	old := slog.Default()
	slog.SetDefault(slog.New(slog.DiscardHandler)) // the zero SlogObserver logs there
	defer slog.SetDefault(old)
	before := runtime.NumGoroutine()
	callEveryMethod(t, "new(RemoteSet)", new(jwk.RemoteSet))
	callEveryMethod(t, "(*RemoteSet)(nil)", (*jwk.RemoteSet)(nil))
	// A zero Set is an empty set: lookups find nothing (ErrKeyNotFound),
	// and UnmarshalJSON fills it.
	callEveryMethod(t, "new(Set)", new(jwk.Set), "MarshalJSON", "UnmarshalJSON")
	callEveryMethod(t, "(*Set)(nil)", (*jwk.Set)(nil))
	callEveryMethod(t, "new(Key)", new(jwk.Key))
	callEveryMethod(t, "(*Key)(nil)", (*jwk.Key)(nil))
	callEveryMethod(t, "new(SlogObserver)", new(jwk.SlogObserver))
	callEveryMethod(t, "(*SlogObserver)(nil)", (*jwk.SlogObserver)(nil))
	time.Sleep(20 * time.Millisecond)
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("%d goroutines before, %d after: a zero value started one", before, after)
	}
}

// TestZeroAndNilValues_ErrorsSayWhatToDo: the errors name the type and the
// constructor.
func TestZeroAndNilValues_ErrorsSayWhatToDo(t *testing.T) {
	h := &jwt.Header{Algorithm: "ES256", KeyID: "k"}
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"zero RemoteSet", errOf(new(jwk.RemoteSet).VerificationKeys(context.Background(), h)), "NewRemoteSet"},
		{"zero RemoteSet Refresh", new(jwk.RemoteSet).Refresh(context.Background()), "NewRemoteSet"},
		{"zero RemoteSet Ready", new(jwk.RemoteSet).Ready(context.Background()), "NewRemoteSet"},
		{"nil RemoteSet", errOf((*jwk.RemoteSet)(nil).VerificationKeys(context.Background(), h)), "nil *RemoteSet"},
		{"nil RemoteSet Refresh", (*jwk.RemoteSet)(nil).Refresh(context.Background()), "nil *RemoteSet"},
		{"nil RemoteSet Ready", (*jwk.RemoteSet)(nil).Ready(context.Background()), "nil *RemoteSet"},
		{"nil Set", errOf((*jwk.Set)(nil).VerificationKeys(context.Background(), h)), "nil *Set"},
		{"nil Set UnmarshalJSON", (*jwk.Set)(nil).UnmarshalJSON([]byte(`{"keys":[]}`)), "nil *Set"},
		{"nil Key UnmarshalJSON", (*jwk.Key)(nil).UnmarshalJSON([]byte(`{}`)), "nil *Key"},
		{"zero Key Public", errOf(new(jwk.Key).Public()), "ParseKey or NewKey"},
	} {
		if tc.err == nil || !errors.Is(tc.err, jwt.ErrInvalidKey) || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("%s: %v, want jwt.ErrInvalidKey naming %q", tc.name, tc.err, tc.want)
		}
	}
}

// TestZeroRemoteSet_GivenToAVerifier_ParseReturnsAnError: issue 20 item
// 6's crash: new(jwk.RemoteSet) as a Verifier's key set panicked in a
// background goroutine at the first parse.
func TestZeroRemoteSet_GivenToAVerifier_ParseReturnsAnError(t *testing.T) {
	tok := mustSign(t, jwt.ES256, testKeys().ec256, "k")
	if _, err := jwt.Parse(tok, new(jwk.RemoteSet)); !errors.Is(err, jwt.ErrInvalidKey) {
		t.Fatalf("jwt.Parse: %v", err)
	}
}

// TestZeroKeySourcesRefusedWhereGiven: one rule for nil pointers and zero
// values of jwk's key sources — jwt.NewVerifier refuses them with
// jwt.ErrInvalidKey, saying which constructor makes one.
func TestZeroKeySourcesRefusedWhereGiven(t *testing.T) {
	for _, c := range []struct {
		key  any
		says string
	}{
		{new(jwk.RemoteSet), "NewRemoteSet"},
		{new(jwk.Provider), "NewProvider"},
		{new(jwk.Issuers), "NewIssuers"},
		{(*jwk.RemoteSet)(nil), "nil"},
		{(*jwk.Provider)(nil), "nil"},
		{(*jwk.Issuers)(nil), "nil"},
		{(*jwk.Set)(nil), "nil"},
	} {
		_, err := jwt.NewVerifier(c.key)
		if !errors.Is(err, jwt.ErrInvalidKey) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("NewVerifier(%T zero or nil): %v, want jwt.ErrInvalidKey naming %s", c.key, err, c.says)
		}
	}
}

// TestZeroSlogObserver_LogsToTheDefaultLogger: a zero SlogObserver is
// NewSlogObserver(nil); a nil one logs nothing.
func TestZeroSlogObserver_LogsToTheDefaultLogger(t *testing.T) {
	var buf strings.Builder
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	defer slog.SetDefault(old)
	new(jwk.SlogObserver).ObserveFetch(context.Background(), jwk.FetchEvent{Kind: jwk.EventFetched, URL: "https://idp.example/jwks"})
	(*jwk.SlogObserver)(nil).ObserveFetch(context.Background(), jwk.FetchEvent{Kind: jwk.EventFetched})
	if n := strings.Count(buf.String(), "jwk fetched"); n != 1 {
		t.Fatalf("%d lines, want 1:\n%s", n, buf.String())
	}
}

// errOf is the error of a two-result call.
func errOf[T any](_ T, err error) error { return err }
