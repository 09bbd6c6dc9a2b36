package jwttest_test

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwttest"
)

// binaryTB is a testing.TB that lives as long as the test binary: the
// owner of the kits shared between tests that only read them (sharedKit).
// A Provider calls only Helper, Cleanup, Fatal, Fatalf and Errorf on it;
// Fatal panics (the test that first builds the kit fails), Errorf is
// recorded and fails the binary in TestMain; Cleanup runs after m.Run.
type binaryTB struct {
	testing.TB // nil: any other method panics, never passes silently
	mu         sync.Mutex
	cleanups   []func()
	errs       []string
}

func (b *binaryTB) Helper() {}
func (b *binaryTB) Cleanup(f func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.cleanups = append(b.cleanups, f)
}
func (b *binaryTB) Fatal(args ...any) { panic("shared kit: " + fmt.Sprint(args...)) }
func (b *binaryTB) Fatalf(format string, args ...any) {
	panic("shared kit: " + fmt.Sprintf(format, args...))
}
func (b *binaryTB) Errorf(format string, args ...any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.errs = append(b.errs, fmt.Sprintf(format, args...))
}

var sharedTB = &binaryTB{}

func TestMain(m *testing.M) {
	code := m.Run()
	sharedTB.mu.Lock()
	cleanups, errs := sharedTB.cleanups, sharedTB.errs
	sharedTB.mu.Unlock()
	for i := len(cleanups) - 1; i >= 0; i-- {
		cleanups[i]()
	}
	for _, e := range errs {
		fmt.Fprintln(os.Stderr, "shared kit:", e)
		code = 1
	}
	os.Exit(code)
}

// shared is one algorithm's kit and catalogues, each built once per test
// binary: the Refused and Accepted tests of a catalogue need "a" provider
// of that algorithm and only read it (no clock, fault, key or rotation
// change), so they share its keys, its attacker server and its tokens.
type shared struct {
	kit      func() (*attackKit, error)
	attacks  func() ([]jwttest.Attack, error)
	idTokens []func() ([]jwttest.Attack, error) // by idCases index
}

var sharedKits sync.Map // jwt.Algorithm -> *shared

func sharedFor(alg jwt.Algorithm) *shared {
	if s, ok := sharedKits.Load(alg); ok {
		return s.(*shared)
	}
	s := &shared{}
	s.kit = sync.OnceValues(func() (*attackKit, error) { return newTargetKit(sharedTB, alg), nil })
	s.attacks = sync.OnceValues(func() ([]jwttest.Attack, error) {
		k, _ := s.kit()
		return jwttest.Attacks(k.target)
	})
	for i := range 3 {
		s.idTokens = append(s.idTokens, sync.OnceValues(func() ([]jwttest.Attack, error) {
			k, _ := s.kit()
			return jwttest.IDTokenAttacks(idCases(k)[i].target)
		}))
	}
	got, _ := sharedKits.LoadOrStore(alg, s)
	return got.(*shared)
}

// sharedTargetKit is newTargetKit's kit for alg, shared (sharedFor): for
// tests that need a provider of alg and only read it.
func sharedTargetKit(t *testing.T, alg jwt.Algorithm) *attackKit {
	t.Helper()
	k, _ := sharedFor(alg).kit()
	return k
}

// sharedAttackKit is the kit for alg with its access-token catalogue
// (Attacks of its Target), built once and shared (sharedFor). The
// kit is a copy: its catalogue slice is the shared one, to read only.
func sharedAttackKit(t *testing.T, alg jwt.Algorithm) *attackKit {
	t.Helper()
	s := sharedFor(alg)
	a, err := s.attacks()
	if err != nil {
		t.Fatal(err)
	}
	k := *sharedTargetKit(t, alg)
	k.attacks = a
	return &k
}

// sharedIDTokenAttacks is IDTokenAttacks(idCases(k)[i].target) for the
// shared kit of alg, built once.
func sharedIDTokenAttacks(t *testing.T, alg jwt.Algorithm, i int) []jwttest.Attack {
	t.Helper()
	a, err := sharedFor(alg).idTokens[i]()
	if err != nil {
		t.Fatal(err)
	}
	return a
}
