package dpop_test

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
)

var (
	nonceKeyA = bytes.Repeat([]byte{0xa1}, 32)
	nonceKeyB = bytes.Repeat([]byte{0xb2}, 48)
	// nonceNow is in the middle of a one-minute window.
	nonceNow = time.Date(2026, 3, 4, 5, 6, 30, 0, time.UTC)
)

func mustNonces(t *testing.T, window time.Duration, keys ...[]byte) *dpop.HMACNonces {
	t.Helper()
	n, err := dpop.NewHMACNonces(window, keys...)
	if err != nil {
		t.Fatalf("NewHMACNonces: %v", err)
	}
	return n
}

func mustNonce(t *testing.T, n *dpop.HMACNonces, now time.Time) string {
	t.Helper()
	nonce, err := n.NewNonce(now)
	if err != nil {
		t.Fatalf("NewNonce: %v", err)
	}
	return nonce
}

func wantUseNonce(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, dpop.ErrUseNonce) || errors.Is(err, dpop.ErrInvalidProof) {
		t.Errorf("%s: %v, want ErrUseNonce (and not ErrInvalidProof)", what, err)
	}
}

func TestRFC9449_9_NonceFromAnotherInstanceAccepted(t *testing.T) {
	a := mustNonces(t, time.Minute, nonceKeyA)
	b := mustNonces(t, time.Minute, nonceKeyA) // another instance: same key, no shared state
	nonce := mustNonce(t, a, nonceNow)
	if err := b.CheckNonce(nonce, nonceNow.Add(time.Second)); err != nil {
		t.Fatalf("instance B refused instance A's nonce: %v", err)
	}
	if other := mustNonce(t, b, nonceNow); other != nonce {
		t.Errorf("two instances issue %q and %q in one window", nonce, other)
	}
}

func TestRFC9449_9_NonceAcceptedInItsWindowAndTheNext(t *testing.T) {
	n := mustNonces(t, time.Minute, nonceKeyA)
	start := nonceNow.Truncate(time.Minute)
	nonce := mustNonce(t, n, start)
	for _, at := range []time.Duration{0, 30 * time.Second, time.Minute, 2*time.Minute - time.Nanosecond} {
		if err := n.CheckNonce(nonce, start.Add(at)); err != nil {
			t.Errorf("%v after its window's start: %v, want accepted", at, err)
		}
	}
	if next := mustNonce(t, n, start.Add(time.Minute)); next == nonce {
		t.Error("the next window issues the same nonce")
	}
}

func TestRFC9449_9_NonceExpiresAfterTwoWindows(t *testing.T) {
	n := mustNonces(t, time.Minute, nonceKeyA)
	start := nonceNow.Truncate(time.Minute)
	nonce := mustNonce(t, n, start.Add(time.Minute-time.Nanosecond)) // issued at its window's end
	wantUseNonce(t, "two windows after its window's start", n.CheckNonce(nonce, start.Add(2*time.Minute)))
	wantUseNonce(t, "an hour later", n.CheckNonce(nonce, start.Add(time.Hour)))
	if err := n.CheckNonce(nonce, start.Add(2*time.Minute-time.Nanosecond)); err != nil {
		t.Errorf("just before: %v", err)
	}
}

func TestRFC9449_9_NonceFromAFutureWindowRefused(t *testing.T) {
	n := mustNonces(t, time.Minute, nonceKeyA)
	nonce := mustNonce(t, n, nonceNow.Add(time.Minute)) // an instance whose clock runs a minute ahead
	wantUseNonce(t, "a nonce of the next window", n.CheckNonce(nonce, nonceNow))
}

func TestRFC9449_9_NonceOfARotatedKeyStillAccepted(t *testing.T) {
	old := mustNonces(t, time.Minute, nonceKeyA)
	rotated := mustNonces(t, time.Minute, nonceKeyB, nonceKeyA) // the new key first; the old still verifies
	oldNonce := mustNonce(t, old, nonceNow)
	if err := rotated.CheckNonce(oldNonce, nonceNow); err != nil {
		t.Fatalf("a nonce of the old key after rotation: %v", err)
	}
	newNonce := mustNonce(t, rotated, nonceNow)
	if newNonce == oldNonce {
		t.Fatal("the rotated source still signs with the old key")
	}
	// An instance not rotated yet checks with the old key only.
	wantUseNonce(t, "the new key's nonce on an old instance", old.CheckNonce(newNonce, nonceNow))
	dropped := mustNonces(t, time.Minute, nonceKeyB)
	wantUseNonce(t, "the old key's nonce after the old key is dropped", dropped.CheckNonce(oldNonce, nonceNow))
	if err := dropped.CheckNonce(newNonce, nonceNow); err != nil {
		t.Errorf("the new key's nonce after the old key is dropped: %v", err)
	}
}

func TestRFC9449_9_ForgedNonceRefused(t *testing.T) {
	n := mustNonces(t, time.Minute, nonceKeyA)
	nonce := mustNonce(t, n, nonceNow)
	raw, err := base64.RawURLEncoding.DecodeString(nonce)
	if err != nil || len(raw) != 24 {
		t.Fatalf("nonce %q: %v, %d bytes", nonce, err, len(raw))
	}
	for i := range raw {
		forged := bytes.Clone(raw)
		forged[i] ^= 0x01
		wantUseNonce(t, fmt.Sprint("nonce with byte ", i, " flipped"),
			n.CheckNonce(base64.RawURLEncoding.EncodeToString(forged), nonceNow))
	}
	// The previous window's index under this window's MAC.
	moved := bytes.Clone(raw)
	binary.BigEndian.PutUint64(moved, binary.BigEndian.Uint64(raw)-1)
	wantUseNonce(t, "another window's index, this MAC", n.CheckNonce(base64.RawURLEncoding.EncodeToString(moved), nonceNow))
	other := mustNonces(t, time.Minute, nonceKeyB)
	wantUseNonce(t, "a nonce of another key", n.CheckNonce(mustNonce(t, other, nonceNow), nonceNow))
}

func TestRFC9449_9_NonceOfAnotherWindowLengthRefused(t *testing.T) {
	minute := mustNonces(t, time.Minute, nonceKeyA)
	// The MAC binds the window length: instances configured differently
	// refuse each other's nonces instead of reading another index scale.
	hour := mustNonces(t, time.Hour, nonceKeyA)
	wantUseNonce(t, "an hour-window nonce on a minute-window source", minute.CheckNonce(mustNonce(t, hour, nonceNow), nonceNow))
	wantUseNonce(t, "a minute-window nonce on an hour-window source", hour.CheckNonce(mustNonce(t, minute, nonceNow), nonceNow))
}

func TestRFC9449_9_EmptyNonceRefusedUseNonce(t *testing.T) {
	wantUseNonce(t, "no nonce", mustNonces(t, 0, nonceKeyA).CheckNonce("", nonceNow))
}

func TestRFC9449_9_GarbageOrHugeNonceRefused(t *testing.T) {
	n := mustNonces(t, time.Minute, nonceKeyA)
	nonce := mustNonce(t, n, nonceNow)
	for name, bad := range map[string]string{
		"short":                   nonce[:31],
		"long":                    nonce + "A",
		"padded":                  nonce[:30] + "==",
		"not base64url":           strings.Repeat("*", 32),
		"standard base64":         strings.Repeat("+", 32),
		"line break":              nonce[:16] + "\n" + nonce[17:],
		"non-canonical last char": nonce[:31] + string(nonce[31]^1),
		"huge":                    strings.Repeat(nonce, 1<<15),
		"NUL":                     strings.Repeat("\x00", 32),
	} {
		if bad == nonce {
			continue
		}
		wantUseNonce(t, name, n.CheckNonce(bad, nonceNow))
	}
}

func TestRFC9449_4_2_NonceIsNQCHAR(t *testing.T) {
	n := mustNonces(t, 0, nonceKeyA)
	for i := range 50 {
		nonce := mustNonce(t, n, nonceNow.Add(time.Duration(i)*time.Minute))
		if len(nonce) != 32 {
			t.Errorf("nonce %q: %d characters", nonce, len(nonce))
		}
		for _, c := range []byte(nonce) {
			// NQCHAR = %x21 / %x23-5B / %x5D-7E
			if c < 0x21 || c == 0x22 || c == 0x5c || c > 0x7e {
				t.Fatalf("nonce %q holds %q, outside NQCHAR", nonce, c)
			}
		}
	}
}

func TestHMACNoncesConfigRefused(t *testing.T) {
	for name, c := range map[string]struct {
		window time.Duration
		keys   [][]byte
	}{
		"no key":            {time.Minute, nil},
		"31-byte key":       {time.Minute, [][]byte{make([]byte, 31)}},
		"empty second key":  {time.Minute, [][]byte{nonceKeyA, nil}},
		"negative window":   {-time.Minute, [][]byte{nonceKeyA}},
		"sub-second window": {999 * time.Millisecond, [][]byte{nonceKeyA}},
	} {
		n, err := dpop.NewHMACNonces(c.window, c.keys...)
		if n != nil || !errors.Is(err, dpop.ErrInvalidConfig) || !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("%s: %v, %v; want nil, ErrInvalidConfig", name, n, err)
		}
	}
}

func TestHMACNoncesZeroWindowMeansOneMinute(t *testing.T) {
	zero := mustNonces(t, 0, nonceKeyA)
	minute := mustNonces(t, time.Minute, nonceKeyA)
	if a, b := mustNonce(t, zero, nonceNow), mustNonce(t, minute, nonceNow); a != b {
		t.Errorf("window 0 issues %q, window 1m %q", a, b)
	}
	if dpop.DefaultNonceWindow != time.Minute {
		t.Errorf("DefaultNonceWindow %v", dpop.DefaultNonceWindow)
	}
}

func TestHMACNoncesKeysCopied(t *testing.T) {
	key := bytes.Clone(nonceKeyA)
	n := mustNonces(t, time.Minute, key)
	nonce := mustNonce(t, n, nonceNow)
	key[0] ^= 0xff
	if err := n.CheckNonce(nonce, nonceNow); err != nil {
		t.Errorf("after the caller changed its key slice: %v", err)
	}
}

func TestHMACNoncesZeroAndNilRefuseWithoutPanicking(t *testing.T) {
	var zero dpop.HMACNonces
	var nilNonces *dpop.HMACNonces
	valid := mustNonce(t, mustNonces(t, time.Minute, nonceKeyA), nonceNow)
	for name, n := range map[string]*dpop.HMACNonces{"zero": &zero, "nil": nilNonces} {
		if nonce, err := n.NewNonce(nonceNow); nonce != "" || !errors.Is(err, dpop.ErrInvalidConfig) {
			t.Errorf("%s NewNonce: %q, %v; want ErrInvalidConfig", name, nonce, err)
		}
		err := n.CheckNonce(valid, nonceNow)
		if !errors.Is(err, dpop.ErrUseNonce) || !errors.Is(err, dpop.ErrInvalidConfig) {
			t.Errorf("%s CheckNonce: %v; want ErrUseNonce and ErrInvalidConfig", name, err)
		}
	}
}

func TestHMACNoncesClockOutOfRangeRefused(t *testing.T) {
	n := mustNonces(t, time.Minute, nonceKeyA)
	for _, now := range []time.Time{{}, time.Unix(-1, 0), time.Date(2300, 1, 1, 0, 0, 0, 0, time.UTC)} {
		if _, err := n.NewNonce(now); !errors.Is(err, dpop.ErrInvalidConfig) {
			t.Errorf("NewNonce at %v: %v, want ErrInvalidConfig", now, err)
		}
		wantUseNonce(t, "CheckNonce at "+now.String(), n.CheckNonce(mustNonce(t, n, nonceNow), now))
	}
}

func TestHMACNoncesCheckNonceAllocations(t *testing.T) {
	n := mustNonces(t, time.Minute, nonceKeyA)
	nonce := mustNonce(t, n, nonceNow)
	allocs := testing.AllocsPerRun(100, func() {
		if err := n.CheckNonce(nonce, nonceNow); err != nil {
			t.Fatal(err)
		}
	})
	// 2 here; a fresh HMAC costs 7, which the race detector's random
	// sync.Pool drops can force.
	if allocs > 8 {
		t.Errorf("CheckNonce: %v allocations", allocs)
	}
}
