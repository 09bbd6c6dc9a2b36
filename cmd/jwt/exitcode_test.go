package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/sentinel"
)

// TestExitCodeOnePerErrorClass: each class of failure has its own exit
// code, found with errors.Is through any wrapping.
func TestExitCodeOnePerErrorClass(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"nil", nil, exitOK},
		{"plain error", errors.New("disk full"), exitFailure},
		{"usage", usageError("bad"), exitUsage},
		{"malformed", fmt.Errorf("x: %w", jwt.ErrTokenMalformed), exitMalformed},
		{"too large is malformed", jwt.ErrTokenTooLarge, exitMalformed},
		{"signature", jwt.ErrSignatureInvalid, exitSignature},
		{"expired", jwt.ErrTokenExpired, exitExpired},
		{"not yet valid", jwt.ErrTokenNotValidYet, exitNotYetValid},
		{"audience", jwt.ErrInvalidAudience, exitClaims},
		{"issuer", jwt.ErrInvalidIssuer, exitClaims},
		{"subject", jwt.ErrInvalidSubject, exitClaims},
		{"type", jwt.ErrInvalidType, exitClaims},
		{"missing claim", jwt.ErrMissingClaim, exitClaims},
		{"key", jwt.ErrInvalidKey, exitKey},
		{"key error", keyError("no file"), exitKey},
		{"algorithm", jwt.ErrAlgorithmNotAllowed, exitAlgorithm},
		{"expired and wrong audience: the first class", errors.Join(jwt.ErrInvalidAudience, jwt.ErrTokenExpired), exitExpired},
		{"explicit code wins", withCode(exitClaims, jwt.ErrTokenExpired), exitClaims},
		{"claims that do not decode are malformed", fmt.Errorf("%w: %w: x", jwt.ErrTokenMalformed, jwt.ErrEncoding), exitMalformed},
		{"iat in the future is not valid yet", jwt.ErrTokenUsedBeforeIssued, exitNotYetValid},
		// The order is sentinel.Ordered's: an error of a custom key source
		// joining a signature failure with a key or algorithm error is the
		// key's or the algorithm's (the library makes none such).
		{"signature and key: the key's", errors.Join(jwt.ErrSignatureInvalid, jwt.ErrInvalidKey), exitKey},
		{"signature and algorithm: the algorithm's", errors.Join(jwt.ErrSignatureInvalid, jwt.ErrAlgorithmNotAllowed), exitAlgorithm},
	}
	seen := map[int]string{}
	for _, tc := range tests {
		got := exitCode(tc.err)
		if got != tc.want {
			t.Errorf("%s: exit %d, want %d", tc.name, got, tc.want)
		}
		seen[got] = tc.name
	}
	if len(seen) != 10 {
		t.Errorf("%d distinct exit codes, want 10 (0-9)", len(seen))
	}
}

// TestOneLine: a failure prints as one line, without repeated "jwt: ".
func TestOneLine(t *testing.T) {
	err := errors.Join(jwt.ErrTokenExpired, jwt.ErrInvalidAudience)
	if got, want := oneLine(err), "token is expired; token has an invalid audience"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestOneLineDropsRepeatedSentinels: wrapping that repeats a sentinel's
// text shows it once.
func TestOneLineDropsRepeatedSentinels(t *testing.T) {
	err := fmt.Errorf("%w: key set: %w", jwt.ErrInvalidKey, fmt.Errorf("jwk: no matching key: %w: kid %q", jwt.ErrInvalidKey, "k1"))
	if got, want := oneLine(err), `invalid key: key set: no matching key: kid "k1"`; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestExitCodesDocumented: the help text and README.md list every exit
// code.
func TestExitCodesDocumented(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for code := exitOK; code <= exitAlgorithm; code++ {
		if !strings.Contains(exitCodesHelp, fmt.Sprintf("\n  %d  ", code)) {
			t.Errorf("help does not list exit code %d", code)
		}
		if !strings.Contains(string(readme), fmt.Sprintf("\n| %d | ", code)) {
			t.Errorf("README.md does not list exit code %d", code)
		}
	}
}

// TestExitCodeForEverySentinel: each of the library's sentinels, in the
// one list it classifies errors with, has an exit code here (noClass
// included), so a new sentinel cannot be left unmapped.
func TestExitCodeForEverySentinel(t *testing.T) {
	for _, s := range sentinel.Ordered {
		if _, ok := sentinelCodes[s.Err]; !ok {
			t.Errorf("%s has no entry in sentinelCodes", s.Name)
		}
	}
	if len(sentinelCodes) != len(sentinel.Ordered) {
		t.Errorf("sentinelCodes has %d entries for %d sentinels", len(sentinelCodes), len(sentinel.Ordered))
	}
}
