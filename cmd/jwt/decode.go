package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jotlib/jwt/internal/claimrules"
	"github.com/jotlib/jwt/internal/strictjson"
)

const decodeHelp = `Usage: jwt decode [token|-]

Prints a token's header and claims WITHOUT verifying its signature, as
indented JSON on stdout, with "iat", "nbf" and "exp" also shown in RFC 3339
and relative to now ("expires in 54m"). A warning on stderr says that
nothing was verified; notes on stderr say what "jwt verify" would refuse
(duplicate names, a registered claim of the wrong type, "alg": "none").
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
	for _, n := range append(notes, strictNotes(seg)...) {
		fmt.Fprintln(c.stderr, "jwt decode: note: "+n)
	}
	_, err = c.stdout.Write(out)
	return err
}

// strictNotes lists what the library's strict pass, or its algorithm rule,
// would refuse in this token.
func strictNotes(seg *segments) []string {
	var notes []string
	if err := strictjson.Object(seg.header, nil); err != nil {
		notes = append(notes, "jwt verify would refuse the header: "+oneLine(err))
	} else {
		var h struct {
			Alg any `json:"alg"`
		}
		if json.Unmarshal(seg.header, &h) == nil {
			if s, ok := h.Alg.(string); ok && strings.EqualFold(s, "none") {
				notes = append(notes, `"alg": "none" means unsigned; jwt verify never accepts it`)
			}
		}
	}
	var ex claimrules.Extracted
	if err := strictjson.Object(seg.payload, ex.Member); err != nil {
		notes = append(notes, "jwt verify would refuse the claims: "+oneLine(err))
	}
	return notes
}
