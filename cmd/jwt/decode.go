package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/bounded"
	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/strictjson"
)

const decodeHelp = `Usage: jwt decode [token|-]

Prints a token's header and claims WITHOUT verifying its signature, as
indented JSON on stdout, with "iat", "nbf" and "exp" also shown in RFC 3339
and relative to now ("expires in 54m"). A warning on stderr says that
nothing was verified; notes on stderr say what "jwt verify" would refuse
whatever the key (duplicate names, a registered claim of the wrong type,
"alg": "none" or an unknown "alg", a "crit" or "enc" header, "b64": false,
padded base64url) and which key headers it ignores ("jku", "jwk", "x5u",
"x5c").
The token is the argument, or stdin when the argument is "-" or absent; a
"Bearer " prefix and line breaks inside (a wrapped token) are dropped. Exit 0
whenever the token could be read.

Example:
  jwt decode eyJhbGciOi...
  pbpaste | jwt decode
`

// decodeWarning is printed on stderr by every successful decode.
const decodeWarning = "jwt decode: WARNING: signature NOT verified; anyone can forge these claims (use \"jwt verify\" to check them)"

// decode implements "jwt decode".
func (c *cli) decode(args []string) error {
	fs := newFlagSet("decode")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	tok, err := c.readToken(pos)
	if err != nil {
		return err
	}
	var notes []string
	if joined := strings.Join(strings.Fields(tok), ""); joined != tok {
		// A token wrapped over lines in a log or an e-mail.
		tok = joined
		notes = append(notes, "white space inside the token was removed; jwt verify refuses it")
	}
	seg, err := splitSegments(tok)
	if err != nil {
		return err
	}
	out, err := writeReport(seg, c.now())
	if err != nil {
		return err
	}
	fmt.Fprintln(c.stderr, decodeWarning)
	for _, n := range append(notes, strictNotes(tok, seg)...) {
		fmt.Fprintln(c.stderr, "jwt decode: note: "+n)
	}
	_, err = c.stdout.Write(out)
	return err
}

// strictNotes lists what the library's verifier refuses in this token
// whatever the key, by running its own parser (jwt.ReadUnverified) over the
// header alone, then over the claims alone, then over the token as given:
// one note per part, each naming the first rule it breaks. The header
// rules (RFC 7515 section 4.1) refuse "crit" (no extension is
// understood, section 4.1.11), "b64" other than true (RFC 7797), "enc" and
// "zip" (a JWE's, RFC 7516 section 4.1), a missing or non-string "alg" and
// look-alike names; an "alg" the library does not know, or "none", is
// refused before any key (RFC 8725 section 3.1). Header parameters that
// name keys are ignored, not refused (RFC 8725 section 3.10): a note says
// so.
func strictNotes(tok string, seg *segments) []string {
	var notes []string
	headerOK := true
	if _, err := jwt.ReadUnverified(b64(seg.header) + "." + b64([]byte("{}")) + "."); err != nil {
		headerOK = false
		notes = append(notes, "jwt verify would refuse the header: "+oneLine(err))
	} else if n := algNote(seg.header); n != "" {
		notes = append(notes, n)
	}
	var ex claimrules.Extracted
	claimsOK := true
	if err := strictjson.Object(seg.payload, ex.Member); err != nil {
		claimsOK = false
		notes = append(notes, "jwt verify would refuse the claims: "+oneLine(err))
	}
	if headerOK && claimsOK {
		if _, err := jwt.ReadUnverified(tok); err != nil { // the segments as given: padding, size
			notes = append(notes, "jwt verify would refuse this token: "+oneLine(err))
		}
	}
	if names := keyHeaders(seg.header); len(names) > 0 {
		notes = append(notes, fmt.Sprintf("jwt verify ignores %s: the key comes from -key or -issuer only, never from the token (RFC 8725 section 3.10)", strings.Join(names, ", ")))
	}
	return notes
}

// algNote is the note for an "alg" the verifier refuses before any key:
// "none", a name it does not know (names are case-sensitive), or one this
// build cannot verify.
func algNote(header []byte) string {
	var h struct {
		Alg string `json:"alg"`
	}
	if json.Unmarshal(header, &h) != nil {
		return ""
	}
	if strings.EqualFold(h.Alg, "none") {
		return `"alg": "none" means unsigned; jwt verify never accepts it`
	}
	a := jwt.Algorithm(h.Alg)
	switch {
	case !a.Known():
		return fmt.Sprintf("jwt verify would refuse the header: \"alg\" %s is not an algorithm it verifies (names are case-sensitive; it knows %s)", bounded.Quote(h.Alg), algList(allAlgs()))
	case !a.Available():
		return fmt.Sprintf("%s needs a jwt built with Go 1.27 or later (crypto/mldsa); this one was built with %s", a, runtime.Version())
	}
	return ""
}

// keyHeaders lists, quoted, the header parameters of the token that name
// a key (RFC 7515 sections 4.1.2 to 4.1.6).
func keyHeaders(header []byte) []string {
	var names []string
	_ = strictjson.Object(header, func(key strictjson.Key, _ []byte) error {
		for _, n := range []string{"jku", "jwk", "x5u", "x5c"} {
			if key.Is(n) {
				names = append(names, strconv.Quote(n))
			}
		}
		return nil
	})
	return names
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }
