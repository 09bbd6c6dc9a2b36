package main

import (
	"encoding/base64"
	"fmt"
	"strings"

	"github.com/jotlib/jwt/internal/compact"
)

// segments is a token's decoded header and payload, read without any
// verification.
type segments struct {
	header, payload []byte
	signature       string // still base64url
}

// splitSegments decodes a compact JWS's header and payload, split by the
// library's splitter (internal/compact: exactly two '.'). It is lenient
// where a debugging tool should be (padding is tolerated) and explains the
// common mix-ups (an encrypted JWE, a missing part).
func splitSegments(tok string) (*segments, error) {
	parts, err := compact.Split(tok)
	if err != nil {
		n := strings.Count(tok, ".") + 1
		if n == 5 {
			return nil, malformedError("5 segments: this is an encrypted token (JWE); it cannot be read without the decryption key")
		}
		return nil, malformedError("a compact JWS has 3 segments separated by '.', this has %d", n)
	}
	h, err := decodeSegment(parts.Header, "header")
	if err != nil {
		return nil, err
	}
	p, err := decodeSegment(parts.Payload, "payload")
	if err != nil {
		return nil, err
	}
	return &segments{header: h, payload: p, signature: parts.Signature}, nil
}

func decodeSegment(seg, what string) ([]byte, error) {
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(seg, "="))
	if err != nil {
		return nil, malformedError("%s: not base64url: %v", what, err)
	}
	return b, nil
}

// malformedError reports a token that cannot be read (exit 3).
func malformedError(format string, args ...any) error {
	return withCode(exitMalformed, fmt.Errorf("token is malformed: "+format, args...))
}
