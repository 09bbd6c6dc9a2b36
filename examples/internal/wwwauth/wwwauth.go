// Package wwwauth parses a WWW-Authenticate field value holding one
// challenge (RFC 9110 section 11.6.1), for the examples' tests, which
// read the challenges of RFC 6750 section 3 and RFC 9728 section 5.1 as a
// client would, independently of the jwthttp package that writes them.
package wwwauth

import (
	"errors"
	"strings"
)

// Parse parses `scheme 1*SP auth-param *( OWS "," OWS auth-param )`, each
// auth-param `token BWS "=" BWS ( token / quoted-string )` (RFC 9110
// sections 11.2 and 5.6.4), into the scheme and the parameters, their
// names lowercased (they are case-insensitive). A parameter given twice,
// or anything off the grammar, is an error.
func Parse(v string) (scheme string, params map[string]string, err error) {
	scheme, rest, _ := strings.Cut(v, " ")
	if !isToken(scheme) {
		return "", nil, errors.New("wwwauth: bad scheme")
	}
	params = map[string]string{}
	rest = strings.TrimLeft(rest, " ")
	for rest != "" {
		eq := strings.IndexByte(rest, '=')
		if eq < 0 {
			return "", nil, errors.New("wwwauth: auth-param without '='")
		}
		name := strings.ToLower(strings.TrimRight(rest[:eq], " \t"))
		if !isToken(name) {
			return "", nil, errors.New("wwwauth: bad auth-param name")
		}
		if _, dup := params[name]; dup {
			return "", nil, errors.New("wwwauth: auth-param " + name + " repeated")
		}
		rest = strings.TrimLeft(rest[eq+1:], " \t")
		var value string
		if strings.HasPrefix(rest, `"`) {
			var b strings.Builder
			i := 1
			for ; i < len(rest) && rest[i] != '"'; i++ {
				c := rest[i]
				if c == '\\' {
					if i++; i == len(rest) {
						break
					}
					c = rest[i]
				}
				if c < 0x20 && c != '\t' || c == 0x7f {
					return "", nil, errors.New("wwwauth: control character in a quoted-string")
				}
				b.WriteByte(c)
			}
			if i >= len(rest) {
				return "", nil, errors.New("wwwauth: unterminated quoted-string")
			}
			value, rest = b.String(), rest[i+1:]
		} else {
			end := strings.IndexAny(rest, " \t,")
			if end < 0 {
				end = len(rest)
			}
			value, rest = rest[:end], rest[end:]
			if !isToken(value) {
				return "", nil, errors.New("wwwauth: bad token value")
			}
		}
		params[name] = value
		rest = strings.TrimLeft(rest, " \t")
		if rest == "" {
			break
		}
		if rest[0] != ',' {
			return "", nil, errors.New("wwwauth: auth-params not separated by ','")
		}
		rest = strings.TrimLeft(rest[1:], " \t")
		if rest == "" {
			return "", nil, errors.New("wwwauth: trailing ','")
		}
	}
	return scheme, params, nil
}

// isToken reports whether s is an RFC 9110 section 5.6.2 token.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return true
}
