package main

import (
	"flag"
	"io"
	"os"
	"strings"
	"time"
)

// maxKeySize caps a key file or variable: a JWK Set of a few hundred keys
// fits; a wrong file (a video, /dev/zero) is refused at once.
const maxKeySize = 1 << 20

// keyFlags are the key flags of sign and verify. Secrets are read from a
// file or an environment variable, never from a flag's value, which would
// land in shell history and the process list.
type keyFlags struct {
	path, env, encoding string
	timeout             time.Duration // bounds fetching a URL
}

func (k *keyFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&k.path, "key", "", "key `file`: PEM, JWK, JWK Set or a raw secret")
	fs.StringVar(&k.env, "key-env", "", "read the key (PEM, JWK or secret) from environment variable `NAME`")
	fs.StringVar(&k.encoding, "key-encoding", "", "treat the key as a secret encoded as raw, base64url, base64 or hex")
}

// load reads the key the flags name. URLs (a remote JWK Set) are allowed
// only when allowURL.
func (k *keyFlags) load(c *cli, allowURL bool) (*loadedKey, error) {
	switch {
	case k.path != "" && k.env != "":
		return nil, usageError("give -key or -key-env, not both")
	case k.path == "" && k.env == "" && allowURL:
		return nil, usageError("no key: give -key FILE|URL (a PEM, JWK or JWK Set file, or a JWK Set URL), -key-env NAME, or -issuer URL to discover the issuer's JWK Set")
	case k.path == "" && k.env == "":
		return nil, usageError("no key: give -key FILE or -key-env NAME")
	case k.env != "":
		v := c.getenv(k.env)
		if v == "" {
			return nil, keyError("environment variable %s is unset or empty", k.env)
		}
		return loadKey([]byte(v), "$"+k.env, k.encoding)
	}
	if isURL(k.path) {
		if !allowURL {
			return nil, usageError("-key %s: a URL (remote JWK Set) can only verify", k.path)
		}
		if k.encoding != "" {
			return nil, usageError("-key-encoding does not apply to a URL")
		}
		return loadRemoteSet(k.path, k.timeout, c.client)
	}
	data, err := readKeyFile(k.path)
	if err != nil {
		return nil, err
	}
	return loadKey(data, k.path, k.encoding)
}

func isURL(s string) bool {
	return strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")
}

func readKeyFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, keyError("%v", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxKeySize+1))
	if err != nil {
		return nil, keyError("%s: %v", path, err)
	}
	if len(data) > maxKeySize {
		return nil, keyError("%s: larger than %d bytes; not a key", path, maxKeySize)
	}
	if len(data) == 0 {
		return nil, keyError("%s: empty file", path)
	}
	return data, nil
}
