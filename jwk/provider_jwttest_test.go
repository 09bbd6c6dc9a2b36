package jwk_test

// The behaviours jwk's own remote-set and discovery tests check against
// hand-written servers, run against jwttest.Provider: the kit's fake
// provider must behave as the servers this package is tested with (issue
// 25, item 5), over TLS and over plain http on the loopback interface.

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwttest"
)

// kitModes are the two transports a jwttest.Provider serves.
var kitModes = []struct {
	name string
	opts []jwttest.Option
}{
	{"TLS", nil},
	{"plain HTTP", []jwttest.Option{jwttest.WithPlainHTTP()}},
}

// forEachKitMode runs f once against a TLS provider and once against a
// plain-http one.
func forEachKitMode(t *testing.T, f func(t *testing.T, p *jwttest.Provider)) {
	t.Helper()
	for _, m := range kitModes {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			f(t, jwttest.NewProvider(t, m.opts...))
		})
	}
}

// kitToken is an access token signed by p's current key.
func kitToken(p *jwttest.Provider) string {
	return p.AccessToken(accesstoken.Claims{})
}

// kitParse verifies tok's signature with keys (the kit's tokens are
// "at+jwt": jwt.Verifier checks the signature and the times only).
func kitParse(keys jwt.KeySet, tok string) error {
	_, err := jwt.Parse(tok, keys)
	return err
}

func kitWantRequests(t *testing.T, p *jwttest.Provider, path string, want int) {
	t.Helper()
	if n := p.Requests(path); n != want {
		t.Fatalf("%s: %d requests, want %d", path, n, want)
	}
}

// TestJWTTestProvider_RFC7517_5_FirstFetchVerifiesTheProvidersTokens: one
// fetch of the JWK Set verifies the provider's tokens; later tokens of the
// same key make no request.
func TestJWTTestProvider_RFC7517_5_FirstFetchVerifiesTheProvidersTokens(t *testing.T) {
	forEachKitMode(t, func(t *testing.T, p *jwttest.Provider) {
		rs := p.RemoteSet()
		for range 3 {
			if err := kitParse(rs, kitToken(p)); err != nil {
				t.Fatal(err)
			}
		}
		kitWantRequests(t, p, jwttest.PathJWKS, 1)
		if st := rs.Stats(); st.Fetches != 1 || st.Failures != 0 {
			t.Fatalf("stats %+v, want one fetch", st)
		}
		if got := rs.Set().LookupKeyID(p.KeyID()); len(got) != 1 {
			t.Fatalf("kid %q: %d keys", p.KeyID(), len(got))
		}
	})
}

// TestJWTTestProvider_OIDCCore_10_1_1_UnknownKidRefetches_RotationWithAndWithoutGrace:
// a token of a rotated-in key makes one fetch (OpenID Connect Core 1.0
// section 10.1.1); with the old key kept its tokens still verify; once it
// is dropped and the set refreshed, they are refused with ErrKeyNotFound.
func TestJWTTestProvider_OIDCCore_10_1_1_UnknownKidRefetches_RotationWithAndWithoutGrace(t *testing.T) {
	forEachKitMode(t, func(t *testing.T, p *jwttest.Provider) {
		period := 300 * time.Millisecond
		rs := p.RemoteSet(jwk.WithRateLimit(period))
		first := kitToken(p)
		if err := kitParse(rs, first); err != nil {
			t.Fatal(err)
		}
		p.Rotate(true)
		second := kitToken(p)
		if err := kitParse(rs, second); err != nil {
			t.Fatalf("rotated-in key: %v", err)
		}
		kitWantRequests(t, p, jwttest.PathJWKS, 2)
		if err := kitParse(rs, first); err != nil {
			t.Fatalf("old key kept for a grace period: %v", err)
		}
		kitWantRequests(t, p, jwttest.PathJWKS, 2)

		time.Sleep(period) // past the unknown-kid rate limit
		p.Rotate(false)
		third := kitToken(p)
		if err := kitParse(rs, third); err != nil {
			t.Fatalf("rotated-in key, old ones dropped: %v", err)
		}
		kitWantRequests(t, p, jwttest.PathJWKS, 3)
		for name, tok := range map[string]string{"first": first, "second": second} {
			if err := kitParse(rs, tok); !errors.Is(err, jwk.ErrKeyNotFound) {
				t.Fatalf("%s key dropped: %v, want ErrKeyNotFound", name, err)
			}
		}
	})
}

// TestJWTTestProvider_RFC7517_5_OddKeyIsSkipped_TheOthersVerify: a key of
// an unknown "kty" is skipped ("Implementations SHOULD ignore JWKs ...
// that use "kty" values that are not understood"), the others verify, and
// a token naming the odd key's "kid" finds no key.
func TestJWTTestProvider_RFC7517_5_OddKeyIsSkipped_TheOthersVerify(t *testing.T) {
	forEachKitMode(t, func(t *testing.T, p *jwttest.Provider) {
		p.Rotate(true)
		p.SetOddKey(true)
		rs := p.RemoteSet()
		if err := kitParse(rs, kitToken(p)); err != nil {
			t.Fatalf("good key beside the odd one: %v", err)
		}
		set := rs.Set()
		if set.Len() != len(p.KeyIDs()) || len(set.LookupKeyID(jwttest.OddKeyID)) != 0 {
			t.Fatalf("%d keys (odd key found: %v), want the %d good ones", set.Len(), len(set.LookupKeyID(jwttest.OddKeyID)) != 0, len(p.KeyIDs()))
		}
		if len(set.Skipped()) != 1 {
			t.Fatalf("skipped %v, want the odd key", set.Skipped())
		}
		for _, kid := range p.KeyIDs() {
			if len(set.LookupKeyID(kid)) != 1 {
				t.Fatalf("kid %q missing", kid)
			}
		}
		kitWantRequests(t, p, jwttest.PathJWKS, 1)
	})
}

// TestJWTTestProvider_RefreshFailures_TypedErrorAndLastGoodSetKept: a 500,
// a response slower than the fetch timeout, a truncated body, a garbage
// body and a provider that is down each fail Refresh with ErrFetch (and
// the cause: context.DeadlineExceeded, ErrInvalidSet, connection refused),
// within the timeout, and the last good set keeps verifying.
func TestJWTTestProvider_RefreshFailures_TypedErrorAndLastGoodSetKept(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(p *jwttest.Provider)
		cause  error // besides ErrFetch; nil: ErrFetch only
	}{
		{"status 500", func(p *jwttest.Provider) { p.SetStatus(jwttest.PathJWKS, http.StatusInternalServerError) }, nil},
		{"status 404", func(p *jwttest.Provider) { p.SetStatus(jwttest.PathJWKS, http.StatusNotFound) }, nil},
		{"delay past the fetch timeout", func(p *jwttest.Provider) { p.SetDelay(jwttest.PathJWKS, 5*time.Second) }, context.DeadlineExceeded},
		{"truncated body", func(p *jwttest.Provider) { p.SetBody(jwttest.PathJWKS, jwttest.BodyTruncated) }, nil},
		{"garbage body", func(p *jwttest.Provider) { p.SetBody(jwttest.PathJWKS, jwttest.BodyGarbage) }, jwk.ErrInvalidSet},
		{"closed: connection refused", func(p *jwttest.Provider) { p.Close() }, syscall.ECONNREFUSED},
	}
	for _, m := range kitModes {
		for _, c := range cases {
			t.Run(m.name+"/"+c.name, func(t *testing.T) {
				t.Parallel()
				p := jwttest.NewProvider(t, m.opts...)
				rs := p.RemoteSet(jwk.WithFetchTimeout(200 * time.Millisecond))
				tok := kitToken(p)
				if err := kitParse(rs, tok); err != nil {
					t.Fatal(err)
				}
				c.break_(p)
				start := time.Now()
				err := rs.Refresh(context.Background())
				if !errors.Is(err, jwk.ErrFetch) || !errors.Is(err, jwt.ErrInvalidKey) {
					t.Fatalf("Refresh: %v, want ErrFetch", err)
				}
				if c.cause != nil && !errors.Is(err, c.cause) {
					t.Fatalf("Refresh: %v, want %v too", err, c.cause)
				}
				if d := time.Since(start); d > 2*time.Second {
					t.Fatalf("failed refresh took %v", d)
				}
				if err := kitParse(rs, tok); err != nil {
					t.Fatalf("last good set not served: %v", err)
				}
				if st := rs.Stats(); st.Failures != 1 || st.LastError == nil || st.FetchedAt.IsZero() {
					t.Fatalf("stats %+v", st)
				}
				if c.name != "closed: connection refused" {
					kitWantRequests(t, p, jwttest.PathJWKS, 2)
				}
			})
		}
	}
}

// TestJWTTestProvider_FirstFetchFailure_ErrFetchAndRateLimitedRetries: with
// no good set yet, a 500 fails every verification with ErrFetch and the
// retries are rate-limited (one request); once the fault is cleared the
// next fetch serves.
func TestJWTTestProvider_FirstFetchFailure_ErrFetchAndRateLimitedRetries(t *testing.T) {
	forEachKitMode(t, func(t *testing.T, p *jwttest.Provider) {
		p.SetStatus(jwttest.PathJWKS, http.StatusInternalServerError)
		rs := p.RemoteSet(jwk.WithRateLimit(time.Hour), jwk.WithMinRefreshInterval(time.Hour))
		tok := kitToken(p)
		for range 20 {
			if err := kitParse(rs, tok); !errors.Is(err, jwk.ErrFetch) {
				t.Fatalf("%v, want ErrFetch", err)
			}
		}
		kitWantRequests(t, p, jwttest.PathJWKS, 1)
		p.ClearFaults()
		if err := rs.Refresh(context.Background()); err != nil {
			t.Fatal(err)
		}
		if err := kitParse(rs, tok); err != nil {
			t.Fatal(err)
		}
		kitWantRequests(t, p, jwttest.PathJWKS, 2)
	})
}

// TestJWTTestProvider_RFC9110_10_2_3_RetryAfterOf429And503IsHonoured: the
// kit's 429 and 503 carry Retry-After; with no set yet, it holds back the
// verifications' retries past the start-up backoff, and the error says so.
func TestJWTTestProvider_RFC9110_10_2_3_RetryAfterOf429And503IsHonoured(t *testing.T) {
	for _, m := range kitModes {
		for _, status := range []int{http.StatusTooManyRequests, http.StatusServiceUnavailable} {
			t.Run(m.name+"/"+http.StatusText(status), func(t *testing.T) {
				t.Parallel()
				p := jwttest.NewProvider(t, m.opts...)
				p.SetStatus(jwttest.PathJWKS, status)
				rs := p.RemoteSet(jwk.WithStartupRetryForTest(10 * time.Millisecond))
				if err := rs.Refresh(context.Background()); !errors.Is(err, jwk.ErrFetch) || !strings.Contains(err.Error(), "Retry-After") {
					t.Fatalf("Refresh: %v, want ErrFetch naming Retry-After", err)
				}
				time.Sleep(60 * time.Millisecond) // past the start-up backoff, not past Retry-After (1 s)
				if err := kitParse(rs, kitToken(p)); !errors.Is(err, jwk.ErrFetch) || !strings.Contains(err.Error(), "Retry-After") {
					t.Fatalf("within Retry-After: %v", err)
				}
				kitWantRequests(t, p, jwttest.PathJWKS, 1)
			})
		}
	}
}

// TestJWTTestProvider_SlowFirstFetch_CallersContextBoundsTheWait: a
// verification waits for a slow provider no longer than its context.
func TestJWTTestProvider_SlowFirstFetch_CallersContextBoundsTheWait(t *testing.T) {
	forEachKitMode(t, func(t *testing.T, p *jwttest.Provider) {
		p.SetDelay(jwttest.PathJWKS, 5*time.Second)
		v, err := jwt.NewVerifier(p.RemoteSet())
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		start := time.Now()
		if _, err := v.ParseContext(ctx, kitToken(p)); err == nil {
			t.Fatal("verified without keys")
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("waited %v", d)
		}
	})
}

// TestJWTTestProvider_OIDCDiscovery_4_DiscoveredKeysVerify_BothWellKnowns:
// discovery (OpenID Connect Discovery 1.0 section 4, RFC 8414 section 3)
// reads the kit's metadata once, its issuer is the provider's, its
// id_token_signing_alg_values_supported seeds the ID-token algorithms, and
// its jwks_uri verifies the provider's tokens.
func TestJWTTestProvider_OIDCDiscovery_4_DiscoveredKeysVerify_BothWellKnowns(t *testing.T) {
	for _, m := range kitModes {
		for _, wk := range []struct {
			name string
			w    jwk.WellKnown
			path string
		}{
			{"openid-configuration", jwk.OpenIDConfiguration, jwttest.PathOpenIDConfiguration},
			{"oauth-authorization-server", jwk.OAuthAuthorizationServer, jwttest.PathOAuthAuthorizationServer},
		} {
			t.Run(m.name+"/"+wk.name, func(t *testing.T) {
				t.Parallel()
				p := jwttest.NewProvider(t, m.opts...)
				d, err := p.Discover(context.Background(), jwk.WithWellKnown(wk.w))
				if err != nil {
					t.Fatal(err)
				}
				if d.Issuer() != p.Issuer() {
					t.Fatalf("issuer %q, want %q", d.Issuer(), p.Issuer())
				}
				meta, ok := d.Metadata()
				if !ok || meta.JWKSURI != p.JWKSURI() {
					t.Fatalf("metadata %+v (%v), want jwks_uri %q", meta, ok, p.JWKSURI())
				}
				if algs := d.IDTokenAlgorithms(); len(algs) != 1 || algs[0] != p.Algorithm() {
					t.Fatalf("ID-token algorithms %v, want [%s]", algs, p.Algorithm())
				}
				for range 3 {
					if err := kitParse(d, kitToken(p)); err != nil {
						t.Fatal(err)
					}
				}
				kitWantRequests(t, p, wk.path, 1)
				kitWantRequests(t, p, jwttest.PathJWKS, 1)
			})
		}
	}
}

// TestJWTTestProvider_OIDCDiscovery_4_3_IssuerNotIdenticalIsRefused_NoKeysFetched:
// the kit's document names its own issuer; discovered under another name
// of the same server (the same host and port), it is refused with
// ErrDiscoveryRefused and no JWK Set is fetched.
func TestJWTTestProvider_OIDCDiscovery_4_3_IssuerNotIdenticalIsRefused_NoKeysFetched(t *testing.T) {
	forEachKitMode(t, func(t *testing.T, p *jwttest.Provider) {
		u, err := url.Parse(p.Issuer())
		if err != nil {
			t.Fatal(err)
		}
		addr := u.Host
		// example.com is in httptest's certificate; every dial goes to p.
		other := *u
		other.Host = "example.com:" + u.Port()
		if u.Scheme == "http" {
			other.Host = "localhost:" + u.Port()
		}
		tr := p.Client().Transport.(*http.Transport).Clone()
		tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, addr)
		}
		client := &http.Client{Transport: tr}
		opts := []jwk.RemoteOption{jwk.WithHTTPClient(client)}
		if u.Scheme == "https" {
			// A sanity check that the transport reaches p under the other name.
			resp, err := client.Get(other.String() + jwttest.PathJWKS)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
		}
		_, err = jwk.Discover(context.Background(), other.String(), opts...)
		if !errors.Is(err, jwk.ErrDiscoveryRefused) || !errors.Is(err, jwk.ErrFetch) {
			t.Fatalf("Discover(%s): %v, want ErrDiscoveryRefused", other.String(), err)
		}
		t.Logf("refused: %v", err)
		kitWantRequests(t, p, jwttest.PathOpenIDConfiguration, 1)
		if u.Scheme == "https" {
			kitWantRequests(t, p, jwttest.PathJWKS, 1) // the sanity check only
		} else {
			kitWantRequests(t, p, jwttest.PathJWKS, 0)
		}
	})
}

// TestJWTTestProvider_DiscoveryFaults_TypedErrors: a discovery document
// answering 500, garbage, truncated, or slower than the fetch timeout, or a
// provider that is down, fails Discover with ErrFetch and fetches no keys;
// a JWK Set failing after good discovery fails it with ErrFetch too.
func TestJWTTestProvider_DiscoveryFaults_TypedErrors(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(p *jwttest.Provider)
		cause  error
		jwks   int
	}{
		{"document 500", func(p *jwttest.Provider) { p.SetStatus(jwttest.PathOpenIDConfiguration, 500) }, nil, 0},
		{"document garbage", func(p *jwttest.Provider) { p.SetBody(jwttest.PathOpenIDConfiguration, jwttest.BodyGarbage) }, nil, 0},
		{"document truncated", func(p *jwttest.Provider) { p.SetBody(jwttest.PathOpenIDConfiguration, jwttest.BodyTruncated) }, nil, 0},
		{"document slow", func(p *jwttest.Provider) { p.SetDelay(jwttest.PathOpenIDConfiguration, 5*time.Second) }, context.DeadlineExceeded, 0},
		{"provider down", func(p *jwttest.Provider) { p.Close() }, syscall.ECONNREFUSED, 0},
		{"JWK Set 500", func(p *jwttest.Provider) { p.SetStatus(jwttest.PathJWKS, 500) }, nil, 1},
		{"JWK Set garbage", func(p *jwttest.Provider) { p.SetBody(jwttest.PathJWKS, jwttest.BodyGarbage) }, jwk.ErrInvalidSet, 1},
	}
	for _, m := range kitModes {
		for _, c := range cases {
			t.Run(m.name+"/"+c.name, func(t *testing.T) {
				t.Parallel()
				p := jwttest.NewProvider(t, m.opts...)
				c.break_(p)
				start := time.Now()
				_, err := p.Discover(context.Background(), jwk.WithFetchTimeout(200*time.Millisecond))
				if !errors.Is(err, jwk.ErrFetch) {
					t.Fatalf("Discover: %v, want ErrFetch", err)
				}
				if c.cause != nil && !errors.Is(err, c.cause) {
					t.Fatalf("Discover: %v, want %v too", err, c.cause)
				}
				if d := time.Since(start); d > 2*time.Second {
					t.Fatalf("Discover took %v", d)
				}
				if c.name != "provider down" {
					kitWantRequests(t, p, jwttest.PathOpenIDConfiguration, 1)
					kitWantRequests(t, p, jwttest.PathJWKS, c.jwks)
				}
			})
		}
	}
}

// TestJWTTestProvider_RFC8725_3_8_IssuersVerifyEachTenantWithItsOwnKeys:
// two providers discovered by jwk.Issuers; each one's tokens verify, and a
// token of one claiming the other's issuer is refused.
func TestJWTTestProvider_RFC8725_3_8_IssuersVerifyEachTenantWithItsOwnKeys(t *testing.T) {
	forEachKitMode(t, func(t *testing.T, a *jwttest.Provider) {
		var opts []jwttest.Option
		if strings.HasPrefix(a.Issuer(), "http:") {
			opts = append(opts, jwttest.WithPlainHTTP())
		}
		b := jwttest.NewProvider(t, opts...)
		// The two servers' TLS certificates differ: one client per issuer.
		m, err := jwk.NewIssuers([]jwk.IssuerConfig{
			{Issuer: a.Issuer(), Options: []jwk.RemoteOption{jwk.WithHTTPClient(a.Client())}},
			{Issuer: b.Issuer(), Options: []jwk.RemoteOption{jwk.WithHTTPClient(b.Client())}},
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { m.Close() })
		v, err := jwt.NewVerifier(m)
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		for _, p := range []*jwttest.Provider{a, b} {
			if _, err := v.ParseContext(ctx, kitToken(p)); err != nil {
				t.Fatalf("%s: %v", p.Issuer(), err)
			}
		}
		// b's key signing a token that claims a's issuer.
		forged, err := b.SignAccessToken(accesstoken.Claims{Registered: claims.Registered{Issuer: a.Issuer()}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := v.ParseContext(ctx, forged); !errors.Is(err, jwt.ErrSignatureInvalid) && !errors.Is(err, jwk.ErrKeyNotFound) {
			t.Fatalf("a token of another tenant's key: %v, want a signature or key error", err)
		}
		for _, p := range []*jwttest.Provider{a, b} {
			kitWantRequests(t, p, jwttest.PathOpenIDConfiguration, 1)
		}
	})
}

// TestJWTTestProvider_LazyDiscoverySharedByConcurrentCallers_OtherIssuerRefusedWithoutARequest:
// the kit's Discovery fetches nothing until a token of its issuer comes
// (a token of another issuer is refused first, RFC 8725 section 3.8);
// fifty concurrent verifications of a slow provider share one discovery
// and one JWK Set fetch.
func TestJWTTestProvider_LazyDiscoverySharedByConcurrentCallers_OtherIssuerRefusedWithoutARequest(t *testing.T) {
	forEachKitMode(t, func(t *testing.T, p *jwttest.Provider) {
		p.SetDelay(jwttest.PathOpenIDConfiguration, 50*time.Millisecond)
		d := p.Discovery()
		v, err := jwt.NewVerifier(d)
		if err != nil {
			t.Fatal(err)
		}
		other := p.AccessToken(accesstoken.Claims{Registered: claims.Registered{Issuer: "https://other.example"}})
		if _, err := v.Parse(other); !errors.Is(err, jwt.ErrInvalidIssuer) {
			t.Fatalf("another issuer: %v", err)
		}
		kitWantRequests(t, p, jwttest.PathOpenIDConfiguration, 0)
		tok := kitToken(p)
		var wg sync.WaitGroup
		errs := make(chan error, 50)
		for range 50 {
			wg.Go(func() {
				if _, err := v.Parse(tok); err != nil {
					errs <- err
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		kitWantRequests(t, p, jwttest.PathOpenIDConfiguration, 1)
		kitWantRequests(t, p, jwttest.PathJWKS, 1)
	})
}

// TestJWTTestProvider_RFC9110_10_2_3_RetryAfterOnTheDiscoveryDocumentIsHonoured:
// the kit's document answering 503 (or 429) with Retry-After: no
// verification asks for it again before then.
func TestJWTTestProvider_RFC9110_10_2_3_RetryAfterOnTheDiscoveryDocumentIsHonoured(t *testing.T) {
	for _, status := range []int{http.StatusServiceUnavailable, http.StatusTooManyRequests} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			t.Parallel()
			p := jwttest.NewProvider(t)
			p.SetStatus(jwttest.PathOpenIDConfiguration, status)
			v, err := jwt.NewVerifier(p.Discovery(jwk.WithStartupRetryForTest(10 * time.Millisecond)))
			if err != nil {
				t.Fatal(err)
			}
			tok := kitToken(p)
			if _, err := v.Parse(tok); !errors.Is(err, jwk.ErrFetch) || !strings.Contains(err.Error(), "Retry-After") {
				t.Fatalf("discovery %d: %v", status, err)
			}
			time.Sleep(60 * time.Millisecond) // past the start-up backoff, not past Retry-After
			if _, err := v.Parse(tok); !errors.Is(err, jwk.ErrFetch) {
				t.Fatalf("within Retry-After: %v", err)
			}
			kitWantRequests(t, p, jwttest.PathOpenIDConfiguration, 1)
			kitWantRequests(t, p, jwttest.PathJWKS, 0)
		})
	}
}

// TestJWTTestProvider_OIDCCore_10_1_1_RotationSeenThroughDiscovery: a
// discovered provider's key set refetches for a rotated-in "kid" (one
// request, no new discovery) and, once the old key is dropped and the set
// refreshed, refuses the old key's tokens.
func TestJWTTestProvider_OIDCCore_10_1_1_RotationSeenThroughDiscovery(t *testing.T) {
	forEachKitMode(t, func(t *testing.T, p *jwttest.Provider) {
		d := p.Discovery()
		old := kitToken(p)
		if err := kitParse(d, old); err != nil {
			t.Fatal(err)
		}
		p.Rotate(false)
		if err := kitParse(d, kitToken(p)); err != nil {
			t.Fatalf("rotated-in key: %v", err)
		}
		kitWantRequests(t, p, jwttest.PathOpenIDConfiguration, 1)
		kitWantRequests(t, p, jwttest.PathJWKS, 2)
		if err := kitParse(d, old); !errors.Is(err, jwk.ErrKeyNotFound) {
			t.Fatalf("dropped key: %v, want ErrKeyNotFound", err)
		}
	})
}
