package sentinel

import (
	"errors"
	"fmt"
	"testing"
)

// joined is what errors.Join returns and callers walk (examples/port's
// onlyExpired): a sentinel with one parent must not look like one.
type joined interface{ Unwrap() []error }

// TestNew_NoParent: a root sentinel is its message alone, matches itself
// and unwraps to nothing, as errors.New's does.
func TestNew_NoParent(t *testing.T) {
	err := New("jwt: x")
	if err.Error() != "jwt: x" || errors.Unwrap(err) != nil || !errors.Is(err, err) {
		t.Errorf("Error %q, Unwrap %v, Is itself %v", err, errors.Unwrap(err), errors.Is(err, err))
	}
	if errors.Is(err, New("jwt: x")) {
		t.Error("two sentinels with one message match each other")
	}
	if _, ok := err.(joined); ok {
		t.Error("a root sentinel looks like errors.Join's")
	}
}

// TestNew_OneParent: a child has its own message, matches its parent
// through any wrapping and unwraps to it.
func TestNew_OneParent(t *testing.T) {
	parent := New("jwt: parent")
	err := New("jwk: child", parent)
	if err.Error() != "jwk: child" || errors.Unwrap(err) != parent {
		t.Errorf("Error %q, Unwrap %v", err, errors.Unwrap(err))
	}
	if !errors.Is(fmt.Errorf("ctx: %w", err), parent) || errors.Is(parent, err) {
		t.Error("the child does not match its parent, or the parent matches the child")
	}
	if _, ok := err.(joined); ok {
		t.Error("a one-parent sentinel looks like errors.Join's")
	}
}

// TestNew_TwoParents: a sentinel of two kinds (accesstoken.ErrIDToken)
// matches both and unwraps to both, as errors.Join's does.
func TestNew_TwoParents(t *testing.T) {
	a, b := New("jwt: a"), New("jwt: b")
	err := New("p: both", a, b)
	if err.Error() != "p: both" || !errors.Is(err, a) || !errors.Is(err, b) {
		t.Errorf("Error %q, Is a %v, Is b %v", err, errors.Is(err, a), errors.Is(err, b))
	}
	j, ok := err.(joined)
	if !ok || len(j.Unwrap()) != 2 {
		t.Errorf("does not unwrap to both parents: %v", ok)
	}
}

// TestNew_NilParentsDropped: a nil parent is no parent.
func TestNew_NilParentsDropped(t *testing.T) {
	p := New("jwt: p")
	if errors.Unwrap(New("x", nil)) != nil || errors.Unwrap(New("x", nil, p)) != p {
		t.Error("a nil parent was kept")
	}
}
