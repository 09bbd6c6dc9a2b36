package dpop

import (
	"net/http"
	"strings"
)

// challenge is one challenge of a WWW-Authenticate field (RFC 9110 section
// 11.6.1): its scheme and its auth-params, names lower-cased (section
// 11.2: case-insensitive).
type challenge struct {
	scheme string
	params map[string]string
}

// askedForNonce reports whether a 401 response's WWW-Authenticate fields
// hold a DPoP challenge (RFC 9449 section 7.1) with error="use_dpop_nonce"
// (section 9): every field, each with any number of challenges.
func askedForNonce(h http.Header) bool {
	for _, field := range h.Values("Www-Authenticate") {
		for _, c := range parseChallenges(field) {
			if strings.EqualFold(c.scheme, "DPoP") && c.params["error"] == "use_dpop_nonce" {
				return true
			}
		}
	}
	return false
}

// parseChallenges reads the challenges of one WWW-Authenticate field value
// (RFC 9110 section 11.6.1):
//
//	WWW-Authenticate = #challenge
//	challenge  = auth-scheme [ 1*SP ( token68 / #auth-param ) ]
//	auth-param = token BWS "=" BWS ( token / quoted-string )
//
// The list is comma-separated and so are a challenge's auth-params: a
// token after a comma starts a new challenge unless "=" follows it (and is
// not a token68's padding). It returns the challenges read before any
// syntax error; a challenge that names a parameter twice (section 11.2:
// "MUST only occur once per challenge") is dropped.
func parseChallenges(s string) []challenge {
	p := &challengeParser{s: s}
	var out []challenge
	for {
		p.skipListSeparators()
		if p.done() {
			return out
		}
		scheme := p.token()
		if scheme == "" {
			return out
		}
		c, ok := p.challengeRest(scheme)
		if c.scheme != "" {
			out = append(out, c)
		}
		if !ok {
			return out
		}
	}
}

// challengeParser walks one field value.
type challengeParser struct {
	s string
	i int
}

func (p *challengeParser) done() bool { return p.i >= len(p.s) }

func (p *challengeParser) peek() byte {
	if p.done() {
		return 0
	}
	return p.s[p.i]
}

// skipOWS skips optional white space (RFC 9110 section 5.6.3).
func (p *challengeParser) skipOWS() {
	for !p.done() && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// skipListSeparators skips white space and empty list elements (RFC 9110
// section 5.6.1: a recipient accepts empty elements).
func (p *challengeParser) skipListSeparators() {
	for !p.done() && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == ',') {
		p.i++
	}
}

// token reads 1*tchar, "" when there is none.
func (p *challengeParser) token() string {
	start := p.i
	for !p.done() && isTchar(p.s[p.i]) {
		p.i++
	}
	return p.s[start:p.i]
}

// challengeRest reads what follows a challenge's scheme: nothing, a
// token68, or auth-params. ok is false at a syntax error (the challenge
// then has no scheme unless its parameters were complete).
func (p *challengeParser) challengeRest(scheme string) (c challenge, ok bool) {
	c = challenge{scheme: scheme, params: map[string]string{}}
	if p.done() || p.peek() == ',' {
		return c, true
	}
	if p.peek() != ' ' && p.peek() != '\t' {
		return challenge{}, false
	}
	p.skipOWS()
	if p.done() || p.peek() == ',' {
		return c, true
	}
	// A token68 (RFC 9110 section 11.2) is a run of its characters with
	// optional "=" padding, alone up to the next comma or the end.
	if p.token68() {
		return c, true
	}
	for {
		name := strings.ToLower(p.token())
		if name == "" {
			return challenge{}, false
		}
		p.skipOWS()
		if p.peek() != '=' {
			return challenge{}, false
		}
		p.i++
		p.skipOWS()
		value, ok := p.paramValue()
		if !ok {
			return challenge{}, false
		}
		if _, dup := c.params[name]; dup {
			c.scheme = "" // dropped, but the field goes on
		}
		c.params[name] = value
		p.skipOWS()
		if p.done() {
			return c, true
		}
		if p.peek() != ',' {
			return challenge{}, false
		}
		// After a comma: another auth-param of this challenge (a token, then
		// "="), or the next challenge (a token, then white space, a comma or
		// the end).
		save := p.i
		p.skipListSeparators()
		if p.done() {
			return c, true
		}
		next := p.i
		if p.token() == "" {
			return c, false
		}
		p.skipOWS()
		isParam := p.peek() == '='
		if isParam {
			p.i = next
			continue
		}
		p.i = save
		return c, true
	}
}

// token68 consumes a token68 when one stands alone at the position (up to
// a comma or the end of the field), and reports whether it did.
func (p *challengeParser) token68() bool {
	j := p.i
	for j < len(p.s) && isToken68Char(p.s[j]) {
		j++
	}
	if j == p.i {
		return false
	}
	for j < len(p.s) && p.s[j] == '=' {
		j++
	}
	k := j
	for k < len(p.s) && (p.s[k] == ' ' || p.s[k] == '\t') {
		k++
	}
	if k < len(p.s) && p.s[k] != ',' {
		return false // an auth-param: name "=" value
	}
	p.i = j
	return true
}

// paramValue reads an auth-param's value: a token or a quoted-string (RFC
// 9110 section 5.6.4), unescaped.
func (p *challengeParser) paramValue() (string, bool) {
	if p.peek() != '"' {
		v := p.token()
		return v, v != ""
	}
	p.i++
	var b strings.Builder
	for !p.done() {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), true
		case c == '\\':
			if p.i+1 >= len(p.s) || !isQuotedPairChar(p.s[p.i+1]) {
				return "", false
			}
			b.WriteByte(p.s[p.i+1])
			p.i += 2
		case isQdtext(c):
			b.WriteByte(c)
			p.i++
		default:
			return "", false
		}
	}
	return "", false // unterminated
}

// isQdtext: HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text (RFC 9110
// section 5.6.4).
func isQdtext(c byte) bool {
	return c == '\t' || c == ' ' || c == 0x21 || (c >= 0x23 && c <= 0x5b) || (c >= 0x5d && c <= 0x7e) || c >= 0x80
}

// isQuotedPairChar: HTAB / SP / VCHAR / obs-text (RFC 9110 section 5.6.4).
func isQuotedPairChar(c byte) bool { return c == '\t' || (c >= 0x20 && c != 0x7f) }
