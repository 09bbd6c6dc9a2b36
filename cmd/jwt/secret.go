package main

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"unicode"
	"unicode/utf8"
)

// secretEncodings are the -key-encoding values.
const secretEncodings = "raw, base64url, base64 or hex"

// secretKey reads an HMAC secret. "raw" takes the bytes as they are, less
// one trailing line break when the secret is text (editors add one);
// "base64url" (what keygen writes), "base64" and "hex" decode the text,
// ignoring surrounding whitespace.
func secretKey(data []byte, name, encoding string) (*loadedKey, error) {
	var secret []byte
	var err error
	text := bytes.TrimSpace(data)
	switch encoding {
	case "raw":
		secret = trimLineBreak(data)
	case "base64url":
		secret, err = base64.RawURLEncoding.DecodeString(string(bytes.TrimRight(text, "=")))
	case "base64":
		secret, err = base64.StdEncoding.DecodeString(string(text))
	case "hex":
		secret, err = hex.DecodeString(string(text))
	default:
		return nil, usageError("-key-encoding %q: want %s", encoding, secretEncodings)
	}
	if err != nil {
		return nil, keyError("%s: not valid %s: %v", name, encoding, err)
	}
	if len(secret) == 0 {
		return nil, keyError("%s: the secret is empty", name)
	}
	lk := &loadedKey{name: name, kind: kindSecret, key: secret}
	if encoding == "raw" && looksEncoded(secret) {
		lk.hint = name + " looks like base64url text, which jwt keygen writes: if so, add -key-encoding base64url"
	}
	return lk, nil
}

// trimLineBreak drops one trailing "\n" or "\r\n" from printable text;
// binary secrets are kept whole.
func trimLineBreak(data []byte) []byte {
	var body []byte
	switch {
	case bytes.HasSuffix(data, []byte("\r\n")):
		body = data[:len(data)-2]
	case bytes.HasSuffix(data, []byte("\n")):
		body = data[:len(data)-1]
	default:
		return data
	}
	if !utf8.Valid(body) {
		return data
	}
	for _, r := range string(body) {
		if !unicode.IsPrint(r) && r != ' ' {
			return data
		}
	}
	return body
}

// looksEncoded reports whether a raw secret looks like base64 or base64url
// text of at least 32 bytes' worth.
func looksEncoded(secret []byte) bool {
	if len(secret) < 43 {
		return false
	}
	for _, c := range secret {
		switch {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '-', c == '_', c == '+', c == '/', c == '=':
		default:
			return false
		}
	}
	return true
}
