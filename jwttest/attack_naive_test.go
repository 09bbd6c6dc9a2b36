//lint:file-ignore SA1019 the naive verifiers rebuild the unfixed checks by hand (CVE-2022-21449: ECDSA without the r, s range check) with the low-level curve API, on purpose

package jwttest_test

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jwttest"
)

// Deliberately naive verifiers: each makes one classic mistake, so that
// every attack of the catalogue is shown to defeat at least one of them.

var errNaive = errors.New("naive: refused")

// lenient decodes base64 the way careless code does: padding stripped,
// either alphabet, pad bits ignored.
func lenient(s string) ([]byte, error) {
	s = strings.TrimRight(s, "=")
	s = strings.NewReplacer("+", "-", "/", "_").Replace(s)
	return base64.RawURLEncoding.DecodeString(s)
}

// split takes the first three parts, ignoring any more (strings.Split).
func split(tok string) (h, p, sig string, err error) {
	parts := strings.Split(tok, ".")
	if len(parts) < 2 {
		return "", "", "", errNaive
	}
	if len(parts) == 2 {
		parts = append(parts, "")
	}
	return parts[0], parts[1], parts[2], nil
}

type naiveHeader struct {
	Alg string          `json:"alg"`
	Kid string          `json:"kid"`
	JWK json.RawMessage `json:"jwk"`
	JKU string          `json:"jku"`
	X5U string          `json:"x5u"`
	X5C []string        `json:"x5c"`
}

func header(h string) (naiveHeader, error) {
	var nh naiveHeader
	b, err := lenient(h)
	if err == nil {
		err = json.Unmarshal(b, &nh)
	}
	return nh, err
}

// verifyMLDSA checks an ML-DSA signature (RFC 9964 section 4); set by
// attack_mldsa_test.go in a build with Go 1.27 or later. handled is false
// for a key of another kind.
var verifyMLDSA func(pub crypto.PublicKey, input, sig []byte) (ok, handled bool)

// verifySig checks sig over input with pub for alg (ES* as R || S).
func verifySig(alg jwt.Algorithm, pub crypto.PublicKey, input, sig []byte) bool {
	if verifyMLDSA != nil {
		if ok, handled := verifyMLDSA(pub, input, sig); handled {
			return ok
		}
	}
	hf := crypto.SHA256
	switch alg {
	case jwt.RS384, jwt.PS384, jwt.ES384:
		hf = crypto.SHA384
	case jwt.RS512, jwt.PS512, jwt.ES512:
		hf = crypto.SHA512
	}
	switch k := pub.(type) {
	case ed25519.PublicKey:
		return ed25519.Verify(k, input, sig)
	case *rsa.PublicKey:
		d := hf.New()
		d.Write(input)
		if strings.HasPrefix(string(alg), "PS") {
			return rsa.VerifyPSS(k, hf, d.Sum(nil), sig, nil) == nil
		}
		return rsa.VerifyPKCS1v15(k, hf, d.Sum(nil), sig) == nil
	case *ecdsa.PublicKey:
		d := hf.New()
		d.Write(input)
		n := len(sig) / 2
		r, s := new(big.Int).SetBytes(sig[:n]), new(big.Int).SetBytes(sig[n:])
		return ecdsa.Verify(k, d.Sum(nil), r, s)
	}
	return false
}

// naiveAlgNone trusts the header's "alg": "none" in any case needs no signature.
func naiveAlgNone(tok string) error {
	h, _, _, err := split(tok)
	if err != nil {
		return err
	}
	nh, err := header(h)
	if err != nil || !strings.EqualFold(nh.Alg, "none") {
		return errNaive
	}
	return nil
}

// naiveHMAC trusts an HS* "alg" and HMACs with whatever secret lookup gives.
func naiveHMAC(lookup func(kid string) ([]byte, error)) func(string) error {
	return func(tok string) error {
		h, p, sig, err := split(tok)
		if err != nil {
			return err
		}
		nh, err := header(h)
		if err != nil || nh.Alg != "HS256" {
			return errNaive
		}
		secret, err := lookup(nh.Kid)
		if err != nil {
			return err
		}
		s, err := lenient(sig)
		if err != nil {
			return err
		}
		m := hmac.New(sha256.New, secret)
		m.Write([]byte(h + "." + p))
		if !hmac.Equal(m.Sum(nil), s) {
			return errNaive
		}
		return nil
	}
}

func staticSecret(b []byte) func(string) ([]byte, error) {
	return func(string) ([]byte, error) { return b, nil }
}

// kidFile reads the key from a file named by "kid" in dir.
func kidFile(dir string) func(string) ([]byte, error) {
	return func(kid string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, kid)) }
}

// kidSQL builds its key query by string concatenation; the fake database
// answers a UNION SELECT with its literal.
func kidSQL(kid string) ([]byte, error) {
	q := "SELECT secret FROM keys WHERE kid = '" + kid + "'"
	if m := regexp.MustCompile(`UNION SELECT '([^']*)'`).FindStringSubmatch(q); m != nil {
		return []byte(m[1]), nil
	}
	return nil, errNaive
}

// naiveSignatureOnly verifies the signature with any of the configured
// keys under the configured algorithm and checks nothing else: no "alg",
// no header member, no claim, no size, lenient base64, extra parts ignored.
func naiveSignatureOnly(alg jwt.Algorithm, pubs ...crypto.PublicKey) func(string) error {
	return func(tok string) error {
		h, p, sig, err := split(tok)
		if err != nil {
			return err
		}
		s, err := lenient(sig)
		if err != nil {
			return err
		}
		for _, pub := range pubs {
			if verifySig(alg, pub, []byte(h+"."+p), s) {
				return nil
			}
		}
		return errNaive
	}
}

// naiveDER passes the signature to an ASN.1 ECDSA verifier.
func naiveDER(alg jwt.Algorithm, pub *ecdsa.PublicKey) func(string) error {
	return func(tok string) error {
		h, p, sig, err := split(tok)
		if err != nil {
			return err
		}
		s, err := lenient(sig)
		if err != nil {
			return err
		}
		hf := crypto.SHA256
		if alg == jwt.ES384 {
			hf = crypto.SHA384
		} else if alg == jwt.ES512 {
			hf = crypto.SHA512
		}
		d := hf.New()
		d.Write([]byte(h + "." + p))
		if !ecdsa.VerifyASN1(pub, d.Sum(nil), s) {
			return errNaive
		}
		return nil
	}
}

// naiveNoRangeCheck is ECDSA verification without 0 < r, s < n (the Java
// bug of CVE-2022-21449): s⁻¹ of 0 taken as 0, for a key of any curve.
func naiveNoRangeCheck(tok string) error {
	h, p, sig, err := split(tok)
	if err != nil {
		return err
	}
	nh, err := header(h)
	if err != nil {
		return err
	}
	var curve elliptic.Curve
	hf := crypto.SHA256
	switch nh.Alg {
	case "ES256":
		curve = elliptic.P256()
	case "ES384":
		curve, hf = elliptic.P384(), crypto.SHA384
	case "ES512":
		curve, hf = elliptic.P521(), crypto.SHA512
	default:
		return errNaive
	}
	s, err := lenient(sig)
	if err != nil || len(s)%2 != 0 {
		return errNaive
	}
	k, err := ecdsa.GenerateKey(curve, nil)
	if err != nil {
		return err
	}
	n := curve.Params().N
	r, sv := new(big.Int).SetBytes(s[:len(s)/2]), new(big.Int).SetBytes(s[len(s)/2:])
	w := new(big.Int).ModInverse(sv, n)
	if w == nil {
		w = new(big.Int)
	}
	d := hf.New()
	d.Write([]byte(h + "." + p))
	e := new(big.Int).SetBytes(d.Sum(nil))
	u1 := new(big.Int).Mod(new(big.Int).Mul(e, w), n)
	u2 := new(big.Int).Mod(new(big.Int).Mul(r, w), n)
	x1, y1 := curve.ScalarBaseMult(u1.Bytes())
	x2, y2 := curve.ScalarMult(k.X, k.Y, u2.Bytes())
	x, _ := curve.Add(x1, y1, x2, y2)
	if new(big.Int).Mod(x, n).Cmp(r) != 0 {
		return errNaive
	}
	return nil
}

// naiveHeaderKey takes the key the token names: "jwk", "x5c", or fetched
// from "jku" / "x5u" with client.
func naiveHeaderKey(client *http.Client) func(string) error {
	return func(tok string) error {
		h, p, sig, err := split(tok)
		if err != nil {
			return err
		}
		nh, err := header(h)
		if err != nil || nh.Alg != "ES256" {
			return errNaive
		}
		fetch := func(u string) ([]byte, error) {
			resp, err := client.Get(u)
			if err != nil {
				return nil, err
			}
			defer resp.Body.Close()
			return io.ReadAll(resp.Body)
		}
		var pub crypto.PublicKey
		switch {
		case nh.JWK != nil:
			pub, err = ecJWK(nh.JWK)
		case len(nh.X5C) > 0:
			der, _ := base64.StdEncoding.DecodeString(nh.X5C[0])
			pub, err = certKey(der)
		case nh.JKU != "":
			var set struct{ Keys []json.RawMessage }
			b, ferr := fetch(nh.JKU)
			if ferr != nil {
				return ferr
			}
			if err = json.Unmarshal(b, &set); err == nil && len(set.Keys) > 0 {
				pub, err = ecJWK(set.Keys[0])
			}
		case nh.X5U != "":
			b, ferr := fetch(nh.X5U)
			if ferr != nil {
				return ferr
			}
			blk, _ := pem.Decode(b)
			if blk == nil {
				return errNaive
			}
			pub, err = certKey(blk.Bytes)
		default:
			return errNaive
		}
		if err != nil || pub == nil {
			return errNaive
		}
		s, err := lenient(sig)
		if err != nil || !verifySig(jwt.ES256, pub, []byte(h+"."+p), s) {
			return errNaive
		}
		return nil
	}
}

func ecJWK(raw []byte) (crypto.PublicKey, error) {
	var k struct{ X, Y string }
	if err := json.Unmarshal(raw, &k); err != nil {
		return nil, err
	}
	x, err1 := lenient(k.X)
	y, err2 := lenient(k.Y)
	if err1 != nil || err2 != nil {
		return nil, errNaive
	}
	return &ecdsa.PublicKey{Curve: elliptic.P256(), X: new(big.Int).SetBytes(x), Y: new(big.Int).SetBytes(y)}, nil
}

func certKey(der []byte) (crypto.PublicKey, error) {
	c, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	return c.PublicKey, nil
}

// naiveClaims verifies the signature (naiveSignatureOnly) and checks
// "iss", "aud" and "exp", reading the JSON with decode.
func naiveClaims(sigOK func(string) error, iss, aud string, now time.Time, firstWins bool) func(string) error {
	return func(tok string) error {
		if err := sigOK(tok); err != nil {
			return err
		}
		_, p, _, _ := split(tok)
		b, err := lenient(p)
		if err != nil {
			return err
		}
		var c struct {
			Iss string          `json:"iss"`
			Aud json.RawMessage `json:"aud"`
			Exp int64           `json:"exp"`
		}
		if firstWins {
			err = decodeFirstWins(b, &c)
		} else {
			err = json.Unmarshal(b, &c) // case-insensitive names, last wins
		}
		if err != nil || c.Iss != iss || !bytes.Contains(c.Aud, []byte(`"`+aud+`"`)) || c.Exp < now.Unix() {
			return errNaive
		}
		return nil
	}
}

// decodeFirstWins keeps the first of duplicate members (a parser RFC 7519
// section 4 forbids), then decodes.
func decodeFirstWins(b []byte, v any) error {
	var ms []struct {
		k string
		v json.RawMessage
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil {
		return err
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return err
		}
		if k := t.(string); !seen[k] {
			seen[k] = true
			ms = append(ms, struct {
				k string
				v json.RawMessage
			}{k, raw})
		}
	}
	var out bytes.Buffer
	out.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			out.WriteByte(',')
		}
		k, _ := json.Marshal(m.k)
		out.Write(k)
		out.WriteByte(':')
		out.Write(m.v)
	}
	out.WriteByte('}')
	return json.Unmarshal(out.Bytes(), v)
}

// naiveFirstWinsAlg reads the header keeping the first "alg" and verifies
// the signature with the configured key if that "alg" is the configured one.
func naiveFirstWinsAlg(alg jwt.Algorithm, pub crypto.PublicKey) func(string) error {
	sigOK := naiveSignatureOnly(alg, pub)
	return func(tok string) error {
		h, _, _, err := split(tok)
		if err != nil {
			return err
		}
		b, err := lenient(h)
		if err != nil {
			return err
		}
		var nh naiveHeader
		if err := decodeFirstWins(b, &nh); err != nil || nh.Alg != string(alg) {
			return errNaive
		}
		return sigOK(tok)
	}
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// acceptedByTheNaiveTheyTarget checks each attack is accepted by the naive
// verifier of ns its name prefix (extra first, then defeats) names.
func acceptedByTheNaiveTheyTarget(t *testing.T, attacks []jwttest.Attack, ns map[string]func(string) error, extra ...struct{ prefix, naive string }) {
	t.Helper()
	if len(attacks) == 0 {
		t.Fatal("no attacks")
	}
	for _, a := range attacks {
		label := ""
		for _, d := range append(extra, defeats...) {
			if strings.HasPrefix(a.Name, d.prefix) {
				label = d.naive
				break
			}
		}
		n, ok := ns[label]
		if !ok {
			t.Errorf("attack %q: no naive verifier %q", a.Name, label)
			continue
		}
		if err := n(a.Token); err != nil {
			t.Errorf("attack %s (%s) refused by the naive verifier it targets (%s): %v", a.Name, a.Rule, label, err)
		}
	}
}
