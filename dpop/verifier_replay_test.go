package dpop_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/replay"
)

// TestRFC9449_11_1_ReplayRefused: "the server can store, in the context of
// the target URI, the jti value of each DPoP proof for the time window in
// which the respective DPoP proof JWT would be accepted": a second use is
// ErrReplayed (matching ErrInvalidProof and replay.ErrReplayed).
func TestRFC9449_11_1_ReplayRefused(t *testing.T) {
	cfg := vfConfig()
	store := cfg.Replay.(*vfStore)
	v := vfVerifier(t, cfg)
	k := vfKeyOf(t, jwt.ES256)
	proof := vfProof(t, k, nil, map[string]any{"jti": "once"})
	p, err := v.Verify(context.Background(), proof, vfReq)
	vfAccepted(t, "first", p, err)
	p, err = v.Verify(context.Background(), proof, vfReq)
	vfRefused(t, "replayed", p, err, dpop.ErrReplayed, dpop.ErrInvalidProof, replay.ErrReplayed)
	// Another proof of the same key with the same jti is a replay too.
	p, err = v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"jti": "once", "htm": "POST"}), dpop.Request{Method: "POST", URL: vfURL})
	vfRefused(t, "same jti, same key", p, err, dpop.ErrReplayed)
	// Another key's jti is its own.
	p, err = v.Verify(context.Background(), vfProof(t, vfKeyOf(t, jwt.EdDSA), nil, map[string]any{"jti": "once"}), vfReq)
	vfAccepted(t, "same jti, another key", p, err)
	// The key and expiry stored: base64url(SHA-256("dpop\x00" jkt "\x00" jti)),
	// until iat + MaxAge + 2 Leeway and one second (instance clocks up to
	// Leeway apart).
	sum := sha256.Sum256([]byte("dpop\x00" + vfJKT(t, k.priv) + "\x00once"))
	want := vfClaim{base64.RawURLEncoding.EncodeToString(sum[:]), vfNow.Add(71 * time.Second)}
	if len(store.claims) == 0 || store.claims[0].key != want.key || !store.claims[0].until.Equal(want.until) {
		t.Errorf("claims %v, want first %v", store.claims, want)
	}
}

// TestRFC9449_11_1_ReplayCheckedLast: a proof refused by any other check
// spends no jti, so it cannot lock out the client's next proof.
func TestRFC9449_11_1_ReplayCheckedLast(t *testing.T) {
	cfg := vfConfig()
	store := cfg.Replay.(*vfStore)
	v := vfVerifier(t, cfg)
	k := vfKeyOf(t, jwt.ES256)
	for name, proof := range map[string]string{
		"htm":    vfProof(t, k, nil, map[string]any{"jti": "j", "htm": "POST"}),
		"htu":    vfProof(t, k, nil, map[string]any{"jti": "j", "htu": "https://evil.example/"}),
		"iat":    vfProof(t, k, nil, map[string]any{"jti": "j", "iat": vfNow.Add(-time.Hour).Unix()}),
		"sig":    vfProof(t, k, map[string]any{"jwk": vfJWK(t, vfES256(t).priv.Public())}, map[string]any{"jti": "j"}),
		"typ":    vfProof(t, k, map[string]any{"typ": "JWT"}, map[string]any{"jti": "j"}),
		"alg":    vfProof(t, k, map[string]any{"alg": "ES384"}, map[string]any{"jti": "j"}),
		"no htm": vfProof(t, k, nil, map[string]any{"jti": "j", "htm": vfDel}),
	} {
		p, err := v.Verify(context.Background(), proof, vfReq)
		vfRefused(t, name, p, err, dpop.ErrInvalidProof)
	}
	if len(store.claims) != 0 {
		t.Errorf("refused proofs were claimed: %v", store.claims)
	}
	p, err := v.Verify(context.Background(), vfProof(t, k, nil, map[string]any{"jti": "j"}), vfReq)
	vfAccepted(t, "the good one", p, err)
}

// TestRFC9449_11_1_StoreUnavailableFailsClosed: a store that cannot tell
// refuses the proof with an error matching replay.ErrUnavailable (a 503
// for the middleware), not ErrInvalidProof: the client did nothing wrong.
func TestRFC9449_11_1_StoreUnavailableFailsClosed(t *testing.T) {
	for name, storeErr := range map[string]error{
		"unavailable": replay.ErrUnavailable,
		"plain error": errors.New("connection refused"),
		"deadline":    context.DeadlineExceeded,
	} {
		cfg := vfConfig()
		cfg.Replay = &vfStore{err: storeErr}
		p, err := vfVerifier(t, cfg).Verify(context.Background(), vfProof(t, vfKeyOf(t, jwt.ES256), nil, nil), vfReq)
		vfRefused(t, name, p, err, replay.ErrUnavailable)
		if errors.Is(err, dpop.ErrInvalidProof) || errors.Is(err, replay.ErrReplayed) {
			t.Errorf("%s: %v matches ErrInvalidProof or ErrReplayed", name, err)
		}
	}
}

// TestRFC9449_11_1_ReplayAcrossVerifiersSharingAStore: two Verifiers (two
// instances) sharing one store refuse each other's replays.
func TestRFC9449_11_1_ReplayAcrossVerifiersSharingAStore(t *testing.T) {
	for name, store := range map[string]replay.Store{"vfStore": &vfStore{}, "replay.Memory": replay.NewMemory(0)} {
		cfg := vfConfig()
		cfg.Replay = store
		a, b := vfVerifier(t, cfg), vfVerifier(t, cfg)
		proof := vfProof(t, vfKeyOf(t, jwt.ES256), nil, nil)
		p, err := a.Verify(context.Background(), proof, vfReq)
		vfAccepted(t, name+" a", p, err)
		p, err = b.Verify(context.Background(), proof, vfReq)
		vfRefused(t, name+" b", p, err, dpop.ErrReplayed)
	}
}

// ttlStore is a store shared by instances, expiring a record by a TTL
// computed on the claiming instance's clock (as Redis's PX does): each
// instance's view claims with its own clock.
type ttlStore struct {
	mu      sync.Mutex
	expires map[string]time.Time // on the shared (real) clock
	real    func() time.Time
}

type ttlView struct {
	s   *ttlStore
	now func() time.Time // the claiming instance's clock
}

func (v ttlView) Claim(_ context.Context, key string, until time.Time) error {
	v.s.mu.Lock()
	defer v.s.mu.Unlock()
	if exp, ok := v.s.expires[key]; ok && v.s.real().Before(exp) {
		return replay.ErrReplayed
	}
	v.s.expires[key] = v.s.real().Add(until.Sub(v.now()))
	return nil
}

// TestRFC9449_11_1_ReplayRecordOutlivesWindowOnInstancesLeewayApart: two
// instances sharing a TTL store, clocks Leeway apart: the one ahead
// records the proof, the one behind still accepts the proof's window for
// Leeway longer; the record outlives it, so the replay is refused at every
// step until the proof is too old there.
func TestRFC9449_11_1_ReplayRecordOutlivesWindowOnInstancesLeewayApart(t *testing.T) {
	var real atomic.Int64
	real.Store(vfNow.UnixNano())
	realNow := func() time.Time { return time.Unix(0, real.Load()) }
	const leeway = 3 * time.Second
	store := &ttlStore{expires: map[string]time.Time{}, real: realNow}
	mk := func(skew time.Duration) *dpop.Verifier {
		now := func() time.Time { return realNow().Add(skew) }
		return vfVerifier(t, dpop.Config{Origins: []string{vfOrigin}, Now: now, Leeway: leeway, MaxAge: 10 * time.Second,
			Replay: ttlView{store, now}})
	}
	ahead, behind := mk(leeway/2), mk(-leeway/2)
	k := vfKeyOf(t, jwt.ES256)
	proof := vfProof(t, k, nil, map[string]any{"iat": vfNow.Unix()})
	p, err := ahead.Verify(context.Background(), proof, vfReq)
	vfAccepted(t, "first use, on the instance ahead", p, err)
	for step := 1; step < 100; step++ {
		real.Add(int64(250 * time.Millisecond))
		p, err := behind.Verify(context.Background(), proof, vfReq)
		if err == nil {
			t.Fatalf("replay accepted on the instance behind, %v later", time.Duration(step)*250*time.Millisecond)
		}
		if !errors.Is(err, dpop.ErrReplayed) {
			vfRefused(t, "too old", p, err, jwt.ErrTokenExpired)
			return
		}
	}
	t.Fatal("the proof never aged out")
}
