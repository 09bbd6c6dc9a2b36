// Command dpop is the README's "Sender-constrained tokens (DPoP)": a
// client, an authorization server and a resource server exchanging
// DPoP-bound access tokens (RFC 9449) over TLS on 127.0.0.1. The client
// holds a key pair and signs a proof of possession for every request
// (dpop.Transport); the authorization server's token endpoint verifies the
// proof (dpop.Verifier.VerifyTokenRequest), requires a server nonce
// (dpop.HMACNonces) and binds the access token it issues to the proof's key
// ("cnf" "jkt", token_type DPoP); the resource server (jwthttp.WithDPoP in
// DPoPRequired mode) verifies the token, the request's proof, its nonce and
// the binding. A thief holding the token but not the key is refused, as a
// bearer token and with a proof of its own key.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
	"time"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := run(ctx, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// run starts both servers, walks the client through them, and shows the
// stolen token refused; it returns an error if any step goes otherwise.
func run(ctx context.Context, out io.Writer) error {
	d, err := start(ctx)
	if err != nil {
		return err
	}
	defer d.close()

	alice, err := newClient(d.transport(), clientID, d.secret)
	if err != nil {
		return err
	}
	token, err := alice.token(ctx, d.as.URL+"/token")
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "token endpoint:  token_type DPoP, bound to key %s\n", alice.signer.JKT())
	body, err := alice.get(ctx, d.rs.URL+"/v1/items", token)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "resource server: 200 %s\n", body)

	// Someone copies the token from a log line. As a bearer token:
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.rs.URL+"/v1/items", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := d.rs.Client().Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	fmt.Fprintf(out, "stolen, Bearer:  %d %s\n", resp.StatusCode, resp.Header.Get("WWW-Authenticate"))
	if resp.StatusCode != http.StatusUnauthorized {
		return fmt.Errorf("a stolen DPoP-bound token as a bearer token: %s, want 401", resp.Status)
	}
	// With proofs signed by a key of its own: the token names another key.
	mallory, err := newClient(d.transport(), "", "")
	if err != nil {
		return err
	}
	_, err = mallory.get(ctx, d.rs.URL+"/v1/items", token)
	fmt.Fprintf(out, "stolen, own key: %v\n", err)
	if err == nil || !strings.Contains(err.Error(), `error="invalid_token"`) {
		return errors.Join(errors.New("a stolen DPoP-bound token with the thief's proof key: not refused as invalid_token"), err)
	}
	return nil
}
