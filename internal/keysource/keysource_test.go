package keysource

import "testing"

type wrapper struct{ inner any }

func (w *wrapper) WrappedKeySource() any { return w.inner }

// TestUnwrapLooksThroughWrappersAndEndsOnACycle: Unwrap returns the key a
// chain of wrappers holds, and ends on a cycle of wrappers; nil entries
// (jwk not linked in) know nothing.
func TestUnwrapLooksThroughWrappersAndEndsOnACycle(t *testing.T) {
	key := "the key"
	if got := Unwrap(&wrapper{&wrapper{key}}); got != key {
		t.Errorf("Unwrap: %v", got)
	}
	cycle := &wrapper{}
	cycle.inner = cycle
	if got := Unwrap(cycle); got != any(cycle) {
		t.Errorf("Unwrap of a cycle: %v", got)
	}
	saved, savedIssuers := Published, Issuers
	defer func() { Published, Issuers = saved, savedIssuers }()
	Published, Issuers = nil, nil
	if IsPublished(key) {
		t.Error("IsPublished without Published")
	}
	if _, ok := IssuersOf(key); ok {
		t.Error("IssuersOf without Issuers")
	}
	Published = func(k any) bool { return k == any(key) }
	if !IsPublished(&wrapper{key}) {
		t.Error("IsPublished does not look through a wrapper")
	}
}
