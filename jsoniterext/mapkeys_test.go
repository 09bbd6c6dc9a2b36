package jsoniterext_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jsoniterext"
)

// intKeyClaims has a map whose keys are integers: member names "1", "+1"
// and "01" alias one key for encoding/json, and " 1" and "1 " too for
// jsoniter.
type intKeyClaims struct {
	M map[int]string `json:"m"`
}

// TestIntegerMapKeysRefusedWithEveryEncoder: a claims type with a map of
// non-string keys is refused with ErrEncoding before any decoding (RFC 7519
// section 4: claim names are unique, which the core can only check for
// names kept as they are), so the verdict is the same with jsoniterext as
// with the default encoder, through jwt.ParseWithClaims,
// Verifier.ParseWithClaims and jwt.ParseAs; the same tokens decode alike
// into a type with string keys.
func TestIntegerMapKeysRefusedWithEveryEncoder(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	encoders := map[string][]jwt.Option{
		"default":     nil,
		"jsoniterext": {jwt.WithEncoder(jsoniterext.New())},
	}
	for _, payload := range []string{`{"m":{"1":"a","01":"b"}}`, `{"m":{" 1":"a"}}`} {
		tok, err := jwt.Sign(jwt.HS256, json.RawMessage(payload), key)
		require.NoError(t, err, payload)
		verdicts := map[string][]string{}
		decoded := map[string]map[string]string{}
		for name, opts := range encoders {
			var c intKeyClaims
			_, err := jwt.ParseWithClaims(tok, &c, key, opts...)
			require.ErrorIs(t, err, jwt.ErrEncoding, "%s jwt.ParseWithClaims %s", name, payload)
			assert.Nil(t, c.M, "%s: claims touched", name)
			verdicts[name] = append(verdicts[name], err.Error())

			v, err := jwt.NewVerifier(key, opts...)
			require.NoError(t, err)
			_, err = v.ParseWithClaims(tok, &c)
			require.ErrorIs(t, err, jwt.ErrEncoding, "%s Verifier.ParseWithClaims %s", name, payload)
			verdicts[name] = append(verdicts[name], err.Error())

			got, tk, err := jwt.ParseAs[intKeyClaims](tok, key, opts...)
			require.ErrorIs(t, err, jwt.ErrEncoding, "%s jwt.ParseAs %s", name, payload)
			assert.Nil(t, got)
			assert.Nil(t, tk)
			verdicts[name] = append(verdicts[name], err.Error())

			var s struct {
				M map[string]string `json:"m"`
			}
			_, err = v.ParseWithClaims(tok, &s)
			require.NoError(t, err, "%s: string keys %s", name, payload)
			decoded[name] = s.M
		}
		assert.Equal(t, verdicts["default"], verdicts["jsoniterext"], payload)
		assert.Equal(t, decoded["default"], decoded["jsoniterext"], payload)
	}
}
