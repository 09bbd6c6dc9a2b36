package jwk

import (
	"crypto"
	"fmt"
)

// Thumbprint returns the key's JWK Thumbprint (RFC 7638) with hash h
// (typically crypto.SHA256): the hash of a JSON object holding only the
// required members of the key type, in lexicographic order, with no white
// space (section 3.2; RFC 8037 section 2 for "OKP"; RFC 9964 section 5 for
// "AKP": "alg", "kty" and "pub"). For a private key it is the thumbprint of
// its public half, except for "oct".
func (k *Key) Thumbprint(h crypto.Hash) ([]byte, error) {
	if !h.Available() {
		return nil, fmt.Errorf("jwk: thumbprint hash %v is not available", h)
	}
	input, err := k.thumbprintInput()
	if err != nil {
		return nil, err
	}
	d := h.New()
	d.Write(input)
	return d.Sum(nil), nil
}

// thumbprintInput is the JSON hashed by Thumbprint.
func (k *Key) thumbprintInput() ([]byte, error) {
	if k == nil || k.kty == "" {
		return nil, emptyKeyError(k)
	}
	w := jsonObject{buf: make([]byte, 0, 512)}
	byName := map[string]string{"kty": k.kty, "alg": k.meta.Algorithm}
	ms, err := k.members(false)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		byName[m.name] = m.value
	}
	var required []string
	switch k.kty {
	case KeyTypeRSA:
		required = []string{"e", "kty", "n"}
	case KeyTypeEC:
		required = []string{"crv", "kty", "x", "y"}
	case KeyTypeOKP:
		required = []string{"crv", "kty", "x"}
	case KeyTypeOct:
		required = []string{"k", "kty"}
	case KeyTypeAKP:
		// RFC 9964 section 5: the required parameters of an algorithm key
		// pair are "kty", "alg" and "pub", here in lexicographic order
		// (RFC 7638 section 3.3).
		required = []string{"alg", "kty", "pub"}
	}
	for _, name := range required {
		w.str(name, byName[name])
	}
	return w.close(), nil
}
