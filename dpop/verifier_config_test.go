package dpop_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/dpop"
	"github.com/jotlib/jwt/replay"
)

// TestRFC9449_5_ConfigNoProofCouldPassRefused: a Config no proof could
// pass with, or one that says two things, is ErrInvalidConfig (matching
// jwt.ErrInvalidOption), never taken with a part ignored.
func TestRFC9449_5_ConfigNoProofCouldPassRefused(t *testing.T) {
	var nilMemory *replay.Memory
	var nilStore *vfStore
	for name, change := range map[string]func(*dpop.Config){
		"HS256":                      func(c *dpop.Config) { c.Algorithms = []jwt.Algorithm{jwt.ES256, jwt.HS256} },
		"none":                       func(c *dpop.Config) { c.Algorithms = []jwt.Algorithm{"none"} },
		"unknown":                    func(c *dpop.Config) { c.Algorithms = []jwt.Algorithm{"ES256K"} },
		"empty list":                 func(c *dpop.Config) { c.Algorithms = []jwt.Algorithm{} },
		"negative MaxAge":            func(c *dpop.Config) { c.MaxAge = -time.Second },
		"negative Leeway":            func(c *dpop.Config) { c.Leeway = -time.Second },
		"negative MaxProofSize":      func(c *dpop.Config) { c.MaxProofSize = -1 },
		"origin with a path":         func(c *dpop.Config) { c.Origins = []string{"https://api.example/v1"} },
		"origin with a query":        func(c *dpop.Config) { c.Origins = []string{"https://api.example?x"} },
		"origin not http":            func(c *dpop.Config) { c.Origins = []string{"wss://api.example"} },
		"origin relative":            func(c *dpop.Config) { c.Origins = []string{"api.example"} },
		"origin with user":           func(c *dpop.Config) { c.Origins = []string{"https://u@api.example"} },
		"empty origin":               func(c *dpop.Config) { c.Origins = []string{""} },
		"origins and request host":   func(c *dpop.Config) { c.TrustRequestHost = true },
		"typed nil replay.Memory":    func(c *dpop.Config) { c.Replay = nilMemory },
		"typed nil Store":            func(c *dpop.Config) { c.Replay = nilStore },
		"typed nil NonceSource":      func(c *dpop.Config) { c.Nonces = (*dpop.HMACNonces)(nil) },
		"zero HMACNonces":            func(c *dpop.Config) { c.Nonces = &dpop.HMACNonces{} },
		"MaxAge past a day":          func(c *dpop.Config) { c.MaxAge = 25 * time.Hour },
		"Leeway larger than an hour": func(c *dpop.Config) { c.Leeway = 2 * time.Hour },
	} {
		cfg := vfConfig()
		change(&cfg)
		v, err := dpop.NewVerifier(cfg)
		if !errors.Is(err, dpop.ErrInvalidConfig) || !errors.Is(err, jwt.ErrInvalidOption) || v != nil {
			t.Errorf("%s: %v, %v; want ErrInvalidConfig", name, v, err)
		}
	}
}

// TestRFC9449_5_DefaultAlgorithmsAreTheAsymmetricOnes: without
// Config.Algorithms, every asymmetric algorithm this build verifies (RFC
// 9449 section 4.3 check 5), in a fixed order, never HS*; Algorithms
// returns a copy.
func TestRFC9449_5_DefaultAlgorithmsAreTheAsymmetricOnes(t *testing.T) {
	v := vfVerifier(t, dpop.Config{})
	got := v.Algorithms()
	want := []jwt.Algorithm{jwt.RS256, jwt.RS384, jwt.RS512, jwt.PS256, jwt.PS384, jwt.PS512, jwt.ES256, jwt.ES384, jwt.ES512, jwt.EdDSA, jwt.Ed25519}
	if jwt.MLDSA44.Available() {
		want = append(want, jwt.MLDSA44, jwt.MLDSA65, jwt.MLDSA87)
	}
	if !slices.Equal(got, want) {
		t.Errorf("Algorithms() = %v, want %v", got, want)
	}
	got[0] = jwt.HS256
	if v.Algorithms()[0] != jwt.RS256 {
		t.Error("Algorithms returned the Verifier's own slice")
	}
	cfg := vfConfig()
	cfg.Algorithms = []jwt.Algorithm{jwt.EdDSA, jwt.ES256, jwt.EdDSA}
	if got := vfVerifier(t, cfg).Algorithms(); !slices.Equal(got, []jwt.Algorithm{jwt.EdDSA, jwt.ES256}) {
		t.Errorf("Algorithms() = %v, want [EdDSA ES256] (a repeat dropped)", got)
	}
}

// TestRFC9449_11_1_DefaultReplayStoreIsTheVerifiersOwn: without
// Config.Replay a Verifier has a replay.Memory of its own: a proof is
// accepted once.
func TestRFC9449_11_1_DefaultReplayStoreIsTheVerifiersOwn(t *testing.T) {
	cfg := vfConfig()
	cfg.Replay = nil
	v := vfVerifier(t, cfg)
	proof := vfProof(t, vfKeyOf(t, jwt.ES256), nil, nil)
	p, err := v.Verify(context.Background(), proof, vfReq)
	vfAccepted(t, "first", p, err)
	p, err = v.Verify(context.Background(), proof, vfReq)
	vfRefused(t, "again", p, err, dpop.ErrReplayed, dpop.ErrInvalidProof, replay.ErrReplayed)
	// Another Verifier has another store.
	p, err = vfVerifier(t, cfg).Verify(context.Background(), proof, vfReq)
	vfAccepted(t, "another verifier", p, err)
}

// TestRFC9449_5_ConfigWithoutOriginsVerifiesExplicitURLs: with neither
// Origins nor TrustRequestHost, Verify works with the caller's URL and
// VerifyRequest is ErrInvalidConfig.
func TestRFC9449_5_ConfigWithoutOriginsVerifiesExplicitURLs(t *testing.T) {
	cfg := vfConfig()
	cfg.Origins = nil
	v := vfVerifier(t, cfg)
	p, err := v.Verify(context.Background(), vfProof(t, vfKeyOf(t, jwt.ES256), nil, nil), vfReq)
	vfAccepted(t, "Verify", p, err)
	r := vfRequestWith(t, "GET", "/resource", vfProof(t, vfKeyOf(t, jwt.ES256), nil, nil))
	p, err = v.VerifyRequest(context.Background(), r, "")
	vfRefused(t, "VerifyRequest", p, err, dpop.ErrInvalidConfig)
}

// fixedNonces issues *nonce, then flips to next; it accepts any nonce.
type fixedNonces struct {
	nonce *string
	next  *string
}

func (n fixedNonces) NewNonce(time.Time) (string, error) {
	s := *n.nonce
	if n.next != nil {
		*n.nonce = *n.next
	}
	return s, nil
}

func (fixedNonces) CheckNonce(string, time.Time) error { return nil }

// TestRFC9449_8_1_NonceSourceOfNonNQCHARRefused: a nonce is 1*NQCHAR
// (%x21 / %x23-5B / %x5D-7E); a source issuing another, which no
// DPoP-Nonce header carries unchanged, is ErrInvalidConfig at NewVerifier,
// and from NewNonce if it starts later.
func TestRFC9449_8_1_NonceSourceOfNonNQCHARRefused(t *testing.T) {
	for _, bad := range []string{"", "two words", `q"uote`, "back\\slash", "crlf\r\n", "tab\t", "é", "del\x7f"} {
		nonce := bad
		if _, err := dpop.NewVerifier(dpop.Config{Nonces: fixedNonces{nonce: &nonce}}); !errors.Is(err, dpop.ErrInvalidConfig) {
			t.Errorf("nonce %q: NewVerifier: %v, want ErrInvalidConfig", bad, err)
		}
		nonce = "good!#[]~"
		v, err := dpop.NewVerifier(dpop.Config{Nonces: fixedNonces{nonce: &nonce, next: &bad}})
		if err != nil {
			t.Fatalf("nonce %q: %v", nonce, err)
		}
		if got, err := v.NewNonce(); got != "" || !errors.Is(err, dpop.ErrInvalidConfig) {
			t.Errorf("later nonce %q: NewNonce (%q, %v), want ErrInvalidConfig", bad, got, err)
		}
	}
}
