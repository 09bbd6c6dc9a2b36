package jwk_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// TestRemoteSet_RotationUnderRandomKidNoise_RotatedKeyAcceptedWithinATenthOfThePeriod_FetchesBounded:
// issue 21 item 3, measured. A resource server verifies a steady stream of
// tokens of key "a"; a trickle of forged tokens with random "kid"s (RFC
// 7515 section 4.1.4) comes with them. Right after a noise token spent the
// unknown-kid fetch of the rate-limit period, the provider rotates in key
// "b" and clients start sending its tokens. A kid that several tokens
// carry may fetch again a tenth of the period after the latest unknown-kid
// fetch, so "b" is accepted within about 200 ms of a 2 s period (before:
// refused until the period ended), "a" is never refused, and the fetches
// stay within one per tenth of the period.
func TestRemoteSet_RotationUnderRandomKidNoise_RotatedKeyAcceptedWithinATenthOfThePeriod_FetchesBounded(t *testing.T) {
	const period = 2 * time.Second
	const bound = 3 * period / 10 // a tenth of the period, plus room for a loaded machine
	k := testKeys()
	bKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	a := mustKey(t, k.ec256, jwk.Params{KeyID: "a"})
	b := mustKey(t, bKey, jwk.Params{KeyID: "b"})
	f := newFixture(t, publish(t, a), jwk.WithRateLimit(period))
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	aTok := mustSign(t, jwt.ES256, k.ec256, "a")
	bTok := mustSign(t, jwt.ES256, bKey, "b")
	noise := make([]string, 400)
	for i := range noise {
		noise[i] = mustSign(t, jwt.ES256, k.ec256, fmt.Sprintf("random-%d", i))
	}
	// The first noise token spends the unknown-kid fetch of the period.
	if err := f.parse(noise[0]); !errors.Is(err, jwk.ErrKeyNotFound) {
		t.Fatalf("noise: %v", err)
	}
	start := time.Now()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var (
		wg                 sync.WaitGroup
		aOK, aBad, noiseN  atomic.Int64
		rotated            atomic.Bool
		bFirstOK, bRefused atomic.Int64 // nanoseconds after the rotation; refusals before it
		rotatedAt          time.Time
	)
	run := func(body func(i int)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				body(i)
			}
		}()
	}
	for g := 0; g < 2; g++ { // the service's own traffic, "a" then also "b"
		run(func(i int) {
			tok := aTok
			if rotated.Load() && i%2 == 0 {
				tok = bTok
			}
			err := f.parse(tok)
			switch {
			case tok == aTok && err == nil:
				aOK.Add(1)
			case tok == aTok:
				aBad.Add(1)
				t.Errorf("a token of the served key refused: %v", err)
			case err == nil:
				bFirstOK.CompareAndSwap(0, int64(time.Since(rotatedAt)))
			case errors.Is(err, jwk.ErrKeyNotFound):
				bRefused.Add(1)
			default:
				t.Errorf("b: %v", err)
			}
			time.Sleep(500 * time.Microsecond)
		})
	}
	run(func(i int) { // the trickle of random kids: one every 5 ms
		if err := f.parse(noise[(i+1)%len(noise)]); !errors.Is(err, jwk.ErrKeyNotFound) {
			t.Errorf("noise: %v", err)
		}
		noiseN.Add(1)
		time.Sleep(5 * time.Millisecond)
	})
	time.Sleep(50 * time.Millisecond)
	f.srv.setBody(publish(t, a, b))
	rotatedAt = time.Now()
	rotated.Store(true)
	waitFor(period, func() bool { return bFirstOK.Load() != 0 })
	time.Sleep(100 * time.Millisecond) // the noise goes on after the rotation
	cancel()
	wg.Wait()
	elapsed := time.Since(start)
	fetches := f.srv.hits.Load() - 2 // the Refresh and the first noise token's
	took := time.Duration(bFirstOK.Load())
	t.Logf("%v: %d a tokens, %d noise tokens; b accepted %v after the rotation (%d refused before); %d unknown-kid fetches after the first",
		elapsed.Round(time.Millisecond), aOK.Load(), noiseN.Load(), took, bRefused.Load(), fetches)
	if took == 0 || took > bound {
		t.Fatalf("the rotated key's tokens accepted %v after the rotation, want within %v (rate limit %v)", took, bound, period)
	}
	if limit := int64(elapsed/(period/10)) + 1; fetches > limit {
		t.Fatalf("%d unknown-kid fetches in %v, want at most %d (one per tenth of the period)", fetches, elapsed, limit)
	}
}

// TestRemoteSet_RandomKidsSeenOnceEach_OneFetchPerPeriod: noise alone
// (every kid asked for once) keeps the rate limit of issue 21's no-storm
// guarantee: one unknown-kid fetch per period, none from repetition, while
// at most 256 unknown-kid verifications come between two fetches (twice
// the 128 kids the table counts). Past that the table cannot tell noise
// from a rotation and errs on fetching: at most one fetch per tenth of
// the period.
func TestRemoteSet_RandomKidsSeenOnceEach_OneFetchPerPeriod(t *testing.T) {
	t.Parallel()
	const period = 400 * time.Millisecond
	k := testKeys()
	f := newFixture(t, publish(t, mustKey(t, k.ec256, jwk.Params{KeyID: "a"})), jwk.WithRateLimit(period))
	if err := f.remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for i := 0; i <= 256; i++ { // the first spends the period's fetch; 256 after it
		if err := f.parse(forgedToken(fmt.Sprint("once-", i))); !errors.Is(err, jwk.ErrKeyNotFound) {
			t.Fatalf("random kid: %v", err)
		}
	}
	if n := f.srv.hits.Load(); n != 2 && time.Since(start) < period {
		t.Fatalf("%d requests, want 2 (Refresh, one unknown-kid fetch): kids seen once never fetch again within the period", n)
	}
	for i := 0; time.Since(start) < period*3/4; i++ {
		if err := f.parse(forgedToken(fmt.Sprint("more-", i))); !errors.Is(err, jwk.ErrKeyNotFound) {
			t.Fatalf("random kid: %v", err)
		}
	}
	elapsed := time.Since(start)
	limit := int64(elapsed/(period/10)) + 2
	if n := f.srv.hits.Load(); n > limit {
		t.Fatalf("%d requests in %v, want at most %d (Refresh, then one per tenth of the period)", n, elapsed, limit)
	}
}
