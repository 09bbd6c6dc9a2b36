package jwtgrpc_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jotlib/jwt/accesstoken"
	"github.com/jotlib/jwt/jwk"
	"github.com/jotlib/jwt/jwtgrpc"
	"github.com/jotlib/jwt/jwthttp"
	"github.com/jotlib/jwt/jwttest"
	"google.golang.org/grpc/codes"
)

// kitInterceptor verifies RFC 9068 access tokens of p (keys from its JWK
// Set over TLS, accesstoken's profile checks) into apiClaims.
func kitInterceptor(t *testing.T, p *jwttest.Provider, opts ...jwtgrpc.Option) *jwtgrpc.Interceptor[*apiClaims] {
	t.Helper()
	v, err := accesstoken.NewVerifier(p.RemoteSet(), accesstoken.Config{Issuer: p.Issuer(), Audience: p.Audience()})
	if err != nil {
		t.Fatal(err)
	}
	verify := func(ctx context.Context, tok string) (*apiClaims, error) {
		c, err := v.Verify(ctx, tok)
		if err != nil {
			return nil, err
		}
		return &apiClaims{Registered: c.Registered, ScopeClaims: jwthttp.ScopeClaims{Scope: c.Scope}}, nil
	}
	in, err := jwtgrpc.New(verify, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// TestJWTTest_InterceptorRefusesEveryAttack: a token minted by jwttest's
// fake provider is accepted over a real gRPC call; every hostile token of
// the catalogue (RFC 8725, the CVEs it names) and a DPoP-bound token sent
// as a bearer token (RFC 9449 section 7.2) are refused and never reach
// the handler.
func TestJWTTest_InterceptorRefusesEveryAttack(t *testing.T) {
	p := jwttest.NewProvider(t, jwttest.WithAudience(resource))
	c, h := serve(t, kitInterceptor(t, p))
	sub, _, st := callCheck(t, c, withAuth(t, "Bearer "+p.AccessToken(accesstoken.Claims{})))
	if st.Code() != codes.OK || sub != jwttest.DefaultSubject {
		t.Fatalf("minted token: %v %q, subject %q", st.Code(), st.Message(), sub)
	}
	// RFC 9449 section 7.2: a DPoP-bound token sent as a bearer token.
	bound := p.BoundAccessToken(accesstoken.Claims{}, "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I")
	if _, _, st := callCheck(t, c, withAuth(t, "Bearer "+bound)); st.Code() != codes.Unauthenticated {
		t.Fatalf("bound token as bearer: %v", st)
	}
	h.calls.Store(0)
	jwttest.RunAgainst(t, p.Attacks(), func(tok string) error {
		_, _, st := callCheck(t, c, withAuth(t, "Bearer "+tok))
		if st.Code() == codes.OK {
			return nil
		}
		return st.Err()
	})
	if n := h.calls.Load(); n != 0 {
		t.Fatalf("the handler ran %d times for refused calls", n)
	}
}

// A key-fetch failure (the provider is down: connection refused, before
// the first fetch) is Unavailable (the token is not at fault; RFC 6750
// has no code for it), and OnRefusal receives jwk's typed cause.
func TestKeyFetchFailureIsUnavailable_ProviderDown(t *testing.T) {
	p := jwttest.NewProvider(t, jwttest.WithAudience(resource))
	var seen error
	in := kitInterceptor(t, p, jwtgrpc.OnRefusal(func(_ context.Context, _ string, err error) { seen = err }))
	tok := p.AccessToken(accesstoken.Claims{})
	p.Close()
	c, h := serve(t, in)
	_, _, st := callCheck(t, c, withAuth(t, "Bearer "+tok))
	wantRefused(t, st, h, codes.Unavailable, "the keys to verify the token could not be fetched; retry later", "")
	if !errors.Is(seen, jwk.ErrFetch) {
		t.Fatalf("OnRefusal saw %v", seen)
	}
}
