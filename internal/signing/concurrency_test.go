package signing_test

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/jotlib/jwt/internal/signing"
)

// TestConcurrentUse_Race shares one SigningKey and one VerifyingKey per
// algorithm between goroutines (run it with -race). HMAC keys keep pooled
// hash states: with one 64-byte secret used for HS256, HS384 and HS512 at
// once, every MAC must still equal crypto/hmac's, so no state leaks between
// goroutines, hashes or inputs.
func TestConcurrentUse_Race(t *testing.T) {
	const goroutines = 8
	isHMAC := func(a signing.Algorithm) bool { return strings.HasPrefix(string(a), "HS") }
	iters := func(a signing.Algorithm) int {
		if isHMAC(a) {
			return 200
		}
		return 2 // public-key algorithms are slow under -race
	}
	secret := keys().hs64
	shared := mustVerifier(t, secret)
	signers := map[signing.Algorithm]*signing.SigningKey{}
	verifiers := map[signing.Algorithm]*signing.VerifyingKey{}
	for _, alg := range usable() {
		key, vk := signingKeyFor(alg), shared
		if isHMAC(alg) {
			key = secret
		} else {
			vk = mustVerifier(t, publicKeyFor(alg))
		}
		sk, err := signing.NewSigningKey(alg, key)
		if err != nil {
			t.Fatal(err)
		}
		signers[alg], verifiers[alg] = sk, vk
	}
	var wg sync.WaitGroup
	errs := make(chan error, goroutines*len(signers))
	for g := 0; g < goroutines; g++ {
		for _, alg := range usable() {
			wg.Add(1)
			go func(g int, alg signing.Algorithm) {
				defer wg.Done()
				var buf []byte
				for i := 0; i < iters(alg); i++ {
					input := []byte(fmt.Sprintf("g%d.i%d.%s", g, i, alg))
					var err error
					buf, err = signers[alg].AppendSign(buf[:0], input)
					if err != nil {
						errs <- err
						return
					}
					if isHMAC(alg) && !bytes.Equal(buf, hmacSum(alg, secret, input)) {
						errs <- fmt.Errorf("%s: pooled HMAC state gave a wrong MAC", alg)
						return
					}
					if err := verifiers[alg].Verify(alg, input, buf); err != nil {
						errs <- fmt.Errorf("%s: %w", alg, err)
						return
					}
					if err := verifiers[alg].Verify(alg, append(input, '!'), buf); err == nil {
						errs <- fmt.Errorf("%s: changed input verified", alg)
						return
					}
				}
			}(g, alg)
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
