package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/jotlib/jwt"
)

// maxInput caps what is read from stdin or a claims file: the library's
// token size cap plus room for white space.
const maxInput = jwt.DefaultMaxTokenSize + 4096

// readToken returns the token given as the one argument, or read from stdin
// when the argument is "-" or absent. Surrounding white space and an
// "Authorization: Bearer" style prefix are dropped.
func (c *cli) readToken(pos []string) (string, error) {
	if len(pos) > 1 {
		return "", usageError("want one token, got %d arguments", len(pos))
	}
	tok := "-"
	if len(pos) == 1 {
		tok = pos[0]
	}
	if tok == "-" {
		data, err := readCapped(c.stdin, "stdin", exitMalformed)
		if err != nil {
			return "", err
		}
		tok = string(data)
	}
	tok = strings.TrimSpace(tok)
	tok = strings.TrimSpace(strings.TrimPrefix(tok, "Authorization:"))
	if len(tok) > 7 && strings.EqualFold(tok[:7], "bearer ") {
		tok = strings.TrimSpace(tok[7:])
	}
	if tok == "" {
		return "", usageError("no token: give it as the argument or on stdin")
	}
	return tok, nil
}

// readClaimsInput reads a claims file, or stdin for "-".
func (c *cli) readClaimsInput(arg string) ([]byte, error) {
	if arg == "-" {
		return readCapped(c.stdin, "stdin", exitUsage)
	}
	f, err := os.Open(arg)
	if err != nil {
		return nil, usageError("claims: %v", err)
	}
	defer f.Close()
	return readCapped(f, arg, exitUsage)
}

// readCapped reads r whole, refusing more than maxInput bytes with tooBig.
func readCapped(r io.Reader, name string, tooBig int) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if len(data) > maxInput {
		return nil, withCode(tooBig, fmt.Errorf("%s: more than %d bytes", name, maxInput))
	}
	return data, nil
}
