package main

import (
	"errors"
	"slices"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/strictjson"
	"github.com/jotlib/jwt/jwk"
)

// parseJWKKey reads a JWK Set (a JSON object with "keys") or one JWK. A
// single JWK's "alg" binds it to that algorithm; its "use" must be "sig"
// when present.
func parseJWKKey(data []byte, name string) (*loadedKey, error) {
	if hasMember(data, "keys") {
		set, err := jwk.ParseSet(data)
		if err != nil {
			return nil, keyError("%s: %v", name, oneLine(err))
		}
		if set.Len() == 0 {
			msg := "the JWK Set has no usable key"
			if sk := set.Skipped(); len(sk) > 0 {
				msg += ": " + oneLine(errors.Join(sk...))
			}
			return nil, keyError("%s: %s", name, msg)
		}
		return &loadedKey{name: name, kind: kindSet, key: set}, nil
	}
	k, err := jwk.ParseKey(data)
	if err != nil {
		return nil, keyError("%s: %v", name, oneLine(err))
	}
	if u := k.Use(); u != "" && u != "sig" {
		return nil, keyError("%s: the JWK's \"use\" is %q; JWS needs \"sig\"", name, u)
	}
	lk := &loadedKey{name: name, key: k.Key(), kid: k.KeyID()}
	if a := k.Algorithm(); a != "" {
		alg := jwt.Algorithm(a)
		if !alg.Known() {
			return nil, keyError("%s: the JWK's \"alg\" %q is not a JWS signature algorithm", name, a)
		}
		lk.alg = alg
	}
	switch {
	case k.KeyType() == jwk.KeyTypeOct:
		lk.kind = kindSecret
	case k.IsPrivate():
		lk.kind = kindPrivate
	default:
		lk.kind = kindPublic
	}
	lk.ops = k.KeyOps()
	return lk, nil
}

// allowsOp reports whether a JWK's "key_ops" (absent: any) includes op.
func (lk *loadedKey) allowsOp(op string) bool {
	return lk.ops == nil || slices.Contains(lk.ops, op)
}

// hasMember reports whether data is a JSON object with a top-level member
// name.
func hasMember(data []byte, name string) bool {
	found := false
	_ = strictjson.Object(data, func(key strictjson.Key, _ []byte) error {
		found = found || key.Is(name)
		return nil
	})
	return found
}
