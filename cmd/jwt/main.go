// Command jwt signs, verifies, decodes JSON Web Tokens and makes keys for
// them, with the jotlib/jwt library's secure defaults.
//
//	jwt keygen -alg ES256 [-out es256]
//	jwt sign   -alg ES256 -key es256.pem [-kid k1] [-exp 1h] [-claim k=v ...] [claims.json|-]
//	jwt verify -key es256.pub.pem|jwks.json|https://… [-alg ES256] [-aud a] [-iss i] [token|-]
//	jwt verify -issuer https://issuer.example [-aud a] [token|-]
//	jwt decode [token|-]
//	jwt demo   [-alg ES256]
//
// Run "jwt help" for the details and the exit codes.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// cli is one invocation's environment; tests run it in-process.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	now            func() time.Time
	getenv         func(string) string
	// client fetches JWK Sets and discovery documents; nil is a private
	// client trusting the system's roots. Tests set one that trusts an
	// httptest TLS server.
	client *http.Client
}

// newCLI is the environment of a real run: the clock, the process's
// environment variables and the system's TLS roots.
func newCLI(stdin io.Reader, stdout, stderr io.Writer) *cli {
	return &cli{stdin: stdin, stdout: stdout, stderr: stderr, now: time.Now, getenv: os.Getenv}
}

// command is one subcommand: its name, one-line summary, help and body.
type command struct {
	name, summary, help string
	run                 func(c *cli, args []string) error
}

var commands = []command{
	{"sign", "make a signed token", signHelp, (*cli).sign},
	{"verify", "verify a token and print its header and claims", verifyHelp, (*cli).verify},
	{"decode", "print a token's header and claims WITHOUT verifying", decodeHelp, (*cli).decode},
	{"keygen", "make a key pair (PEM and JWK) or an HMAC secret", keygenHelp, (*cli).keygen},
	{"demo", "sign and verify a sample token with a fresh key (no files)", demoHelp, (*cli).demo},
}

// run is the whole program: it parses args, runs a subcommand and returns
// the exit code. A failure prints one line to stderr: the error as the
// command made it, file names and all (libraries' errors are tidied by
// oneLine where a command wraps them).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return newCLI(stdin, stdout, stderr).main(args)
}

// main runs one command line in c's environment and returns the exit code.
func (c *cli) main(args []string) int {
	stdout, stderr := c.stdout, c.stderr
	if len(args) == 0 {
		fmt.Fprint(stderr, topUsage())
		return exitUsage
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) > 0 {
			if cmd := lookup(rest[0]); cmd != nil {
				fmt.Fprint(stdout, cmd.help+"\n"+exitCodesHelp)
				return exitOK
			}
			fmt.Fprintf(stderr, "jwt: unknown command %q\n\n%s", rest[0], topUsage())
			return exitUsage
		}
		fmt.Fprint(stdout, topUsage())
		return exitOK
	}
	cmd := lookup(name)
	if cmd == nil {
		fmt.Fprintf(stderr, "jwt: unknown command %q\n\n%s", name, topUsage())
		return exitUsage
	}
	err := cmd.run(c, rest)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, cmd.help+"\n"+exitCodesHelp)
		return exitOK
	}
	if err != nil {
		code := exitCode(err)
		fmt.Fprintf(stderr, "jwt %s: %s\n", cmd.name, singleLine(err.Error()))
		if code == exitUsage {
			fmt.Fprintf(stderr, "run \"jwt help %s\" for usage\n", cmd.name)
		}
		return code
	}
	return exitOK
}

func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

func topUsage() string {
	s := "Usage: jwt <command> [flags] [arguments]\n\nCommands:\n"
	for _, cmd := range commands {
		s += fmt.Sprintf("  %-7s %s\n", cmd.name, cmd.summary)
	}
	return s + "\nRun \"jwt help <command>\" for a command's flags.\n\n" + exitCodesHelp
}
