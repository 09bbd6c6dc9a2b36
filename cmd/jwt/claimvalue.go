package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/internal/strictjson"
)

// parseClaimFlag splits a -claim "name=value" and reads the value: a JSON
// literal when it is valid JSON (numbers, true, null, arrays, objects,
// "quoted strings"), otherwise the text itself as a string. The registered
// claims keep their RFC 7519 types: "iss", "sub" and "jti" are always
// strings, "aud" a string or an array of strings, and "exp", "nbf" and
// "iat" NumericDates, given as seconds or as an RFC 3339 time.
func parseClaimFlag(arg string) (string, any, error) {
	name, v, ok := strings.Cut(arg, "=")
	if !ok || name == "" {
		return "", nil, usageError("-claim %q: want name=value", arg)
	}
	lit, isJSON := jsonLiteral(v)
	switch name {
	case claims.NameIssuer, claims.NameSubject, claims.NameID:
		if s, ok := lit.(string); isJSON && ok {
			return name, s, nil
		}
		return name, v, nil
	case claims.NameAudience:
		if isJSON && isAudience(lit) {
			return name, lit, nil
		}
		return name, v, nil
	case claims.NameExpiresAt, claims.NameNotBefore, claims.NameIssuedAt:
		if n, ok := lit.(json.Number); isJSON && ok {
			if _, err := claims.ParseNumericDate([]byte(n)); err == nil {
				return name, n, nil
			}
		}
		if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
			return name, json.Number(claims.AppendNumericDate(nil, t)), nil
		}
		return "", nil, usageError("-claim %s=%s: want seconds since 1970 (a NumericDate) or an RFC 3339 time such as %s", name, v, time.Unix(1767225600, 0).UTC().Format(time.RFC3339))
	}
	if isJSON {
		return name, lit, nil
	}
	return name, v, nil
}

// jsonLiteral decodes v when it is exactly one strict JSON value (no
// duplicate names, valid UTF-8), keeping numbers exact.
func jsonLiteral(v string) (any, bool) {
	if strictjson.Valid([]byte(v)) != nil {
		return nil, false
	}
	dec := json.NewDecoder(strings.NewReader(v))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		return nil, false
	}
	return x, true
}

func isAudience(v any) bool {
	switch a := v.(type) {
	case string:
		return true
	case []any:
		for _, e := range a {
			if _, ok := e.(string); !ok {
				return false
			}
		}
		return true
	}
	return false
}

// numericDate is t as a NumericDate JSON number of whole seconds.
func numericDate(t time.Time) json.Number {
	return json.Number(strconv.FormatInt(t.Unix(), 10))
}
