package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"slices"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/strictjson"
)

const signHelp = `Usage: jwt sign -alg ALG (-key FILE | -key-env NAME) [flags] [claims.json|-]

Signs a claims set and prints the compact token on stdout. The claims come
from a JSON object file ("-" reads stdin), then each -claim, then -exp and
-nbf; "iat" is set to now unless present or -iat=false.

Keys: a PEM private key (PKCS#8, PKCS#1 or SEC 1 EC), a private JWK, or an
HMAC secret in a file or an environment variable. Secrets are never taken
from a flag's value. A text secret file loses one trailing line break;
-key-encoding base64url reads the secret files "jwt keygen" writes.
-alg may be omitted when the key fixes it (EC, Ed25519, ML-DSA, a JWK with
"alg"). ML-DSA keys (seed-only PKCS#8, or an "AKP" JWK) need a jwt built
with Go 1.27 or later.

-claim name=value: the value is JSON when it is valid JSON (42, true, null,
["a","b"], {"k":1}, "007"), otherwise a string. "iss", "sub" and "jti" are
always strings; "exp", "nbf" and "iat" take seconds or an RFC 3339 time;
-claim aud=a -claim aud=b makes "aud" the array ["a","b"]. Later values
replace earlier ones otherwise.

Flags:
  -alg ALG            HS256 HS384 HS512 RS256 RS384 RS512 PS256 PS384 PS512
                      ES256 ES384 ES512 EdDSA Ed25519, and with Go 1.27
                      ML-DSA-44 ML-DSA-65 ML-DSA-87
  -key FILE           the signing key
  -key-env NAME       read the key from environment variable NAME
  -key-encoding ENC   the key is a secret in raw, base64url, base64 or hex
  -kid ID             "kid" header (default: the JWK's "kid", if any)
  -typ TYPE           "typ" header (default JWT; -typ "" writes none)
  -exp DURATION       "exp" = now + DURATION (e.g. 1h, 15m; negative for an
                      already expired token)
  -nbf DURATION       "nbf" = now + DURATION
  -iat                set "iat" to now when absent (default true)
  -claim NAME=VALUE   add a claim (repeatable)

Example:
  jwt sign -alg ES256 -key es256.pem -kid k1 -exp 1h -claim sub=alice -claim admin=true
`

// sign implements "jwt sign".
func (c *cli) sign(args []string) error {
	fs := newFlagSet("sign")
	var (
		keys         keyFlags
		algName, kid string
		typ          string
		exp, nbf     time.Duration
		iat          = true
		claimArgs    multiFlag
	)
	keys.register(fs)
	fs.StringVar(&algName, "alg", "", "algorithm")
	fs.StringVar(&kid, "kid", "", "key ID header")
	fs.StringVar(&typ, "typ", "", "type header")
	fs.DurationVar(&exp, "exp", 0, "expires after")
	fs.DurationVar(&nbf, "nbf", 0, "not valid before now + this")
	fs.BoolVar(&iat, "iat", true, "set iat")
	fs.Var(&claimArgs, "claim", "name=value")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	set := visited(fs)
	if len(pos) > 1 {
		return usageError("want at most one claims file, got %d arguments", len(pos))
	}
	var alg jwt.Algorithm
	if algName != "" {
		if alg, err = parseAlg(algName); err != nil {
			return err
		}
	}

	cl := map[string]any{}
	if len(pos) == 1 {
		if cl, err = c.claimsFile(pos[0]); err != nil {
			return err
		}
	}
	fromFlag := map[string]bool{}
	for _, a := range claimArgs {
		name, v, err := parseClaimFlag(a)
		if err != nil {
			return err
		}
		if name == "aud" && fromFlag[name] {
			v = appendAudience(cl[name], v) // -claim aud=a -claim aud=b
		}
		cl[name], fromFlag[name] = v, true
	}
	now := c.now()
	if set["exp"] {
		cl["exp"] = numericDate(now.Add(exp))
	}
	if set["nbf"] {
		cl["nbf"] = numericDate(now.Add(nbf))
	}
	if _, ok := cl["iat"]; !ok && iat {
		cl["iat"] = numericDate(now)
	}

	lk, err := keys.load(c, false)
	if err != nil {
		return err
	}
	key, alg, err := signingKey(lk, alg)
	if err != nil {
		return err
	}
	var opts []jwt.Option
	if kid == "" {
		kid = lk.kid
	}
	if kid != "" {
		opts = append(opts, jwt.WithKeyID(kid))
	}
	if typ != "" || set["typ"] { // -typ "" writes no "typ" (RFC 7515 section 4.1.9: OPTIONAL)
		opts = append(opts, jwt.WithType(typ))
	}
	tok, err := jwt.Sign(alg, cl, key, opts...)
	if err != nil {
		if errors.Is(err, jwt.ErrTokenMalformed) || errors.Is(err, jwt.ErrEncoding) {
			return withCode(exitUsage, fmt.Errorf("claims: %w", fromLibrary(err)))
		}
		return fromLibrary(err)
	}
	if _, ok := cl["exp"]; !ok {
		fmt.Fprintln(c.stderr, `jwt sign: note: no "exp": this token never expires (add -exp 1h)`)
	}
	_, err = fmt.Fprintln(c.stdout, tok)
	return err
}

// claimsFile reads a claims JSON object, strictly (no duplicate names),
// keeping numbers exact.
func (c *cli) claimsFile(arg string) (map[string]any, error) {
	data, err := c.readClaimsInput(arg)
	if err != nil {
		return nil, err
	}
	if err := strictjson.Object(data, nil); err != nil {
		return nil, usageError("claims %s: %s", arg, oneLine(err))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, usageError("claims %s: %v", arg, err)
	}
	if m == nil {
		m = map[string]any{}
	}
	return m, nil
}

// signingKey checks that lk can sign with alg, or picks alg when the key
// allows only one, and explains any mismatch.
func signingKey(lk *loadedKey, alg jwt.Algorithm) (any, jwt.Algorithm, error) {
	switch lk.kind {
	case kindPublic:
		return nil, "", keyError("%s: this is a public key (%s); signing needs the private key", lk.name, describeKey(lk.key))
	case kindSet:
		return nil, "", keyError("%s: a JWK Set cannot sign; give a single private JWK", lk.name)
	}
	if !lk.allowsOp("sign") {
		return nil, "", keyError("%s: the JWK's \"key_ops\" %q do not include \"sign\"", lk.name, lk.ops)
	}
	fits := fittingAlgs(lk.key)
	if alg == "" {
		alg = lk.alg
	}
	if alg == "" {
		if len(fits) == 1 || (len(fits) == 2 && fits[0] == jwt.EdDSA) {
			return lk.key, fits[0], nil
		}
		if len(fits) == 0 {
			return nil, "", keyError("%s: %s is too short for any HS algorithm (HS256 needs 32 bytes)", lk.name, describeKey(lk.key))
		}
		return nil, "", usageError("-alg is required: %s (%s) fits %s", lk.name, describeKey(lk.key), algList(fits))
	}
	if lk.alg != "" && alg != lk.alg {
		return nil, "", keyError("%s: the JWK is for %s, not %s", lk.name, lk.alg, alg)
	}
	if !slices.Contains(fits, alg) {
		if secret, ok := lk.key.([]byte); ok && isHMAC(alg) {
			return nil, "", keyError("%s: %s needs a secret of at least %d bytes (RFC 7518 section 3.2); this one has %d", lk.name, alg, hmacMinSize(alg), len(secret))
		}
		hint := "it fits " + algList(fits)
		if len(fits) == 0 {
			hint = "it fits no algorithm"
		}
		return nil, "", keyError("%s: %s cannot sign %s; %s", lk.name, describeKey(lk.key), alg, hint)
	}
	return lk.key, alg, nil
}

// appendAudience joins two "aud" values (strings or arrays) into an array.
func appendAudience(prev, next any) []any {
	var out []any
	for _, v := range []any{prev, next} {
		if list, ok := v.([]any); ok {
			out = append(out, list...)
		} else {
			out = append(out, v)
		}
	}
	return out
}

func isHMAC(a jwt.Algorithm) bool { return a == jwt.HS256 || a == jwt.HS384 || a == jwt.HS512 }

// visited reports which flags were given on the command line.
func visited(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}
