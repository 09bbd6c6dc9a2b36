package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/jwk"
)

const verifyHelp = `Usage: jwt verify (-key FILE|URL | -key-env NAME | -issuer URL) [flags] [token|-]

Verifies a token's signature and its "exp" and "nbf" (and "aud", "iss",
"sub", "typ" when asked), then prints its header and claims as indented JSON
on stdout and exits 0. On failure it prints one line on stderr and exits
with the code of the failure's class (below). The token is the argument, or
stdin when the argument is "-" or absent; a "Bearer " prefix is dropped.

Keys: a PEM public key (SPKI, PKCS#1, or a certificate's key) or private
key, a JWK or JWK Set file (the key is chosen by "kid"), an https:// URL
serving a JWK Set (an issuer's "jwks_uri"), or an HMAC secret in a file or
environment variable. -issuer discovers the JWK Set from the issuer's
metadata (OpenID Connect Discovery 1.0, or RFC 8414 when the issuer has no
openid-configuration) and requires "iss" to be the issuer. The key's type
fixes the algorithm family: an RS256 token never verifies with an HMAC
secret, and "none" is always refused; "oct" keys fetched from a URL never
verify. ML-DSA keys (SPKI, a certificate's, or "AKP" JWKs) and tokens need
a jwt built with Go 1.27 or later.

Flags:
  -key FILE|URL       the verification key, or a JWK Set URL
  -issuer URL         discover the issuer's JWK Set (jwks_uri); "iss" must
                      equal URL
  -well-known NAME    with -issuer, read only openid-configuration or
                      oauth-authorization-server (default: the first, then
                      the second when the first is absent)
  -key-env NAME       read the key from environment variable NAME
  -key-encoding ENC   the key is a secret in raw, base64url, base64 or hex
  -alg ALG[,ALG]      accept only these algorithms (repeatable)
  -aud AUD            require this audience in "aud" (repeatable: any one)
  -iss ISS            require "iss" to equal ISS
  -sub SUB            require "sub" to equal SUB
  -typ TYPE           require the "typ" header (e.g. at+jwt)
  -leeway DURATION    allow clock skew on "exp" and "nbf" (e.g. 30s)
  -require-exp        refuse tokens without "exp"
  -timeout DURATION   bound fetching a remote JWK Set and discovery
                      (default 10s)

Examples:
  jwt verify -key es256.pub.pem -aud api -iss https://auth.example.com "$TOKEN"
  jwt verify -issuer https://auth.example.com -aud api "$TOKEN"
`

// verify implements "jwt verify".
func (c *cli) verify(args []string) error {
	fs := newFlagSet("verify")
	var (
		keys          keyFlags
		algs, auds    listFlag
		iss, sub, typ string
		issuer, wk    string
		leeway        time.Duration
		timeout       = 10 * time.Second
		requireExp    bool
	)
	keys.register(fs)
	fs.Var(&algs, "alg", "allowed algorithms")
	fs.Var(&auds, "aud", "required audience")
	fs.StringVar(&iss, "iss", "", "required issuer")
	fs.StringVar(&issuer, "issuer", "", "discover the issuer's JWK Set")
	fs.StringVar(&wk, "well-known", "", "openid-configuration or oauth-authorization-server")
	fs.StringVar(&sub, "sub", "", "required subject")
	fs.StringVar(&typ, "typ", "", "required typ header")
	fs.DurationVar(&leeway, "leeway", 0, "clock skew allowance")
	fs.DurationVar(&timeout, "timeout", timeout, "remote JWK Set fetch timeout")
	fs.BoolVar(&requireExp, "require-exp", false, "refuse tokens without exp")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	set := visited(fs)
	if leeway < 0 {
		return usageError("-leeway %v: must not be negative", leeway)
	}
	if timeout <= 0 {
		return usageError("-timeout %v: must be positive", timeout)
	}
	var wellKnown []jwk.WellKnown
	switch {
	case set["issuer"] && set["key"]:
		return usageError("give -issuer or -key, not both: -issuer finds the JWK Set itself")
	case set["issuer"] && set["key-env"]:
		return usageError("give -issuer or -key-env, not both: -issuer finds the JWK Set itself")
	case set["issuer"] && set["key-encoding"]:
		return usageError("-key-encoding does not apply to -issuer: its keys are a JWK Set")
	case set["issuer"] && set["iss"] && iss != issuer:
		return usageError("-iss %q and -issuer %q differ: -issuer already requires \"iss\" to be the issuer", iss, issuer)
	case set["well-known"] && !set["issuer"]:
		return usageError("-well-known applies only with -issuer")
	case set["issuer"]:
		if wellKnown, err = parseWellKnown(wk); err != nil {
			return err
		}
	}
	opts := []jwt.Option{jwt.WithTimeFunc(c.now), jwt.WithLeeway(leeway)}
	var allowed []jwt.Algorithm
	for _, name := range algs {
		a, err := parseAlg(name)
		if err != nil {
			return err
		}
		allowed = append(allowed, a)
	}
	for _, a := range auds {
		opts = append(opts, jwt.WithAudience(a))
	}
	if set["iss"] || set["issuer"] {
		opts = append(opts, jwt.WithIssuer(cmp.Or(iss, issuer)))
	}
	if set["sub"] {
		opts = append(opts, jwt.WithSubject(sub))
	}
	if typ != "" {
		opts = append(opts, jwt.WithType(typ))
	}
	if requireExp {
		opts = append(opts, jwt.WithExpirationRequired())
	}
	tok, err := c.readToken(pos)
	if err != nil {
		return err
	}

	keys.timeout = timeout
	var lk *loadedKey
	if set["issuer"] {
		var p *jwk.Provider
		if lk, p, err = discoverIssuer(issuer, wellKnown, timeout, c.client); err != nil {
			return err
		}
		defer p.Close()
	} else if lk, err = keys.load(c, true); err != nil {
		return err
	}
	if !lk.allowsOp("verify") {
		return keyError("%s: the JWK's \"key_ops\" %q do not include \"verify\"", lk.name, lk.ops)
	}
	key := lk.key
	if lk.kind == kindPrivate {
		key = publicOf(key)
	}
	if lk.alg != "" { // a JWK's "alg" binds it (RFC 7517 section 4.4)
		if len(allowed) > 0 && !slices.Contains(allowed, lk.alg) {
			return withCode(exitAlgorithm, fmt.Errorf("%s: the JWK is for %s, which -alg does not allow", lk.name, lk.alg))
		}
		allowed = []jwt.Algorithm{lk.alg}
	}
	if len(allowed) > 0 {
		opts = append(opts, jwt.WithAlgorithms(allowed...))
	}
	v, err := jwt.NewVerifier(key, opts...)
	if err != nil {
		return withCode(exitCode(err), fmt.Errorf("%s: %w", lk.name, fromLibrary(err)))
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if _, err := v.ParseContext(ctx, tok); err != nil {
		if set["issuer"] {
			seg, _ := splitSegments(tok)
			if refused := issuerRefused(err, seg, issuer); refused != nil {
				return refused
			}
		}
		return explain(err, tok, lk, allowed, c.now())
	}
	seg, err := splitSegments(tok)
	if err != nil {
		return err
	}
	out, err := writeReport(seg, c.now())
	if err != nil {
		return err
	}
	_, err = c.stdout.Write(out)
	return err
}

// explain adds the facts behind a verification failure to its one line:
// the token's times or audience (read only after the signature verified,
// which the library checks before any claim), or the algorithm against the
// key (and the -alg list, which the library's message calls
// WithAlgorithms).
func explain(err error, tok string, lk *loadedKey, allowed []jwt.Algorithm, now time.Time) error {
	code := exitCode(err)
	var notes []string
	seg, segErr := splitSegments(tok)
	if code == exitMalformed && strings.Count(tok, ".") == 4 {
		notes = append(notes, "5 segments: this is an encrypted token (JWE), not a signed one")
	}
	if segErr == nil {
		switch code {
		case exitExpired, exitNotYetValid, exitClaims:
			notes = claimFacts(err, seg, now)
		case exitSignature:
			if lk.hint != "" {
				notes = append(notes, "hint: "+lk.hint)
			}
		case exitAlgorithm, exitKey:
			var h struct {
				Alg string `json:"alg"`
				Kid string `json:"kid"`
			}
			if json.Unmarshal(seg.header, &h) == nil {
				n := "token alg " + bounded.Quote(h.Alg)
				if h.Kid != "" {
					n += ", kid " + bounded.Quote(h.Kid)
				}
				if len(allowed) > 0 && !slices.Contains(allowed, jwt.Algorithm(h.Alg)) {
					n += "; -alg allows only " + algList(allowed)
				}
				n += "; key " + lk.name + " is " + describeKey(lk.key)
				switch {
				case lk.alg != "":
					n += fmt.Sprintf(` bound to %s by its "alg"`, lk.alg)
				case lk.kind != kindSet:
					n += ", which fits " + algList(fittingAlgs(lk.key))
				}
				notes = append(notes, n)
			}
		}
	}
	msg := oneLine(err)
	if len(notes) > 0 {
		msg += " (" + strings.Join(notes, "; ") + ")"
	}
	return withCode(code, errors.New(msg))
}

// claimFacts describes the claims behind claim-validation errors.
func claimFacts(err error, seg *segments, now time.Time) []string {
	var m map[string]json.RawMessage
	if json.Unmarshal(seg.payload, &m) != nil {
		return nil
	}
	var notes []string
	for _, t := range describeTimes(seg.payload, now, timeNote) {
		if (t[0] == "exp" && errors.Is(err, jwt.ErrTokenExpired)) || (t[0] == "nbf" && errors.Is(err, jwt.ErrTokenNotValidYet)) {
			notes = append(notes, t[1])
		}
	}
	for _, f := range []struct {
		err  error
		name string
	}{{jwt.ErrInvalidAudience, "aud"}, {jwt.ErrInvalidIssuer, "iss"}, {jwt.ErrInvalidSubject, "sub"}} {
		if errors.Is(err, f.err) {
			if raw, ok := m[f.name]; ok {
				notes = append(notes, "token "+f.name+" is "+string(compactJSON(raw)))
			} else {
				notes = append(notes, "token has no "+f.name)
			}
		}
	}
	return notes
}

func compactJSON(raw []byte) []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return raw
	}
	return b.Bytes()
}
