package pemkey_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/pemkey"
)

// rfc9881Fixtures lists the files of testdata/rfc9881 (RFC 9881's example
// ML-DSA keys and certificates; see SOURCE.md there) and what ParseKey
// makes of each: with Go 1.27, the seed-only private keys, the public keys
// and the certificates' keys are read, and the other private key forms are
// refused with advice; with an older Go, each is refused saying that Go
// 1.27 is needed (and the two other forms also with their advice).
func rfc9881Fixtures() map[string]fixtureOutcome {
	out := map[string]fixtureOutcome{}
	for _, set := range []string{"44", "65", "87"} {
		name := "ML-DSA-" + set
		if jwt.MLDSA44.Available() {
			out[name+"-seed.priv"] = fixtureOutcome{key: "*mldsa.PrivateKey"}
			out[name+".pub"] = fixtureOutcome{key: "*mldsa.PublicKey"}
			out[name+".crt"] = fixtureOutcome{key: "*mldsa.PublicKey"}
		} else {
			for _, f := range []string{"-seed.priv", ".pub", ".crt"} {
				out[name+f] = fixtureOutcome{err: pemkey.ErrUnsupportedKey, msg: "an " + name + " key: ML-DSA needs Go 1.27 or later"}
			}
		}
		out[name+"-both.priv"] = fixtureOutcome{err: pemkey.ErrUnsupportedKey, msg: "ml-dsa.output_formats=seed-only"}
		out[name+"-expanded.priv"] = fixtureOutcome{err: pemkey.ErrUnsupportedKey, msg: "without the seed"}
	}
	return out
}

// TestRFC9881Fixtures: RFC 9881's example ML-DSA keys (PKCS#8 in its three
// private key forms, SPKI, certificates) are read, or refused with the
// reason, by the Go version's rules.
func TestRFC9881Fixtures(t *testing.T) {
	want := rfc9881Fixtures()
	files, err := filepath.Glob(filepath.Join("testdata", "rfc9881", "ML-DSA-*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(want) {
		t.Fatalf("%d files, %d expected", len(files), len(want))
	}
	for _, path := range files {
		name := filepath.Base(path)
		w, ok := want[name]
		if !ok {
			t.Errorf("%s: not expected", name)
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		key, err := pemkey.ParseKey(data)
		switch {
		case w.key != "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case w.key != "" && fmt.Sprintf("%T", key) != w.key:
			t.Errorf("%s: %T, want %s", name, key, w.key)
		case w.key == "" && (!errors.Is(err, w.err) || !errors.Is(err, jwt.ErrInvalidKey) || !strings.Contains(err.Error(), w.msg)):
			t.Errorf("%s: %v; want %v saying %q", name, err, w.err, w.msg)
		case w.key == "":
			t.Logf("%s: %v", name, err)
		}
		// The kind-specific functions agree.
		if w.key != "" {
			private := strings.HasSuffix(name, ".priv")
			if _, err := pemkey.ParsePublicKey(data); (err == nil) == private {
				t.Errorf("%s: ParsePublicKey: %v", name, err)
			}
			if _, err := pemkey.ParsePrivateKey(data); (err == nil) != private {
				t.Errorf("%s: ParsePrivateKey: %v", name, err)
			}
			if _, err := pemkey.ParseEd25519PublicKey(data); !errors.Is(err, pemkey.ErrWrongKeyType) {
				t.Errorf("%s: ParseEd25519PublicKey: %v", name, err)
			}
		}
	}
}
