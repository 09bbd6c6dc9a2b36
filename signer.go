package jwt

import (
	"fmt"
	"unicode/utf8"

	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/bytesview"
	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/jsonstring"
	"github.com/jotlib/jwt/internal/signing"
	"github.com/jotlib/jwt/internal/strictjson"
)

// Signer makes tokens with one algorithm and key, checked once; its header
// segment is encoded once. It is safe for concurrent use; reuse it.
type Signer struct {
	key     *signing.SigningKey
	enc     Encoder
	prefix  string // base64url(header) + "."
	maxSize int    // WithMaxTokenSize: no longer token is made
}

// NewSigner checks that key fits alg and is strong enough (ErrInvalidKey
// otherwise) and precomputes the header {"alg":…,"kid":…,"typ":"JWT",…}
// (RFC 7515 section 4), with any WithHeader members after "typ"
// (WithType("") leaves "typ" out).
// key is a []byte secret (HS*), a private key, or a crypto.Signer (KMS, HSM)
// whose public key fits alg.
func NewSigner(alg Algorithm, key any, opts ...Option) (*Signer, error) {
	cfg, err := newConfig(signSide, opts)
	if err != nil {
		return nil, err
	}
	if err := checkKeyHeaderUse(cfg, alg); err != nil { // internal/keyheader: DPoP proofs only
		return nil, err
	}
	sk, err := signing.NewSigningKey(signing.Algorithm(alg), key)
	if err != nil {
		return nil, err
	}
	typ := cfg.writtenType()
	if !utf8.ValidString(typ) || !utf8.ValidString(cfg.keyID) {
		return nil, fmt.Errorf("%w: \"typ\" and \"kid\" must be valid UTF-8", ErrInvalidOption)
	}
	hdr := []byte(`{"alg":`)
	hdr = jsonstring.Append(hdr, string(alg))
	if cfg.keyIDSet {
		hdr = append(hdr, `,"kid":`...)
		hdr = jsonstring.Append(hdr, cfg.keyID)
	}
	if typ != "" { // WithType(""): no "typ" (RFC 7515 section 4.1.9: OPTIONAL)
		hdr = append(hdr, `,"typ":`...)
		hdr = jsonstring.Append(hdr, typ)
	}
	if cfg.keyHeader != nil { // internal/keyheader: a DPoP proof's public key (RFC 9449 section 4.2)
		hdr = append(hdr, `,"jwk":`...)
		hdr = append(hdr, cfg.keyHeader...)
	}
	if hdr, err = appendExtraHeader(hdr, cfg.enc, cfg.extra); err != nil {
		return nil, err
	}
	hdr = append(hdr, '}')
	// The header made passes the parser's own rules, or no token is made.
	if _, err := parseHeader(hdr); err != nil {
		return nil, fmt.Errorf("%w: the header would be refused: %w", ErrInvalidOption, err)
	}
	prefix := b64url.AppendEncode(nil, hdr)
	return &Signer{key: sk, enc: cfg.enc, prefix: string(append(prefix, '.')), maxSize: cfg.maxSize}, nil
}

// writtenType is the "typ" a Signer configured by c writes: "JWT" (RFC
// 7519 section 5.1) unless WithType names another, or "" for none.
func (c *config) writtenType() string {
	if c.types != nil {
		return c.types[0]
	}
	return "JWT"
}

// Algorithm returns the signer's algorithm.
func (s *Signer) Algorithm() Algorithm {
	if s == nil || s.key == nil {
		return ""
	}
	return Algorithm(s.key.Algorithm())
}

// Sign marshals claims with the Encoder, checks the result with the same
// strict pass the parser uses (a JSON object, no duplicates, registered
// claims of the right types), and returns the signed compact token.
func (s *Signer) Sign(claims any) (string, error) {
	if s == nil || s.key == nil {
		return "", fmt.Errorf("%w: nil or zero Signer; use NewSigner", ErrInvalidKey)
	}
	var scratch *[]byte // an AppendEncoder's: a Marshal result is already its own
	if _, ok := s.enc.(AppendEncoder); ok {
		scratch = getBuffer()
		defer putBuffer(scratch)
	}
	payload, err := encodeChecked(s.enc, scratch, claims)
	if err != nil {
		return "", err
	}
	sigSize := s.key.Size()
	n := len(s.prefix) + b64url.EncodedLen(len(payload)) + 1 + b64url.EncodedLen(sigSize)
	if n > s.maxSize {
		return "", fmt.Errorf("%w: the token would be %d bytes, over the cap of %d (WithMaxTokenSize)", ErrTokenTooLarge, n, s.maxSize)
	}
	// The raw signature is written past the token's end, then encoded into
	// place: one buffer for the whole token.
	buf := make([]byte, 0, n+sigSize)
	buf = append(buf, s.prefix...)
	buf = b64url.AppendEncode(buf, payload)
	sig, err := s.key.AppendSign(buf[n:n], buf)
	if err != nil {
		return "", err
	}
	buf = append(buf, '.')
	buf = b64url.AppendEncode(buf, sig)
	return bytesview.String(buf), nil
}

// encodeChecked encodes v with enc, into *buf when buf is not nil (an
// AppendEncoder's reused buffer) or else into what Marshal returns, read
// only during Sign and never copied, and applies the sign side of the
// strict pass: what an Encoder returns is never signed unchecked (a custom
// MarshalJSON can emit `1,"exp":…`), so a token this Signer makes is one
// the parser's rules accept.
func encodeChecked(enc Encoder, buf *[]byte, v any) ([]byte, error) {
	var payload []byte
	var err error
	if buf != nil {
		payload, err = encodeClaims(enc, (*buf)[:0], v)
		*buf = payload
	} else {
		payload, err = enc.Marshal(v)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrEncoding, err)
	}
	var ex claimrules.Extracted
	if err := strictjson.Object(payload, ex.Member); err != nil {
		return nil, invalidEncoderOutput(err)
	}
	return payload, nil
}

func invalidEncoderOutput(err error) error {
	return fmt.Errorf("%w: %w: encoder output: %w", ErrTokenMalformed, ErrEncoding, err)
}
