package jwk_test

import (
	"context"
	"crypto"
	"encoding/base64"
	"fmt"
	"log"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwk"
)

// A JWK Set given as the key: the token's "kid" picks the key.
func ExampleParseSet() {
	set, err := jwk.ParseSet([]byte(`{"keys":[
		{"kty":"oct","kid":"hmac-1","alg":"HS256","k":"hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg"},
		{"kty":"OKP","crv":"X25519","kid":"ecdh","x":"hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo"}
	]}`))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(set.Len(), "key;", len(set.Skipped()), "skipped (unsupported curve)")

	secret := set.LookupKeyID("hmac-1")[0].Key().([]byte)
	token, _ := jwt.Sign(jwt.HS256, map[string]any{"sub": "user-42"}, secret, jwt.WithKeyID("hmac-1"))
	tok, err := jwt.Parse(token, set)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(tok.Header.KeyID, tok.Claims.(map[string]any)["sub"])
	// Output:
	// 1 key; 1 skipped (unsupported curve)
	// hmac-1 user-42
}

// RFC 7638 section 3.1's example thumbprint.
func ExampleKey_Thumbprint() {
	k, err := jwk.ParseKey([]byte(rfc7638Key))
	if err != nil {
		log.Fatal(err)
	}
	sum, _ := k.Thumbprint(crypto.SHA256)
	fmt.Println(base64.RawURLEncoding.EncodeToString(sum))
	// Output: NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs
}

// A Verifier backed by an identity provider's JWK Set. Create both once per
// process; each request's context bounds any fetch its verification needs.
func ExampleNewRemoteSet() {
	keys, err := jwk.NewRemoteSet("https://idp.example.com/.well-known/jwks.json",
		jwk.WithRefreshInterval(time.Hour), // at most this stale (Cache-Control max-age may shorten it)
		jwk.WithRateLimit(time.Minute))     // unknown "kid": one fetch a minute (a kid many tokens carry: after 6 s)
	if err != nil {
		log.Fatal(err)
	}
	defer keys.Close()
	verifier, err := jwt.NewVerifier(keys, jwt.WithAlgorithms(jwt.RS256, jwt.ES256), jwt.WithIssuer("https://idp.example.com"))
	if err != nil {
		log.Fatal(err)
	}
	handle := func(ctx context.Context, bearer string) error {
		_, err := verifier.ParseContext(ctx, bearer)
		return err
	}
	_ = handle
}

// Publishing keys: the public halves of a set, as a JWKS endpoint serves them.
func ExampleSet_Public() {
	priv, _ := jwk.ParseKey([]byte(rfc7520ECPrivate))
	out, _ := jwk.NewSet(priv).Public().MarshalJSON()
	fmt.Println(string(out))
	// Output: {"keys":[{"kty":"EC","kid":"bilbo.baggins@hobbiton.example","use":"sig","crv":"P-521","x":"AHKZLLOsCOzz5cY97ewNUajB957y-C-U88c3v13nmGZx6sYl_oJXu9A5RkTKqjqvjyekWF-7ytDyRXYgCF5cj0Kt","y":"AdymlHvOiLxXkEhayXQnNCvDX4h9htZaCJN34kfmC6pV5OhQHiraVySsUdaQkAgDPrwQrJmbnX9cwlGfP-HqHZR1"}]}
}

// A multi-tenant service: each tenant's tokens verify with that tenant's
// keys only, discovered at the first token of each (or at start-up with
// Ready); a token naming any other issuer is refused without a request.
func ExampleNewIssuers() {
	issuers, err := jwk.NewIssuers([]jwk.IssuerConfig{
		{Issuer: "https://login.acme.example"}, // OpenID Connect discovery
		{Issuer: "https://auth.globex.example/tenant-7", Options: []jwk.RemoteOption{ // RFC 8414 metadata
			jwk.WithWellKnown(jwk.OAuthAuthorizationServer), jwk.WithMaxStale(time.Hour)}},
	}, jwk.WithFetchObserver(jwk.NewSlogObserver(nil)))
	if err != nil {
		log.Fatal(err)
	}
	defer issuers.Close()
	verifier, err := jwt.NewVerifier(issuers, jwt.WithAudience("orders-api"))
	if err != nil {
		log.Fatal(err)
	}
	_ = verifier // verifier.ParseContext(r.Context(), bearer) in the handler
}

// One OpenID Provider: Discover reads its metadata and keys. A resource
// server states the algorithms of its access tokens (RFC 9068): the
// provider's IDTokenAlgorithms are for ID tokens only (idtoken enforces
// them).
func ExampleDiscover() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	provider, err := jwk.Discover(ctx, "https://accounts.example.com")
	if err != nil {
		log.Fatal(err)
	}
	defer provider.Close()
	verifier, err := jwt.NewVerifier(provider, jwt.WithAlgorithms(jwt.RS256, jwt.ES256), jwt.WithAudience("orders-api"))
	if err != nil {
		log.Fatal(err)
	}
	_ = verifier
}
