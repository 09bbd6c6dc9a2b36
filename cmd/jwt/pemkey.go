package main

import (
	"bytes"
	"crypto"
	"strings"

	"github.com/jotlib/jwt/pemkey"
)

// isPEM reports whether data looks like PEM text.
func isPEM(data []byte) bool { return bytes.Contains(data, []byte("-----BEGIN ")) }

// parsePEMKey reads the first key in PEM data with the library's pemkey
// package: a private key to sign or verify with, or a public key to
// verify with. Its refusals (an encrypted or OpenSSH key, an unknown
// block, a key no JWS algorithm uses) are key errors naming the file.
func parsePEMKey(data []byte, name string) (*loadedKey, error) {
	k, err := pemkey.ParseKey(data)
	if err != nil {
		return nil, keyError("%s: %s", name, strings.TrimPrefix(err.Error(), "pemkey: "))
	}
	lk := &loadedKey{name: name, key: k, kind: kindPublic}
	if _, private := k.(crypto.Signer); private {
		lk.kind = kindPrivate
	}
	return lk, nil
}
