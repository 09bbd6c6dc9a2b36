package jwt_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// cacheKey is the ES256 key the cache tests sign with.
var cacheKey = sync.OnceValue(func() *ecdsa.PrivateKey {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	return k
})

// cacheEvents records the Observer's events.
type cacheEvents struct {
	mu     sync.Mutex
	events []jwt.VerifyEvent
}

func (o *cacheEvents) ObserveVerify(_ context.Context, e jwt.VerifyEvent) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.events = append(o.events, e)
}

// last returns the last event's cache result.
func (o *cacheEvents) last(t *testing.T) jwt.VerifyEvent {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.events) == 0 {
		t.Fatal("no event observed")
	}
	return o.events[len(o.events)-1]
}

// cacheClock is a clock the tests move.
type cacheClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *cacheClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *cacheClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// cacheClaims are the claims the cache tests sign: valid for an hour
// from now.
func cacheClaims(now time.Time) map[string]any {
	return map[string]any{
		"iss": "https://issuer.example", "sub": "alice", "aud": "api",
		"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
		"roles": []any{"a", "b"}, "n": 7,
	}
}

// cacheToken signs claims with alg and key.
func cacheToken(t testing.TB, alg jwt.Algorithm, key any, c any, opts ...jwt.Option) string {
	t.Helper()
	tok, err := jwt.Sign(alg, c, key, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// cacheVerifier makes a Verifier with a cache and an Observer.
func cacheVerifier(t testing.TB, key any, obs *cacheEvents, opts ...jwt.Option) *jwt.Verifier {
	t.Helper()
	v, err := jwt.NewVerifier(key, append([]jwt.Option{jwt.WithCache(jwt.CacheConfig{}), jwt.WithObserver(obs)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// wantCache checks the last event's cache result.
func wantCache(t *testing.T, obs *cacheEvents, want jwt.CacheResult, what string) {
	t.Helper()
	if got := obs.last(t).Cache; got != want {
		t.Fatalf("%s: Cache = %v, want %v", what, got, want)
	}
}

func TestWithCacheOptionRules(t *testing.T) {
	bad := []jwt.CacheConfig{
		{MaxEntries: -1}, {MaxBytes: -1}, {MaxTokenSize: -1}, {MaxAge: -time.Second},
		{MaxBytes: 1000, MaxTokenSize: 1000},
		{MaxBytes: jwt.CacheEntryOverhead},
	}
	pub := &cacheKey().PublicKey
	for _, c := range bad {
		if _, err := jwt.NewVerifier(pub, jwt.WithCache(c)); !errors.Is(err, jwt.ErrInvalidOption) {
			t.Errorf("WithCache(%+v): %v, want ErrInvalidOption", c, err)
		}
	}
	for _, c := range []jwt.CacheConfig{{}, {MaxBytes: 1000}, {MaxEntries: 1, MaxBytes: 1 << 10, MaxTokenSize: 1 << 9, MaxAge: time.Second}} {
		if _, err := jwt.NewVerifier(pub, jwt.WithCache(c)); err != nil {
			t.Errorf("WithCache(%+v): %v", c, err)
		}
	}
	if _, err := jwt.NewSigner(jwt.ES256, cacheKey(), jwt.WithCache(jwt.CacheConfig{})); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("WithCache on the sign side: %v, want ErrInvalidOption", err)
	}
}

// TestWithCacheOneShotRefused: a cache that lives for one token can never
// be hit, so the one-shot functions refuse it rather than ignore it.
func TestWithCacheOneShotRefused(t *testing.T) {
	tok := cacheToken(t, jwt.ES256, cacheKey(), cacheClaims(time.Now()))
	pub := &cacheKey().PublicKey
	opt := jwt.WithCache(jwt.CacheConfig{})
	if _, err := jwt.Parse(tok, pub, opt); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("Parse: %v", err)
	}
	var m map[string]any
	if _, err := jwt.ParseWithClaims(tok, &m, pub, opt); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("ParseWithClaims: %v", err)
	}
	if _, _, err := jwt.ParseAs[map[string]any](tok, pub, opt); !errors.Is(err, jwt.ErrInvalidOption) {
		t.Errorf("ParseAs: %v", err)
	}
}

// mutatingClaims overwrites the bytes it is given and counts its calls:
// a later verification of the same token must not see either.
type mutatingClaims struct {
	Sub   string
	Roles []string
	calls *int
}

func (c *mutatingClaims) UnmarshalJSON(data []byte) error {
	var raw struct {
		Sub   string   `json:"sub"`
		Roles []string `json:"roles"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	for i := range data {
		data[i] = 'x'
	}
	c.Sub, c.Roles = raw.Sub, raw.Roles
	if c.calls != nil {
		*c.calls++
	}
	return nil
}

// TestRFC7515_5_2_CacheHitSameAsMissOnEveryPath: a hit skips only the
// signature check: Parse, ParseContext, ParseWithClaims into a struct, a
// map, a pointer, and a mutating UnmarshalJSON all give what a miss gave.
func TestRFC7515_5_2_CacheHitSameAsMissOnEveryPath(t *testing.T) {
	now := time.Now()
	tok := cacheToken(t, jwt.ES256, cacheKey(), cacheClaims(now))
	paths := []struct {
		name  string
		parse func(v *jwt.Verifier) (any, error)
	}{
		{"Parse", func(v *jwt.Verifier) (any, error) {
			tk, err := v.Parse(tok)
			if err != nil {
				return nil, err
			}
			return tk.Claims, nil
		}},
		{"ParseContext", func(v *jwt.Verifier) (any, error) {
			tk, err := v.ParseContext(context.Background(), tok)
			if err != nil {
				return nil, err
			}
			return tk.Claims, nil
		}},
		{"ParseWithClaims/struct", func(v *jwt.Verifier) (any, error) {
			var c struct {
				claims.Registered
				Roles []string `json:"roles"`
				N     int      `json:"n"`
			}
			_, err := v.ParseWithClaims(tok, &c)
			return c, err
		}},
		{"ParseWithClaims/map", func(v *jwt.Verifier) (any, error) {
			m := map[string]any{"stale": true}
			_, err := v.ParseWithClaims(tok, &m)
			return m, err
		}},
		{"ParseWithClaims/pointer", func(v *jwt.Verifier) (any, error) {
			var p *claims.Registered
			_, err := v.ParseWithClaims(tok, &p)
			return p, err
		}},
		{"ParseWithClaimsContext/mutating", func(v *jwt.Verifier) (any, error) {
			c := mutatingClaims{}
			_, err := v.ParseWithClaimsContext(context.Background(), tok, &c)
			return c, err
		}},
	}
	for _, p := range paths {
		t.Run(p.name, func(t *testing.T) {
			obs := &cacheEvents{}
			v := cacheVerifier(t, &cacheKey().PublicKey, obs, jwt.WithAudience("api"))
			miss, err := p.parse(v)
			if err != nil {
				t.Fatal(err)
			}
			wantCache(t, obs, jwt.CacheMiss, "first")
			for range 3 {
				hit, err := p.parse(v)
				if err != nil {
					t.Fatal(err)
				}
				wantCache(t, obs, jwt.CacheHit, "again")
				if !reflect.DeepEqual(hit, miss) {
					t.Fatalf("hit %#v, miss %#v", hit, miss)
				}
				if e := obs.last(t); !e.SignatureVerified || e.Issuer != "https://issuer.example" || e.Algorithm != "ES256" {
					t.Fatalf("hit event %+v", e)
				}
			}
		})
	}
}

// TestRFC7519_4_1_4_CacheHitRefusedOnceExpired: an entry lives no longer
// than "exp", and the time rules run against the current clock on a hit:
// WithMaxAge's age passed refuses a held token (ErrTokenExpired), an "exp"
// passed refuses it (ErrTokenExpired, the entry gone), and a held token
// whose "nbf" is still ahead stays refused until it comes.
func TestRFC7519_4_1_4_CacheHitRefusedOnceExpired(t *testing.T) {
	start := time.Now().Truncate(time.Second)
	clock := &cacheClock{now: start}
	obs := &cacheEvents{}
	v := cacheVerifier(t, &cacheKey().PublicKey, obs, jwt.WithTimeFunc(clock.Now), jwt.WithMaxAge(10*time.Minute))
	tok := cacheToken(t, jwt.ES256, cacheKey(), cacheClaims(start))
	if _, err := v.Parse(tok); err != nil {
		t.Fatal(err)
	}
	wantCache(t, obs, jwt.CacheMiss, "first")
	clock.Add(3 * time.Minute)
	if _, err := v.Parse(tok); err != nil {
		t.Fatal(err)
	}
	wantCache(t, obs, jwt.CacheHit, "within the age")
	clock.Add(8 * time.Minute) // 11 minutes: past WithMaxAge, before "exp"; the entry's MaxAge (5 min) passed too
	if _, err := v.Parse(tok); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Fatalf("past WithMaxAge: %v, want ErrTokenExpired", err)
	}

	// Held, then refused on the hit path: MaxAge of the entry longer than
	// WithMaxAge's allowance.
	clock2 := &cacheClock{now: start}
	v2, err := jwt.NewVerifier(&cacheKey().PublicKey, jwt.WithCache(jwt.CacheConfig{MaxAge: time.Hour}),
		jwt.WithObserver(obs), jwt.WithTimeFunc(clock2.Now), jwt.WithMaxAge(10*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v2.Parse(tok); err != nil {
		t.Fatal(err)
	}
	clock2.Add(11 * time.Minute)
	if _, err := v2.Parse(tok); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Fatalf("hit past WithMaxAge: %v, want ErrTokenExpired", err)
	}
	wantCache(t, obs, jwt.CacheHit, "hit past WithMaxAge")
	clock2.Add(time.Hour) // past "exp": the entry has expired
	if _, err := v2.Parse(tok); !errors.Is(err, jwt.ErrTokenExpired) {
		t.Fatalf("past exp: %v, want ErrTokenExpired", err)
	}
	wantCache(t, obs, jwt.CacheMiss, "past exp")

	// "nbf" ahead: refused, held (signed, well formed), refused on the hit
	// path until it comes, then accepted.
	c := cacheClaims(start)
	c["nbf"] = start.Add(2 * time.Minute).Unix()
	early := cacheToken(t, jwt.ES256, cacheKey(), c)
	clock3 := &cacheClock{now: start}
	v3 := cacheVerifier(t, &cacheKey().PublicKey, obs, jwt.WithTimeFunc(clock3.Now))
	for i := range 2 {
		if _, err := v3.Parse(early); !errors.Is(err, jwt.ErrTokenNotValidYet) {
			t.Fatalf("nbf ahead (%d): %v, want ErrTokenNotValidYet", i, err)
		}
	}
	wantCache(t, obs, jwt.CacheHit, "nbf ahead again")
	clock3.Add(3 * time.Minute)
	if _, err := v3.Parse(early); err != nil {
		t.Fatalf("nbf passed: %v", err)
	}
	wantCache(t, obs, jwt.CacheHit, "nbf passed")
}

// TestWithCacheExpiredTokenNotHeld: a token already expired is never
// held, so no entry outlives "exp".
func TestWithCacheExpiredTokenNotHeld(t *testing.T) {
	start := time.Now().Truncate(time.Second)
	obs := &cacheEvents{}
	clock := &cacheClock{now: start.Add(2 * time.Hour)}
	v := cacheVerifier(t, &cacheKey().PublicKey, obs, jwt.WithTimeFunc(clock.Now), jwt.WithLeeway(2*time.Hour))
	tok := cacheToken(t, jwt.ES256, cacheKey(), cacheClaims(start))
	for range 2 {
		if _, err := v.Parse(tok); err != nil { // within the leeway
			t.Fatal(err)
		}
		wantCache(t, obs, jwt.CacheMiss, "expired token, within the leeway")
	}
}

// validatedClaims counts its Validate calls and refuses once told to
// (Validate runs on a new value: the state is the package's).
type validatedClaims struct {
	claims.Registered
}

var validatedCalls, validatedRefuse = 0, false

func (c *validatedClaims) Validate() error {
	validatedCalls++
	if validatedRefuse {
		return errors.New("refused by Validate")
	}
	return nil
}

// TestRFC7519_7_2_CacheHitRunsValidateAndValidators: Validate and the
// WithValidator checks run on every hit, and refuse on a hit as on a miss.
func TestRFC7519_7_2_CacheHitRunsValidateAndValidators(t *testing.T) {
	tok := cacheToken(t, jwt.ES256, cacheKey(), cacheClaims(time.Now()))
	obs := &cacheEvents{}
	checks, refuseCheck := 0, false
	v := cacheVerifier(t, &cacheKey().PublicKey, obs, jwt.WithValidator(func(context.Context, *jwt.Token) error {
		checks++
		if refuseCheck {
			return errors.New("revoked")
		}
		return nil
	}))
	validatedCalls, validatedRefuse = 0, false
	parse := func() error {
		var c validatedClaims
		_, err := v.ParseWithClaims(tok, &c)
		return err
	}
	for range 3 {
		if err := parse(); err != nil {
			t.Fatal(err)
		}
	}
	wantCache(t, obs, jwt.CacheHit, "third")
	if validatedCalls != 3 || checks != 3 {
		t.Fatalf("Validate ran %d times, WithValidator %d, want 3 each", validatedCalls, checks)
	}
	refuseCheck = true
	var ve *jwt.ValidationError
	if err := parse(); !errors.Is(err, jwt.ErrTokenInvalidClaims) || !errors.As(err, &ve) {
		t.Fatalf("WithValidator refusing on a hit: %v", err)
	}
	wantCache(t, obs, jwt.CacheHit, "validator refusing")
	refuseCheck, validatedRefuse = false, true
	if err := parse(); !errors.Is(err, jwt.ErrTokenInvalidClaims) {
		t.Fatalf("Validate refusing on a hit: %v", err)
	}
	wantCache(t, obs, jwt.CacheHit, "Validate refusing")
}

// TestRFC8725_3_11_CacheHitRunsTypeRule: the "typ" rule is the Verifier's
// and runs on a hit; a token refused by it is refused again.
func TestRFC8725_3_11_CacheHitRunsTypeRule(t *testing.T) {
	tok := cacheToken(t, jwt.ES256, cacheKey(), cacheClaims(time.Now()), jwt.WithType("JWT"))
	obs := &cacheEvents{}
	v := cacheVerifier(t, &cacheKey().PublicKey, obs, jwt.WithType("at+jwt"))
	for i := range 2 {
		if _, err := v.Parse(tok); !errors.Is(err, jwt.ErrInvalidType) {
			t.Fatalf("(%d) %v, want ErrInvalidType", i, err)
		}
	}
	wantCache(t, obs, jwt.CacheHit, "again")
}

// TestWithCacheHS256NotCached: an HMAC costs less than a lookup, so HS*
// tokens are verified every time, and the Observer says the cache was not
// used.
func TestWithCacheHS256NotCached(t *testing.T) {
	secret := []byte("cache-test-hs256-secret-32-bytes")
	tok := cacheToken(t, jwt.HS256, secret, cacheClaims(time.Now()))
	obs := &cacheEvents{}
	// A KeyFunc: a static secret with WithCache is ErrInvalidOption.
	v := cacheVerifier(t, jwt.KeyFunc(func(*jwt.Header) (any, error) { return secret, nil }), obs)
	for range 2 {
		if _, err := v.Parse(tok); err != nil {
			t.Fatal(err)
		}
		wantCache(t, obs, jwt.CacheNotUsed, "HS256")
	}
}

// TestRFC7515_5_2_CacheRefusedSignatureNotHeld: a token whose signature
// fails is never held: the same token is refused again, by its signature.
func TestRFC7515_5_2_CacheRefusedSignatureNotHeld(t *testing.T) {
	tok := cacheToken(t, jwt.ES256, cacheKey(), cacheClaims(time.Now()))
	bad := tok[:len(tok)-4] + "AAAA"
	obs := &cacheEvents{}
	v := cacheVerifier(t, &cacheKey().PublicKey, obs)
	for range 2 {
		if _, err := v.Parse(bad); !errors.Is(err, jwt.ErrSignatureInvalid) {
			t.Fatalf("%v, want ErrSignatureInvalid", err)
		}
		wantCache(t, obs, jwt.CacheMiss, "bad signature")
	}
}

// TestWithCacheNotUsedBeforeTheLookup: a token refused by its form or its
// header never reaches the cache, and the Observer says so.
func TestWithCacheNotUsedBeforeTheLookup(t *testing.T) {
	obs := &cacheEvents{}
	v := cacheVerifier(t, &cacheKey().PublicKey, obs)
	for _, bad := range []string{"", "a.b", "!!!.e30.sig", "e30.e30.sig"} {
		if _, err := v.Parse(bad); !errors.Is(err, jwt.ErrTokenMalformed) && !errors.Is(err, jwt.ErrAlgorithmNotAllowed) {
			t.Fatalf("%q: %v", bad, err)
		}
		wantCache(t, obs, jwt.CacheNotUsed, bad)
	}
	var zero jwt.CacheResult
	if zero != jwt.CacheNotUsed || zero.String() != "not used" || jwt.CacheHit.String() != "hit" || jwt.CacheResult(9).String() != "CacheResult(9)" {
		t.Fatal("CacheResult's zero value or String")
	}
}
