package jwthttp

import (
	"errors"
	"strings"
)

// This file is an RFC 9110 challenge parser written for the tests, independent of challenge.go:
//
//	challenge   = auth-scheme [ 1*SP ( token68 / [ auth-param *( OWS "," OWS auth-param ) ] ) ]
//	auth-param  = token BWS "=" BWS ( token / quoted-string )
//	quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE
//	qdtext      = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text
//	quoted-pair = "\" ( HTAB / SP / VCHAR / obs-text )
//
// (RFC 9110 sections 11.3, 11.2 and 5.6.4). It parses one challenge, token68 aside (a Bearer challenge
// carries auth-params), and fails on anything left over.

type authParam struct{ name, value string }

func isTchar(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

func parseToken(s string) (tok, rest string) {
	i := 0
	for i < len(s) && isTchar(s[i]) {
		i++
	}
	return s[:i], s[i:]
}

func skipOWS(s string) string { return strings.TrimLeft(s, " \t") }

func parseQuoted(s string) (value, rest string, err error) {
	if s == "" || s[0] != '"' {
		return "", s, errors.New("no DQUOTE")
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			return b.String(), s[i+1:], nil
		case c == '\\':
			if i+1 >= len(s) {
				return "", "", errors.New("lone backslash")
			}
			n := s[i+1]
			if !(n == '\t' || n == ' ' || n >= 0x21 && n != 0x7f) {
				return "", "", errors.New("bad quoted-pair")
			}
			b.WriteByte(n)
			i++
		case c == '\t' || c == ' ' || c == 0x21 || c >= 0x23 && c <= 0x5b || c >= 0x5d && c <= 0x7e || c >= 0x80:
			b.WriteByte(c)
		default:
			return "", "", errors.New("bad qdtext")
		}
	}
	return "", "", errors.New("unterminated quoted-string")
}

// parseChallenge parses one challenge into its scheme and auth-params, in order.
func parseChallenge(s string) (scheme string, params []authParam, err error) {
	scheme, s = parseToken(s)
	if scheme == "" {
		return "", nil, errors.New("no auth-scheme")
	}
	if s == "" {
		return scheme, nil, nil
	}
	if s[0] != ' ' {
		return "", nil, errors.New("no SP after the scheme")
	}
	s = strings.TrimLeft(s, " ")
	for {
		var name string
		name, s = parseToken(s)
		if name == "" {
			return "", nil, errors.New("no auth-param name")
		}
		s = skipOWS(s)
		if s == "" || s[0] != '=' {
			return "", nil, errors.New("no '='")
		}
		s = skipOWS(s[1:])
		var value string
		if s != "" && s[0] == '"' {
			if value, s, err = parseQuoted(s); err != nil {
				return "", nil, err
			}
		} else if value, s = parseToken(s); value == "" {
			return "", nil, errors.New("no auth-param value")
		}
		params = append(params, authParam{name, value})
		s = skipOWS(s)
		if s == "" {
			return scheme, params, nil
		}
		if s[0] != ',' {
			return "", nil, errors.New("junk after an auth-param")
		}
		s = skipOWS(s[1:])
	}
}
