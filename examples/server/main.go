// Command server is an example HTTP service whose middleware verifies an
// HS256 bearer token on every request with one shared jwt.Verifier.
//
//	go run . -addr 127.0.0.1:8080
//
// It prints a token to try:
//
//	curl -H "Authorization: Bearer $TOKEN" http://127.0.0.1:8080/profile
//
// The secret comes from JWT_SECRET (hex, at least 32 bytes) or is generated
// at start-up. The load test (load_test.go, JOTLIB_LOAD=1) drives this
// service with each encoder.
package main

import (
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	encName := flag.String("encoder", "std", "claims codec (see -list)")
	list := flag.Bool("list", false, "list the encoders and exit")
	flag.Parse()
	if *list {
		for _, e := range encoders() {
			fmt.Println(e.name)
		}
		return
	}
	var enc jwt.Encoder
	for _, e := range encoders() {
		if e.name == *encName {
			enc = e.enc
		}
	}
	if enc == nil {
		log.Fatalf("unknown encoder %q", *encName)
	}
	secret, err := loadSecret()
	if err != nil {
		log.Fatal(err)
	}
	v, err := jwt.NewVerifier(secret, jwt.WithEncoder(enc), jwt.WithAlgorithms(jwt.HS256),
		jwt.WithAudience("https://api.example.com"), jwt.WithIssuer(issuer))
	if err != nil {
		log.Fatal(err)
	}
	s, err := jwt.NewSigner(jwt.HS256, secret, jwt.WithEncoder(enc))
	if err != nil {
		log.Fatal(err)
	}
	tok, err := s.Sign(sampleClaims("user-1", time.Now()))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening on http://%s (encoder %s)\nTOKEN=%s\n", *addr, *encName, tok)
	mux, err := newMux(v)
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Addr: *addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	log.Fatal(srv.ListenAndServe())
}

const issuer = "https://auth.example.com/realms/production"

// sampleClaims is an access token for sub valid for an hour from now.
func sampleClaims(sub string, now time.Time) AccessClaims {
	return AccessClaims{
		Registered: claims.Registered{
			Issuer:    issuer,
			Subject:   sub,
			Audience:  claims.Audience{"https://api.example.com", "https://billing.example.com"},
			ExpiresAt: claims.NewNumericDate(now.Add(time.Hour)),
			NotBefore: claims.NewNumericDate(now.Add(-time.Minute)),
			IssuedAt:  claims.NewNumericDate(now.Add(-time.Minute)),
			ID:        "01JDQ7Z3X8K4M2N6P9R5T1V3W7",
		},
		Name:          "Alexandra Example-Person",
		Roles:         []string{"reader", "writer", "billing:admin", "support"},
		EmailVerified: true,
	}
}

func loadSecret() ([]byte, error) {
	if h := os.Getenv("JWT_SECRET"); h != "" {
		return hex.DecodeString(h)
	}
	secret := make([]byte, 32)
	_, err := rand.Read(secret)
	return secret, err
}
