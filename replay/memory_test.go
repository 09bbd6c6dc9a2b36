package replay

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

var _ Store = (*Memory)(nil)

// fakeClock is a settable now for a Memory under test.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newTestMemory(maxEntries int) (*Memory, *fakeClock) {
	c := &fakeClock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	return NewMemoryClock(maxEntries, c.now), c
}

func TestRFC9449_11_1_MemorySecondClaimRefusedAsReplayed(t *testing.T) {
	m, c := newTestMemory(10)
	until := c.now().Add(time.Minute)
	if err := m.Claim(context.Background(), "jti-1", until); err != nil {
		t.Fatalf("first claim: %v", err)
	}
	err := m.Claim(context.Background(), "jti-1", until)
	if !errors.Is(err, ErrReplayed) || errors.Is(err, ErrUnavailable) {
		t.Fatalf("second claim: %v, want ErrReplayed only", err)
	}
	c.add(59 * time.Second)
	if err := m.Claim(context.Background(), "jti-1", until.Add(time.Hour)); !errors.Is(err, ErrReplayed) {
		t.Fatalf("claim 1 s before until: %v, want ErrReplayed", err)
	}
	if err := m.Claim(context.Background(), "jti-2", until); err != nil {
		t.Fatalf("another key: %v", err)
	}
	if n := m.Len(); n != 2 {
		t.Errorf("Len %d, want 2", n)
	}
}

func TestRFC9449_11_1_MemoryKeyClaimableAgainAtUntil(t *testing.T) {
	m, c := newTestMemory(10)
	until := c.now().Add(time.Minute)
	if err := m.Claim(context.Background(), "k", until); err != nil {
		t.Fatal(err)
	}
	c.add(time.Minute) // now == until: expired (until is exclusive)
	if err := m.Claim(context.Background(), "k", c.now().Add(time.Minute)); err != nil {
		t.Fatalf("claim at until: %v, want nil", err)
	}
	if err := m.Claim(context.Background(), "k", c.now().Add(time.Minute)); !errors.Is(err, ErrReplayed) {
		t.Fatalf("claim after the new claim: %v, want ErrReplayed", err)
	}
	if n := m.Len(); n != 1 {
		t.Errorf("Len %d, want 1 (the place reused)", n)
	}
}

func TestRFC9449_11_1_MemoryFullOfLiveEntriesRefusesNeverEvicts(t *testing.T) {
	m, c := newTestMemory(3)
	until := c.now().Add(time.Minute)
	for i := range 3 {
		if err := m.Claim(context.Background(), fmt.Sprint("k", i), until); err != nil {
			t.Fatal(err)
		}
	}
	err := m.Claim(context.Background(), "k3", until)
	if !errors.Is(err, ErrFull) || !errors.Is(err, ErrUnavailable) || errors.Is(err, ErrReplayed) {
		t.Fatalf("claim in a full store: %v, want ErrFull matching ErrUnavailable", err)
	}
	for i := range 3 {
		if err := m.Claim(context.Background(), fmt.Sprint("k", i), until); !errors.Is(err, ErrReplayed) {
			t.Fatalf("k%d after the refusal: %v, want ErrReplayed (never evicted)", i, err)
		}
	}
	if err := m.Claim(context.Background(), "k3", until); !errors.Is(err, ErrFull) {
		t.Fatalf("k3 again: %v, want ErrFull (it was not recorded)", err)
	}
	if n := m.Len(); n != 3 {
		t.Errorf("Len %d, want 3", n)
	}
}

func TestRFC9449_11_1_MemoryFullReclaimsExpiredEntries(t *testing.T) {
	m, c := newTestMemory(100)
	for i := range 100 {
		if err := m.Claim(context.Background(), fmt.Sprint("short", i), c.now().Add(time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Claim(context.Background(), "new", c.now().Add(time.Minute)); !errors.Is(err, ErrFull) {
		t.Fatalf("full of live entries: %v, want ErrFull", err)
	}
	c.add(time.Second)
	if err := m.Claim(context.Background(), "new", c.now().Add(time.Minute)); err != nil {
		t.Fatalf("full of expired entries: %v, want nil (swept)", err)
	}
	if n := m.Len(); n != 1 {
		t.Errorf("Len %d, want 1", n)
	}
	for i := range 99 {
		if err := m.Claim(context.Background(), fmt.Sprint("more", i), c.now().Add(time.Minute)); err != nil {
			t.Fatalf("more%d: %v", i, err)
		}
	}
	if err := m.Claim(context.Background(), "over", c.now().Add(time.Minute)); !errors.Is(err, ErrFull) {
		t.Fatalf("full again: %v, want ErrFull", err)
	}
}

func TestRFC9449_11_1_MemoryFullSweepsEntriesAddedAfterASweep(t *testing.T) {
	// The sweep bound stays a lower bound across sweeps: an entry added
	// after a sweep with an earlier expiry than those the sweep kept is
	// reclaimed once it expires.
	m, c := newTestMemory(2)
	ctx := context.Background()
	if err := m.Claim(ctx, "long", c.now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := m.Claim(ctx, "short", c.now().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	c.add(time.Second)
	if err := m.Claim(ctx, "short2", c.now().Add(time.Second)); err != nil {
		t.Fatalf("after short expired: %v", err)
	}
	c.add(time.Second)
	if err := m.Claim(ctx, "short3", c.now().Add(time.Minute)); err != nil {
		t.Fatalf("after short2 expired: %v", err)
	}
	if err := m.Claim(ctx, "long", c.now().Add(time.Hour)); !errors.Is(err, ErrReplayed) {
		t.Fatalf("long: %v, want ErrReplayed", err)
	}
}

func TestRFC9449_11_1_MemoryUntilNotAfterNowRefused(t *testing.T) {
	m, c := newTestMemory(10)
	for _, until := range []time.Time{c.now(), c.now().Add(-time.Nanosecond), {}} {
		err := m.Claim(context.Background(), "k", until)
		if !errors.Is(err, ErrExpired) || errors.Is(err, ErrReplayed) || errors.Is(err, ErrUnavailable) {
			t.Errorf("until %v: %v, want ErrExpired", until, err)
		}
	}
	if n := m.Len(); n != 0 {
		t.Errorf("Len %d, want 0 (nothing recorded)", n)
	}
	far := time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC) // past int64 nanoseconds
	if err := m.Claim(context.Background(), "far", far); err != nil {
		t.Fatalf("until year 3000: %v", err)
	}
	if err := m.Claim(context.Background(), "far", far); !errors.Is(err, ErrReplayed) {
		t.Fatalf("until year 3000, twice: %v, want ErrReplayed", err)
	}
}

func TestMemoryContextDoneRefusedUnavailable(t *testing.T) {
	m, c := newTestMemory(10)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := m.Claim(ctx, "k", c.now().Add(time.Minute))
	if !errors.Is(err, ErrUnavailable) || !errors.Is(err, context.Canceled) {
		t.Fatalf("canceled ctx: %v, want ErrUnavailable and context.Canceled", err)
	}
	ctx, cancel = context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	err = m.Claim(ctx, "k", c.now().Add(time.Minute))
	if !errors.Is(err, ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("expired ctx: %v, want ErrUnavailable and context.DeadlineExceeded", err)
	}
	//lint:ignore SA1012 a nil context is what this test gives
	if err := m.Claim(nil, "k", c.now().Add(time.Minute)); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("nil ctx: %v, want ErrUnavailable", err)
	}
	if err := m.Claim(context.Background(), "k", c.now().Add(time.Minute)); err != nil {
		t.Fatalf("k was recorded by a refused claim: %v", err)
	}
}

func TestMemoryKeyEmptyOrLongerThan1KiBRefused(t *testing.T) {
	m, c := newTestMemory(10)
	until := c.now().Add(time.Minute)
	if err := m.Claim(context.Background(), "", until); !errors.Is(err, ErrInvalidKey) || errors.Is(err, ErrKeyTooLong) {
		t.Errorf("empty key: %v, want ErrInvalidKey", err)
	}
	long := strings.Repeat("k", MaxKeyLen+1)
	err := m.Claim(context.Background(), long, until)
	if !errors.Is(err, ErrKeyTooLong) || !errors.Is(err, ErrInvalidKey) || errors.Is(err, ErrUnavailable) {
		t.Errorf("%d-byte key: %v, want ErrKeyTooLong", len(long), err)
	}
	if err := m.Claim(context.Background(), long[:MaxKeyLen], until); err != nil {
		t.Errorf("%d-byte key: %v, want nil", MaxKeyLen, err)
	}
}

func TestMemoryZeroAndNilRefuseWithoutPanicking(t *testing.T) {
	var zero Memory
	var nilMemory *Memory
	until := time.Now().Add(time.Minute)
	for name, m := range map[string]*Memory{"zero": &zero, "nil": nilMemory} {
		if err := m.Claim(context.Background(), "k", until); !errors.Is(err, ErrUnavailable) {
			t.Errorf("%s Memory: Claim %v, want ErrUnavailable", name, err)
		}
		if n := m.Len(); n != 0 {
			t.Errorf("%s Memory: Len %d", name, n)
		}
	}
}

func TestMemoryNewMemoryClockCountsOnItsClock(t *testing.T) {
	// A clock years behind the machine's (a test's fixed clock, a
	// Verifier's Config.Now): its untils are live on it.
	past := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	m := NewMemoryClock(10, func() time.Time { return past })
	if err := m.Claim(context.Background(), "k", past.Add(time.Minute)); err != nil {
		t.Fatalf("until a minute after the Memory's clock: %v", err)
	}
	if err := m.Claim(context.Background(), "k", past.Add(time.Minute)); !errors.Is(err, ErrReplayed) {
		t.Fatalf("twice: %v, want ErrReplayed", err)
	}
	if n := m.Len(); n != 1 {
		t.Errorf("Len %d, want 1", n)
	}
	if m := NewMemoryClock(10, nil); m.Claim(context.Background(), "k", time.Now().Add(time.Minute)) != nil {
		t.Error("nil clock: time.Now")
	}
}

func TestMemoryNewMemoryDefaultBound(t *testing.T) {
	for _, n := range []int{0, -1} {
		if m := NewMemory(n); m.max != DefaultMaxEntries {
			t.Errorf("NewMemory(%d) holds %d, want %d", n, m.max, DefaultMaxEntries)
		}
	}
	if m := NewMemory(7); m.max != 7 {
		t.Errorf("NewMemory(7) holds %d", m.max)
	}
}

func TestRFC9449_11_1_MemoryConcurrentClaimsOfOneKeyExactlyOneWins(t *testing.T) {
	m := NewMemory(0)
	until := time.Now().Add(time.Minute)
	const goroutines, rounds = 32, 50
	for r := range rounds {
		key := fmt.Sprint("jti-", r)
		var wins, replays, others int
		var mu sync.Mutex
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range goroutines {
			wg.Go(func() {
				<-start
				err := m.Claim(context.Background(), key, until)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					wins++
				case errors.Is(err, ErrReplayed):
					replays++
				default:
					others++
				}
			})
		}
		close(start)
		wg.Wait()
		if wins != 1 || replays != goroutines-1 || others != 0 {
			t.Fatalf("round %d: %d nil, %d ErrReplayed, %d other; want 1, %d, 0", r, wins, replays, others, goroutines-1)
		}
	}
}

func TestRFC9449_11_1_MemoryConcurrentClaimsNeverExceedTheBound(t *testing.T) {
	m := NewMemory(100)
	until := time.Now().Add(time.Minute)
	var wins, full int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 50 {
				err := m.Claim(context.Background(), fmt.Sprint(g, "/", i), until)
				mu.Lock()
				switch {
				case err == nil:
					wins++
				case errors.Is(err, ErrFull):
					full++
				default:
					t.Errorf("claim: %v", err)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if wins != 100 || full != 300 {
		t.Fatalf("%d recorded, %d ErrFull; want 100, 300", wins, full)
	}
	if n := m.Len(); n != 100 {
		t.Fatalf("Len %d, want 100", n)
	}
}
