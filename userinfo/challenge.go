package userinfo

import "strings"

// challenge is one Bearer or DPoP challenge of a WWW-Authenticate field
// (RFC 6750 section 3; RFC 9449 section 7.1; RFC 9110 section 11.6.1).
type challenge struct {
	scheme string
	params map[string]string
}

// parseChallenge finds the first Bearer or DPoP challenge among the
// WWW-Authenticate field values and reads its auth-params (token or
// quoted-string values; RFC 9110 section 11.2). A malformed field yields
// what was read before the fault; ok is false when no such challenge is
// found.
func parseChallenge(values []string) (c challenge, ok bool) {
	for _, v := range values {
		s := v
		for s != "" {
			var scheme string
			scheme, s = token(strings.TrimLeft(s, " \t,"))
			if scheme == "" {
				break
			}
			params := map[string]string{}
			s = readParams(s, params)
			if strings.EqualFold(scheme, "Bearer") || strings.EqualFold(scheme, "DPoP") {
				return challenge{scheme: scheme, params: params}, true
			}
		}
	}
	return challenge{}, false
}

// readParams reads auth-params name=value separated by commas into params,
// stopping at the next challenge (a token not followed by '='), and
// returns the rest.
func readParams(s string, params map[string]string) string {
	for {
		rest := strings.TrimLeft(s, " \t,")
		name, after := token(rest)
		after = strings.TrimLeft(after, " \t")
		if name == "" || !strings.HasPrefix(after, "=") {
			return rest
		}
		after = strings.TrimLeft(after[1:], " \t")
		var value string
		if strings.HasPrefix(after, `"`) {
			value, after = quoted(after)
		} else {
			value, after = token(after)
		}
		name = strings.ToLower(name)
		if _, seen := params[name]; !seen { // the first of a repeated param
			params[name] = value
		}
		s = after
	}
}

// token splits a leading token (RFC 9110 section 5.6.2) off s.
func token(s string) (tok, rest string) {
	i := 0
	for i < len(s) && isTokenChar(s[i]) {
		i++
	}
	return s[:i], s[i:]
}

func isTokenChar(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~/", c) >= 0 // '/' for token68-ish values
}

// quoted reads a quoted-string (RFC 9110 section 5.6.4) at the start of s.
func quoted(s string) (value, rest string) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
		case '"':
			return b.String(), s[i+1:]
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), ""
}
