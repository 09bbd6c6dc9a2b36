package jwk_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// Issue 21 item 3 under attack: an attacker who can send any token but
// cannot sign with the provider's keys (RFC 8725 section 3.10: the "kid" of
// an unverified token is the attacker's choice) tries to keep a rotated-in
// key (RFC 7517 section 5: the provider publishes it in the JWK Set) from
// being fetched. Whatever the attack, tokens of the rotated key must be
// accepted within a fifth of the rate-limit period, and the fetches caused
// by unknown kids must stay within one per tenth of the period.

// forgedToken is a compact JWS (RFC 7515 section 7.1) with kid in its
// header and 64 zero bytes for an ES256 signature: what an attacker sends
// without any key, at no cost.
func forgedToken(kid string) string {
	enc := base64.RawURLEncoding
	h, _ := json.Marshal(map[string]string{"alg": "ES256", "kid": kid})
	p, _ := json.Marshal(map[string]any{"sub": "attacker", "exp": time.Now().Add(time.Hour).Unix()})
	return enc.EncodeToString(h) + "." + enc.EncodeToString(p) + "." + enc.EncodeToString(make([]byte, 64))
}

// rotationAttack describes one attack on a rotation.
type rotationAttack struct {
	period time.Duration // WithRateLimit
	warm   time.Duration // the attack alone, before the rotation
	// afterFetch: once warm has passed, rotate right after the next fetch
	// (the worst moment: the next unknown-kid fetch is a spacing away).
	afterFetch bool
	// attack sends forged tokens through send until ctx ends; rotated
	// reports whether the provider has rotated.
	attack func(ctx context.Context, send func(kid string), rotated func() bool)
}

// rotationOutcome is what a rotation under attack measured.
type rotationOutcome struct {
	took     time.Duration // from the rotation to the first accepted token of the new key; 0: never
	refused  int64         // new-key tokens refused before that
	fetches  int64         // requests after the start-up Refresh
	forged   int64         // forged tokens sent
	valid    int64         // tokens of the old key, all accepted
	elapsed  time.Duration // from the attack's start to its end
	rotation time.Duration // from the attack's start to the rotation
}

// rotateUnderAttack serves key "a" from a loopback TLS server, runs the
// service's own traffic (a token of "a" every millisecond, and once the
// provider has rotated "b" in, every other token of "b") beside the attack,
// rotates, and measures.
func rotateUnderAttack(t *testing.T, ra rotationAttack) rotationOutcome {
	t.Helper()
	k := testKeys()
	bKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	a := mustKey(t, k.ec256, jwk.Params{KeyID: "a"})
	b := mustKey(t, bKey, jwk.Params{KeyID: "b"})
	srv := &jwksServer{}
	srv.setBody(publish(t, a))
	srv.status.Store(http.StatusOK)
	srv.Server = httptest.NewTLSServer(http.HandlerFunc(srv.serve))
	t.Cleanup(srv.Close)
	remote, err := jwk.NewRemoteSet(srv.URL+"/jwks.json", jwk.WithRateLimit(ra.period), jwk.WithHTTPClient(srv.Client()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { remote.Close() })
	v, err := jwt.NewVerifier(remote)
	if err != nil {
		t.Fatal(err)
	}
	parse := func(tok string) error {
		_, err := v.ParseContext(context.Background(), tok)
		return err
	}
	if err := remote.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	h0 := srv.hits.Load()
	aTok := mustSign(t, jwt.ES256, k.ec256, "a")
	bTok := mustSign(t, jwt.ES256, bKey, "b")

	var (
		out       rotationOutcome
		wg        sync.WaitGroup
		rotated   atomic.Bool
		rotatedAt atomic.Int64 // unix nanoseconds
		tookNS    atomic.Int64
		refused   atomic.Int64
		valid     atomic.Int64
		forged    atomic.Int64
	)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	start := time.Now()
	wg.Add(2)
	go func() { // the service's own traffic
		defer wg.Done()
		for i := 0; ctx.Err() == nil; i++ {
			if rotated.Load() && i%2 == 0 {
				switch err := parse(bTok); {
				case err == nil:
					tookNS.CompareAndSwap(0, time.Now().UnixNano()-rotatedAt.Load())
				case errors.Is(err, jwk.ErrKeyNotFound):
					if tookNS.Load() == 0 {
						refused.Add(1)
					}
				default:
					t.Errorf("a token of the rotated key: %v", err)
				}
			} else if err := parse(aTok); err != nil {
				t.Errorf("a token of the served key refused: %v", err)
			} else {
				valid.Add(1)
			}
			time.Sleep(time.Millisecond)
		}
	}()
	go func() {
		defer wg.Done()
		ra.attack(ctx, func(kid string) {
			forged.Add(1)
			switch err := parse(forgedToken(kid)); {
			case err == nil:
				t.Errorf("a forged token of kid %q accepted", kid)
			case !errors.Is(err, jwk.ErrKeyNotFound) && !errors.Is(err, jwt.ErrSignatureInvalid):
				t.Errorf("a forged token of kid %q: %v", kid, err)
			}
		}, rotated.Load)
	}()
	time.Sleep(ra.warm)
	if ra.afterFetch {
		hits := srv.hits.Load()
		if !waitFor(2*ra.period, func() bool { return srv.hits.Load() > hits }) {
			t.Log("no fetch after the warm-up")
		}
		time.Sleep(5 * time.Millisecond) // that fetch has been answered, with the old set
	}
	srv.setBody(publish(t, a, b))
	rotatedAt.Store(time.Now().UnixNano())
	out.rotation = time.Since(start)
	rotated.Store(true)
	waitFor(ra.period+100*time.Millisecond, func() bool { return tookNS.Load() != 0 })
	time.Sleep(100 * time.Millisecond) // the attack goes on after the rotation
	cancel()
	wg.Wait()
	out.elapsed = time.Since(start)
	out.took = time.Duration(tookNS.Load())
	out.refused, out.valid, out.forged = refused.Load(), valid.Load(), forged.Load()
	out.fetches = srv.hits.Load() - h0
	return out
}

// check logs the outcome and holds it to the bounds: the rotated key
// accepted within bound, unknown-kid fetches at most one per tenth of the
// period (one more for the first).
func (o rotationOutcome) check(t *testing.T, period, bound time.Duration) {
	t.Helper()
	limit := int64(o.elapsed/(period/10)) + 1
	t.Logf("rate limit %v; %d forged tokens in %v, rotation at %v; rotated key accepted %v after it (%d refused before); %d old-key tokens accepted; %d fetches (at most %d)",
		period, o.forged, o.elapsed.Round(time.Millisecond), o.rotation.Round(time.Millisecond), o.took, o.refused, o.valid, o.fetches, limit)
	// slack is the scheduling a shared, loaded machine (CI runs two
	// modules at once, under -race) adds to a fetch and its tokens; the
	// unfixed behaviour took ~4/5 of the period, far past bound+slack.
	const slack = 100 * time.Millisecond
	if o.took == 0 || o.took > bound+slack {
		t.Errorf("the rotated key's tokens accepted %v after the rotation, want within %v (+%v scheduling slack)", o.took, bound, slack)
	}
	if o.fetches > limit {
		t.Errorf("%d fetches in %v, want at most %d (one per tenth of the period)", o.fetches, o.elapsed, limit)
	}
}

// TestRFC8725_3_10_KidTableFloodedWithForgedKidsSeenTwice_RotatedKeyAcceptedWithinAFifthOfThePeriod:
// the attacker fills the table that counts unknown kids with forged kids
// sent twice each (never the three times that make a kid look rotated), so
// that a rotated kid finds no place and is never counted: once, right after
// spending the period's unknown-kid fetch, and as a steady flood.
func TestRFC8725_3_10_KidTableFloodedWithForgedKidsSeenTwice_RotatedKeyAcceptedWithinAFifthOfThePeriod(t *testing.T) {
	const period = time.Second
	for _, tc := range []struct {
		name   string
		warm   time.Duration
		attack func(ctx context.Context, send func(string), _ func() bool)
	}{
		{"512 kids twice each, then quiet", 50 * time.Millisecond, func(ctx context.Context, send func(string), _ func() bool) {
			send("spend-the-period") // the period's unknown-kid fetch
			for i := 0; i < 512 && ctx.Err() == nil; i++ {
				send(fmt.Sprint("twice-", i))
				send(fmt.Sprint("twice-", i))
			}
			<-ctx.Done()
		}},
		{"a fresh kid twice every millisecond", 200 * time.Millisecond, func(ctx context.Context, send func(string), _ func() bool) {
			for i := 0; ctx.Err() == nil; i++ {
				send(fmt.Sprint("twice-", i))
				send(fmt.Sprint("twice-", i))
				time.Sleep(time.Millisecond)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := rotateUnderAttack(t, rotationAttack{period: period, warm: tc.warm, attack: tc.attack})
			o.check(t, period, period/5)
		})
	}
}

// TestRFC8725_3_10_RepeatedForgedKidsCannotSlowOtherKids_RotatedKeyAcceptedWithinAFifthOfThePeriod:
// forged kids repeated enough to look rotated make fetches that never
// bring them; that must not space out the fetches another kid may make.
// One forged kid every 20 ms (the same kid, or a fresh one every three
// tokens) for 700 ms, then the rotation right after a fetch.
func TestRFC8725_3_10_RepeatedForgedKidsCannotSlowOtherKids_RotatedKeyAcceptedWithinAFifthOfThePeriod(t *testing.T) {
	const period = time.Second
	every20ms := func(kid func(i int) string) func(ctx context.Context, send func(string), _ func() bool) {
		return func(ctx context.Context, send func(string), _ func() bool) {
			tick := time.NewTicker(20 * time.Millisecond)
			defer tick.Stop()
			for i := 0; ; i++ {
				send(kid(i))
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
			}
		}
	}
	for _, tc := range []struct {
		name   string
		attack func(ctx context.Context, send func(string), _ func() bool)
	}{
		{"one forged kid", every20ms(func(int) string { return "forged" })},
		{"a fresh forged kid every three tokens", every20ms(func(i int) string { return fmt.Sprint("forged-", i/3) })},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := rotateUnderAttack(t, rotationAttack{period: period, warm: 700 * time.Millisecond, afterFetch: true, attack: tc.attack})
			o.check(t, period, period/5)
		})
	}
}

// TestRFC8725_3_10_RotatedKidForgedBeforeItIsPublished_AcceptedWithinAFifthOfThePeriodAndAFetch:
// an attacker who knows the next kid (kids are often dates or counters)
// sends it, forged, before the provider publishes it, so that its fetches
// come back without it and that kid is held back. It is held back a fifth
// of the period at most: the rotated key is accepted within a fifth of the
// period plus its third token and one fetch.
func TestRFC8725_3_10_RotatedKidForgedBeforeItIsPublished_AcceptedWithinAFifthOfThePeriodAndAFetch(t *testing.T) {
	const period = time.Second
	o := rotateUnderAttack(t, rotationAttack{period: period, warm: 700 * time.Millisecond, afterFetch: true,
		attack: func(ctx context.Context, send func(string), rotated func() bool) {
			// The attacker stops at the rotation, so as not to fetch for the service.
			for ctx.Err() == nil && !rotated() {
				send("b")
				time.Sleep(5 * time.Millisecond)
			}
		}})
	o.check(t, period, period/5+period/20)
}
