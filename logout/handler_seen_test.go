package logout

import (
	"fmt"
	"testing"
	"time"
)

// TestOIDCBCL_2_6_Step8_HandlerMemoryBoundedExpiredFirst: the Handler's
// memory of logged-out tokens holds at most maxSeen, drops the expired
// ones first, and forgets a token once it could no longer be accepted.
func TestOIDCBCL_2_6_Step8_HandlerMemoryBoundedExpiredFirst(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	var s seenSet
	s.add("old", now.Add(time.Second), now)
	for i := 1; i < maxSeen; i++ {
		s.add(fmt.Sprint("k", i), now.Add(time.Hour), now)
	}
	later := now.Add(2 * time.Second)
	if s.has("old", later) {
		t.Fatal("an expired token is still remembered")
	}
	s.add("new", later.Add(time.Hour), later)
	if n := len(s.until); n > maxSeen {
		t.Fatalf("%d remembered, over maxSeen %d", n, maxSeen)
	}
	if _, ok := s.until["old"]; ok {
		t.Fatal("the expired entry was not the one dropped")
	}
	if !s.has("new", later) || !s.has("k1", later) {
		t.Fatal("a live token was forgotten while an expired one could go")
	}
	for i := 0; i < 10; i++ {
		s.add(fmt.Sprint("more", i), later.Add(time.Hour), later)
	}
	if n := len(s.until); n > maxSeen {
		t.Fatalf("%d remembered, over maxSeen %d", n, maxSeen)
	}
	var zero seenSet
	if zero.has("x", now) {
		t.Fatal("a zero seenSet remembers")
	}
}
