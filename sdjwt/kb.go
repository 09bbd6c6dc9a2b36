package sdjwt

import (
	"fmt"
	"time"

	"github.com/jotlib/jwt"
)

// KeyBindingType is the "typ" of a Key Binding JWT (RFC 9901 section 4.3).
const KeyBindingType = "kb+jwt"

// KeyBinding is what a holder needs to make a Key Binding JWT (RFC 9901
// section 4.3) for one presentation.
type KeyBinding struct {
	// Signer signs with the holder's private key, the one whose public key
	// is the issuer JWT's "cnf" (section 4.1.2); make it with
	// jwt.WithType(KeyBindingType), or Present refuses it.
	Signer *jwt.Signer
	// Audience is "aud", the verifier (REQUIRED, a single string).
	Audience string
	// Nonce is "nonce", the verifier's transaction nonce (REQUIRED).
	Nonce string
	// IssuedAt is "iat" (REQUIRED); time.Now() when zero.
	IssuedAt time.Time
}

// kbClaims are the KB-JWT's claims as written (RFC 9901 section 4.3).
type kbClaims struct {
	IssuedAt int64  `json:"iat"`
	Audience string `json:"aud"`
	Nonce    string `json:"nonce"`
	SDHash   string `json:"sd_hash"`
}

// sign makes the KB-JWT over sdJWT, `<Issuer-signed JWT>~<D1>~...~<Dn>~`,
// with sd_hash by alg (RFC 9901 section 4.3.1).
func (kb *KeyBinding) sign(sdJWT string, alg HashAlg) (string, error) {
	switch {
	case kb.Signer == nil:
		return "", fmt.Errorf("%w: sdjwt: KeyBinding.Signer is nil", jwt.ErrInvalidOption)
	case kb.Audience == "":
		return "", fmt.Errorf("%w: sdjwt: KeyBinding.Audience is empty (\"aud\" is REQUIRED, RFC 9901 section 4.3)", jwt.ErrInvalidOption)
	case kb.Nonce == "":
		return "", fmt.Errorf("%w: sdjwt: KeyBinding.Nonce is empty (\"nonce\" is REQUIRED, RFC 9901 section 4.3)", jwt.ErrInvalidOption)
	}
	iat := kb.IssuedAt
	if iat.IsZero() {
		iat = time.Now()
	}
	tok, err := kb.Signer.Sign(kbClaims{IssuedAt: iat.Unix(), Audience: kb.Audience, Nonce: kb.Nonce, SDHash: alg.Digest(sdJWT)})
	if err != nil {
		return "", err
	}
	u, err := jwt.ReadUnverified(tok)
	if err != nil {
		return "", err
	}
	if u.Header.Type != KeyBindingType {
		return "", fmt.Errorf("%w: sdjwt: the KeyBinding.Signer writes \"typ\" %q; make it with jwt.WithType(sdjwt.KeyBindingType) (RFC 9901 section 4.3)", jwt.ErrInvalidOption, u.Header.Type)
	}
	return tok, nil
}
