package main

import (
	"encoding/base64"
	"fmt"
	"strings"
)

// segments is a token's decoded header and payload, read without any
// verification.
type segments struct {
	header, payload []byte
	signature       string // still base64url
}

// splitSegments decodes a compact JWS's header and payload. It is lenient
// where a debugging tool should be (padding is tolerated) and explains the
// common mix-ups (an encrypted JWE, a missing part).
func splitSegments(tok string) (*segments, error) {
	switch n := strings.Count(tok, ".") + 1; n {
	case 3:
	case 5:
		return nil, malformedError("5 segments: this is an encrypted token (JWE); it cannot be read without the decryption key")
	default:
		return nil, malformedError("a compact JWS has 3 segments separated by '.', this has %d", n)
	}
	parts := strings.SplitN(tok, ".", 3)
	h, err := decodeSegment(parts[0], "header")
	if err != nil {
		return nil, err
	}
	p, err := decodeSegment(parts[1], "payload")
	if err != nil {
		return nil, err
	}
	return &segments{header: h, payload: p, signature: parts[2]}, nil
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
