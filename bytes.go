package jwt

import "github.com/jotlib/jwt/internal/bytesview"

// bytesOf views a token substring as bytes for hashing and decoding,
// without copying. The result is never written.
func bytesOf(s string) []byte { return bytesview.Of(s) }
