package vc

import (
	"crypto/sha256"
	"crypto/sha512"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"hash"
	"strings"

	"github.com/jotlib/jwt/internal/bounded"
)

// sriAlgorithms are the hash algorithms of W3C Subresource Integrity
// section 3.2 this package supports, weakest first, with their digest sizes.
var sriAlgorithms = []struct {
	name string
	size int
	new  func() hash.Hash
}{
	{"sha256", sha256.Size, sha256.New},
	{"sha384", sha512.Size384, sha512.New384},
	{"sha512", sha512.Size, sha512.New},
}

// hashExpr is one "hash-algo '-' base64-value ['?' options]" of integrity
// metadata.
type hashExpr struct {
	alg    string
	digest []byte
}

// ParseIntegrity checks integrity metadata, the value of "vct#integrity"
// (draft-ietf-oauth-sd-jwt-vc section 6: "an 'integrity metadata' string
// as defined in Section 3 of [W3C.SRI]"): hash expressions separated by
// white space, each an algorithm name (lower-case letters, digits, '-'), '-', and a standard,
// padded base64 value, optionally followed by '?' and options. An
// expression of a supported algorithm (sha256, sha384, sha512) must carry
// a digest of that algorithm's size; expressions of other algorithms are
// kept for VerifyIntegrity to skip. Anything else is ErrInvalidClaim.
//
// Stricter than SRI's parser, which skips malformed expressions: metadata
// with one is refused, for the issuer signed it.
func ParseIntegrity(meta string) error {
	_, err := parseIntegrity(meta)
	return err
}

func parseIntegrity(meta string) ([]hashExpr, error) {
	bad := func(why string) ([]hashExpr, error) {
		return nil, fmt.Errorf("%w: integrity metadata %s %s (draft-ietf-oauth-sd-jwt-vc section 6, W3C SRI section 3.5)", ErrInvalidClaim, bounded.Quote(meta), why)
	}
	fields := strings.FieldsFunc(meta, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' })
	if len(fields) == 0 {
		return bad("is empty")
	}
	out := make([]hashExpr, 0, len(fields))
	for _, f := range fields {
		f, _, _ = strings.Cut(f, "?")
		// base64 has no '-': the last one ends the algorithm's name.
		cut := strings.LastIndexByte(f, '-')
		if cut <= 0 || cut == len(f)-1 || strings.Trim(f[:cut], "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return bad("has an expression that is not algorithm-base64")
		}
		alg, value := f[:cut], f[cut+1:]
		digest, err := base64.StdEncoding.Strict().DecodeString(value)
		if err != nil {
			return bad("has a value that is not padded standard base64")
		}
		for _, a := range sriAlgorithms {
			if a.name == alg && len(digest) != a.size {
				return bad("has a " + alg + " digest of the wrong size")
			}
		}
		out = append(out, hashExpr{alg: alg, digest: digest})
	}
	return out, nil
}

// VerifyIntegrity checks doc, the octets of a retrieved document (e.g. the
// Type Metadata a "vct" names), against integrity metadata meta, as
// draft-ietf-oauth-sd-jwt-vc section 6 defines: the hash expressions of the
// strongest supported algorithm are used, and doc passes when its digest
// matches any of them. A mismatch, or metadata with no supported algorithm,
// is ErrIntegrity; malformed metadata ErrInvalidClaim. The comparison does
// not depend on CORS or on anything but the octets.
func VerifyIntegrity(meta string, doc []byte) error {
	exprs, err := parseIntegrity(meta)
	if err != nil {
		return err
	}
	for i := len(sriAlgorithms) - 1; i >= 0; i-- {
		a := sriAlgorithms[i]
		var sum []byte
		found := false
		for _, e := range exprs {
			if e.alg != a.name {
				continue
			}
			if sum == nil {
				h := a.new()
				h.Write(doc)
				sum = h.Sum(nil)
			}
			found = true
			if subtle.ConstantTimeCompare(sum, e.digest) == 1 {
				return nil
			}
		}
		if found {
			return fmt.Errorf("%w: the document's %s digest matches none of the integrity metadata's", ErrIntegrity, a.name)
		}
	}
	return fmt.Errorf("%w: integrity metadata %s uses no supported hash algorithm (sha256, sha384, sha512)", ErrIntegrity, bounded.Quote(meta))
}
