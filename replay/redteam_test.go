package replay

// Red-team probes of replay.Memory (RFC 9449 section 11.1) that hold.

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// RFC 9449 section 11.1 at the edges of time: an until past 2262 (beyond
// int64 nanoseconds) stays live, never wrapping to the past; a clock that
// jumps back never frees a live entry; the entry frees at its until, not
// a nanosecond earlier.
func TestRedTeam_RFC9449_11_1_MemoryExtremeTimesNeverFreeALiveKey(t *testing.T) {
	m, c := newTestMemory(4)
	ctx := context.Background()
	far := time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := m.Claim(ctx, "far", far); err != nil {
		t.Fatal(err)
	}
	c.add(200 * 365 * 24 * time.Hour)
	if err := m.Claim(ctx, "far", far); !errors.Is(err, ErrReplayed) {
		t.Errorf("far-future key after 200 years: %v, want ErrReplayed", err)
	}
	m, c = newTestMemory(4)
	until := c.now().Add(10 * time.Second)
	if err := m.Claim(ctx, "k", until); err != nil {
		t.Fatal(err)
	}
	c.add(-time.Hour)
	if err := m.Claim(ctx, "k", until); !errors.Is(err, ErrReplayed) {
		t.Errorf("after the clock went back: %v, want ErrReplayed", err)
	}
	c.add(time.Hour + 10*time.Second - time.Nanosecond)
	if err := m.Claim(ctx, "k", until.Add(time.Second)); !errors.Is(err, ErrReplayed) {
		t.Errorf("a nanosecond before until: %v, want ErrReplayed", err)
	}
	c.add(time.Nanosecond)
	if err := m.Claim(ctx, "k", until.Add(time.Second)); err != nil {
		t.Errorf("at until: %v, want claimable again", err)
	}
	if err := m.Claim(ctx, "old", time.Date(1000, 1, 1, 0, 0, 0, 0, time.UTC)); !errors.Is(err, ErrExpired) {
		t.Errorf("until before 1678: %v, want ErrExpired", err)
	}
}

// RFC 9449 section 11.1, fail closed: every refusal says which it is, and
// only a live key is ErrReplayed: ErrFull and a done context match
// ErrUnavailable, never ErrReplayed; ErrExpired and ErrInvalidKey match
// neither. A full store re-claims an expired key of its own in place.
func TestRedTeam_RFC9449_11_1_MemoryRefusalsAreTyped(t *testing.T) {
	m, c := newTestMemory(2)
	ctx := context.Background()
	_ = m.Claim(ctx, "a", c.now().Add(time.Second))
	_ = m.Claim(ctx, "b", c.now().Add(time.Hour))
	err := m.Claim(ctx, "c", c.now().Add(time.Hour))
	if !errors.Is(err, ErrFull) || !errors.Is(err, ErrUnavailable) || errors.Is(err, ErrReplayed) {
		t.Errorf("full: %v", err)
	}
	c.add(time.Second)
	if err := m.Claim(ctx, "a", c.now().Add(time.Hour)); err != nil {
		t.Errorf("full, own expired key again: %v", err)
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if err := m.Claim(done, "z", c.now().Add(time.Hour)); !errors.Is(err, ErrUnavailable) || errors.Is(err, ErrReplayed) || !errors.Is(err, context.Canceled) {
		t.Errorf("done context: %v", err)
	}
	for name, err := range map[string]error{
		"expired": m.Claim(ctx, "y", c.now()),
		"empty":   m.Claim(ctx, "", c.now().Add(time.Hour)),
		"1025 B":  m.Claim(ctx, string(make([]byte, MaxKeyLen+1)), c.now().Add(time.Hour)),
	} {
		if err == nil || errors.Is(err, ErrUnavailable) || errors.Is(err, ErrReplayed) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := NewMemory(1).Claim(ctx, string(make([]byte, MaxKeyLen)), time.Now().Add(time.Hour)); err != nil {
		t.Errorf("a key of exactly MaxKeyLen NUL bytes: %v", err)
	}
}

// RFC 9449 section 11.1 under contention (run with -race): goroutines
// racing on one key while others fill the store and the clock advances;
// each key is won exactly once per life, the bound is never exceeded.
func TestRedTeam_RFC9449_11_1_MemoryRaceOneKeyWhileFilling(t *testing.T) {
	m, c := newTestMemory(64)
	ctx := context.Background()
	var wins atomic.Int32
	var wg sync.WaitGroup
	until := c.now().Add(time.Minute)
	for g := range 16 {
		wg.Go(func() {
			for i := range 40 {
				if err := m.Claim(ctx, "hot", until); err == nil {
					wins.Add(1)
				} else if !errors.Is(err, ErrReplayed) {
					t.Errorf("hot key: %v", err)
				}
				// Another goroutine moves the clock on between c.now() and
				// Claim's own reading: an until already past is ErrExpired.
				err := m.Claim(ctx, fmt.Sprint(g, "/", i), c.now().Add(time.Millisecond))
				if err != nil && !errors.Is(err, ErrFull) && !errors.Is(err, ErrExpired) {
					t.Errorf("filler: %v", err)
				}
				if g == 0 {
					c.add(time.Millisecond)
				}
			}
		})
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Errorf("the hot key was won %d times", wins.Load())
	}
	if n := m.Len(); n > 64 || n < 1 {
		t.Errorf("Len %d", n)
	}
	if got := m.count.Load(); got > 64 {
		t.Errorf("count %d over the bound", got)
	}
}
