package sdjwt

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/b64url"
	"github.com/jotlib/jwt/internal/jsonstring"
	"github.com/jotlib/jwt/internal/strictjson"
)

// issueMaxDepth bounds the nesting of a payload description: the
// Verifier's DefaultMaxDepth, so that what is issued can be verified; it
// also stops a map that contains itself.
const issueMaxDepth = 32

// Issuer issues SD-JWTs (RFC 9901 section 4): an issuer-signed JWT whose
// selectively disclosable claims are replaced by digests, and their
// Disclosures. It is safe for concurrent use when its salt reader is.
type Issuer struct {
	signer *jwt.Signer
	cfg    issuerConfig
}

// NewIssuer returns an Issuer signing with signer (any algorithm of the
// core; ML-DSA with Go 1.27 or later). A nil or zero Signer is
// jwt.ErrInvalidKey; an option's error is returned as is.
func NewIssuer(signer *jwt.Signer, opts ...IssuerOption) (*Issuer, error) {
	if signer == nil || signer.Algorithm() == "" {
		return nil, fmt.Errorf("%w: sdjwt: nil or zero Signer; use jwt.NewSigner", jwt.ErrInvalidKey)
	}
	cfg := issuerConfig{alg: SHA256, notDisclosable: map[string]bool{}}
	for _, n := range defaultNotDisclosable {
		cfg.notDisclosable[n] = true
	}
	for _, o := range opts {
		if o == nil {
			return nil, fmt.Errorf("%w: sdjwt: a nil IssuerOption", jwt.ErrInvalidOption)
		}
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	return &Issuer{signer: signer, cfg: cfg}, nil
}

// Issue issues the payload described by obj (RFC 9901 section 4.1, 4.2):
// each SD value becomes a Disclosure with a fresh salt, recursively
// (section 4.2.6); each object's digests go, sorted (section 4.2.4.1: the
// original order hidden), into its "_sd" array, with any decoys; "_sd_alg"
// is always written (section 4.1.1), and "cnf" with WithHolderKey. The
// payload is signed by the Signer and issued is
// `<Issuer-signed JWT>~<Disclosure 1>~...~<Disclosure N>~` (section 4),
// disclosures the Disclosures in the same order.
//
// Refused with ErrInvalidPayload: a digest written twice (also
// ErrDigestRepeated, which the Verifier would refuse: the same Disclosure
// at two places or a decoy repeated, from a salt reader given to
// WithSaltReader that repeats itself); a member named "_sd" or "..." at any
// level; a claim name or string of invalid UTF-8; "_sd_alg" at the top level (set it with WithHashAlg); "cnf" with
// WithHolderKey; a top-level SD claim the verifier must take in plaintext
// (see WithNotDisclosable); SD of an SD; an SD inside a value that is not
// an Object, Array, map[string]any or []any; a value encoding/json cannot
// encode or whose JSON the strict pass refuses; nesting deeper than 32; an
// SD-JWT over DefaultMaxSize or with more than DefaultMaxDisclosures
// Disclosures (also jwt.ErrTokenTooLarge), which Split would refuse. The
// Signer's errors are returned as is.
func (is *Issuer) Issue(obj Object) (issued string, disclosures []Disclosure, err error) {
	if is == nil || is.signer == nil {
		return "", nil, fmt.Errorf("%w: sdjwt: nil or zero Issuer; use NewIssuer", jwt.ErrInvalidKey)
	}
	st := issuance{cfg: &is.cfg, rand: is.cfg.rand, digests: map[string]struct{}{}}
	if st.rand == nil {
		st.rand = rand.Reader
	}
	payload, err := st.object(obj, true, 0)
	if err != nil {
		return "", nil, err
	}
	if len(st.discs) > DefaultMaxDisclosures {
		return "", nil, fmt.Errorf("%w: %w: %d disclosures, over DefaultMaxDisclosures (%d)", ErrInvalidPayload, jwt.ErrTokenTooLarge, len(st.discs), DefaultMaxDisclosures)
	}
	token, err := is.signer.Sign(json.RawMessage(payload))
	if err != nil {
		return "", nil, err
	}
	if is.cfg.typSet {
		if err := checkType(token, is.cfg.typ); err != nil {
			return "", nil, err
		}
	}
	n := len(token) + 1
	for _, d := range st.discs {
		n += len(d.Encoded) + 1
	}
	if n > DefaultMaxSize {
		return "", nil, fmt.Errorf("%w: %w: the SD-JWT would be %d bytes, over DefaultMaxSize (%d)", ErrInvalidPayload, jwt.ErrTokenTooLarge, n, DefaultMaxSize)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(token)
	b.WriteByte('~')
	for _, d := range st.discs {
		b.WriteString(d.Encoded)
		b.WriteByte('~')
	}
	return b.String(), st.discs, nil
}

// checkType checks that the signed token's header "typ" is typ.
func checkType(token, typ string) error {
	hdr, err := b64url.DecodeString(token[:strings.IndexByte(token, '.')])
	if err != nil {
		return err
	}
	raw, err := strictjson.TopLevel(hdr, "typ")
	if err != nil {
		return err
	}
	got, _ := strictjson.String(raw)
	if raw == nil || got != typ {
		return fmt.Errorf("%w: sdjwt: WithType(%q) but the Signer writes \"typ\" %s: build it with jwt.WithType(%q)", jwt.ErrInvalidOption, typ, raw, typ)
	}
	return nil
}

// issuance is the state of one Issue call.
type issuance struct {
	cfg   *issuerConfig
	rand  io.Reader
	discs []Disclosure
	// digests are every digest written so far, Disclosures' and decoys'.
	digests map[string]struct{}
}

// record notes a digest about to be written and refuses one written
// before: the Verifier refuses a digest found twice (RFC 9901 section 7.1
// step 4), which a salt reader repeating itself (WithSaltReader) would
// make of the same Disclosure at two places or of decoys.
func (st *issuance) record(digest string) error {
	if _, dup := st.digests[digest]; dup {
		return fmt.Errorf("%w: %w: the digest %s would be written twice (RFC 9901 section 7.1 step 4): the salt reader repeats itself", ErrInvalidPayload, ErrDigestRepeated, digest)
	}
	st.digests[digest] = struct{}{}
	return nil
}

// member is one member of an object being written.
type member struct {
	name  string
	value []byte
}

// object writes obj, its SD members replaced by digests in "_sd" (RFC 9901
// section 4.2.4.1); top adds "_sd_alg" and "cnf".
func (st *issuance) object(obj map[string]any, top bool, depth int) ([]byte, error) {
	if depth >= issueMaxDepth {
		return nil, fmt.Errorf("%w: nested deeper than %d", ErrInvalidPayload, issueMaxDepth)
	}
	names := make([]string, 0, len(obj))
	for k := range obj {
		names = append(names, k)
	}
	slices.Sort(names)
	var members []member
	var digests []string
	for _, k := range names {
		switch {
		case !utf8.ValidString(k):
			return nil, fmt.Errorf("%w: a claim name is not valid UTF-8", ErrInvalidPayload)
		case k == sdKey || k == ellipsisKey:
			return nil, fmt.Errorf("%w: the claim name %q is reserved (RFC 9901 section 4.2.4)", ErrInvalidPayload, k)
		case top && k == sdAlgKey:
			return nil, fmt.Errorf("%w: %q is written by the Issuer: use WithHashAlg (RFC 9901 section 4.1.1)", ErrInvalidPayload, k)
		case top && k == "cnf" && st.cfg.cnf != nil:
			return nil, fmt.Errorf("%w: \"cnf\" both in the payload and from WithHolderKey", ErrInvalidPayload)
		}
		v := obj[k]
		d, isSD := v.(Disclosable)
		if !isSD {
			val, err := st.value(v, depth+1)
			if err != nil {
				return nil, fmt.Errorf("%w (claim %q)", err, k)
			}
			members = append(members, member{k, val})
			continue
		}
		if top && st.cfg.notDisclosable[k] {
			return nil, fmt.Errorf("%w: %q must be issued in plaintext (RFC 9901 section 9.7)", ErrInvalidPayload, k)
		}
		disc, err := st.disclose(k, d.Value, false, depth)
		if err != nil {
			return nil, fmt.Errorf("%w (claim %q)", err, k)
		}
		dg := disc.Digest(st.cfg.alg)
		if err := st.record(dg); err != nil {
			return nil, fmt.Errorf("%w (claim %q)", err, k)
		}
		digests = append(digests, dg)
	}
	if len(digests) > 0 {
		decoys, err := st.decoys()
		if err != nil {
			return nil, err
		}
		digests = append(digests, decoys...)
		slices.Sort(digests)
		list := []byte{'['}
		for i, dg := range digests {
			if i > 0 {
				list = append(list, ',')
			}
			list = jsonstring.Append(list, dg)
		}
		members = append(members, member{sdKey, append(list, ']')})
	}
	if top {
		members = append(members, member{sdAlgKey, jsonstring.Append(nil, string(st.cfg.alg))})
		if st.cfg.cnf != nil {
			members = append(members, member{"cnf", st.cfg.cnf})
		}
	}
	slices.SortFunc(members, func(a, b member) int { return strings.Compare(a.name, b.name) })
	out := []byte{'{'}
	for i, m := range members {
		if i > 0 {
			out = append(out, ',')
		}
		out = jsonstring.Append(out, m.name)
		out = append(out, ':')
		out = append(out, m.value...)
	}
	return append(out, '}'), nil
}

// array writes arr, its SD elements replaced by {"...": digest} (RFC 9901
// section 4.2.4.2), with any decoys at random places.
func (st *issuance) array(arr []any, depth int) ([]byte, error) {
	if depth >= issueMaxDepth {
		return nil, fmt.Errorf("%w: nested deeper than %d", ErrInvalidPayload, issueMaxDepth)
	}
	elems := make([][]byte, 0, len(arr))
	anySD := false
	for i, v := range arr {
		d, isSD := v.(Disclosable)
		if !isSD {
			val, err := st.value(v, depth+1)
			if err != nil {
				return nil, fmt.Errorf("%w (element %d)", err, i)
			}
			elems = append(elems, val)
			continue
		}
		anySD = true
		disc, err := st.disclose("", d.Value, true, depth)
		if err != nil {
			return nil, fmt.Errorf("%w (element %d)", err, i)
		}
		dg := disc.Digest(st.cfg.alg)
		if err := st.record(dg); err != nil {
			return nil, fmt.Errorf("%w (element %d)", err, i)
		}
		elems = append(elems, ellipsis(dg))
	}
	if anySD {
		decoys, err := st.decoys()
		if err != nil {
			return nil, err
		}
		for _, dg := range decoys {
			at, err := st.intn(len(elems) + 1)
			if err != nil {
				return nil, err
			}
			elems = slices.Insert(elems, at, ellipsis(dg))
		}
	}
	out := []byte{'['}
	for i, e := range elems {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, e...)
	}
	return append(out, ']'), nil
}

// ellipsis is an array element's digest placeholder {"...": digest}.
func ellipsis(digest string) []byte {
	return append(jsonstring.Append([]byte(`{"...":`), digest), '}')
}

// value writes a plaintext value: Object, Array, map[string]any and []any
// recursively, anything else through encoding/json and the strict pass. A
// string or claim name of invalid UTF-8 is refused rather than changed;
// inside other Go values (structs, other map types) encoding/json's
// replacement by U+FFFD applies.
func (st *issuance) value(v any, depth int) ([]byte, error) {
	switch t := v.(type) {
	case Object:
		return st.object(t, false, depth)
	case map[string]any:
		return st.object(t, false, depth)
	case Array:
		return st.array(t, depth)
	case []any:
		return st.array(t, depth)
	case Disclosable:
		return nil, fmt.Errorf("%w: SD of an SD value", ErrInvalidPayload)
	case string:
		if !utf8.ValidString(t) { // encoding/json would write U+FFFD instead
			return nil, fmt.Errorf("%w: a string is not valid UTF-8", ErrInvalidPayload)
		}
	}
	b, err := encodeValue(v)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidPayload, err)
	}
	return b, nil
}

// disclose makes the Disclosure of name (or of an array element) and v,
// nested SD values first.
func (st *issuance) disclose(name string, v any, isArrayElement bool, depth int) (Disclosure, error) {
	val, err := st.value(v, depth+1)
	if err != nil {
		return Disclosure{}, err
	}
	salt, err := st.salt()
	if err != nil {
		return Disclosure{}, err
	}
	d, err := NewDisclosure(name, json.RawMessage(val), isArrayElement, salt)
	if err != nil {
		return Disclosure{}, fmt.Errorf("%w: %w", ErrInvalidPayload, err)
	}
	st.discs = append(st.discs, d)
	return d, nil
}

// salt returns a fresh 128-bit salt (RFC 9901 section 9.3).
func (st *issuance) salt() (string, error) {
	var b [saltBytes]byte
	if _, err := io.ReadFull(st.rand, b[:]); err != nil {
		return "", fmt.Errorf("%w: sdjwt: reading a salt: %w", jwt.ErrSigningFailed, err)
	}
	return b64url.EncodeToString(b[:]), nil
}

// decoys returns the decoy digests of one object or array (RFC 9901
// section 4.2.5): hashes of fresh salts, between decoyMin and decoyMax.
func (st *issuance) decoys() ([]string, error) {
	if st.cfg.decoyMax == 0 {
		return nil, nil
	}
	n, err := st.intn(st.cfg.decoyMax - st.cfg.decoyMin + 1)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, st.cfg.decoyMin+n)
	for range st.cfg.decoyMin + n {
		s, err := st.salt()
		if err != nil {
			return nil, err
		}
		dg := st.cfg.alg.Digest(s)
		if err := st.record(dg); err != nil {
			return nil, err
		}
		out = append(out, dg)
	}
	return out, nil
}

// intn returns a uniform random int in [0, n), n >= 1, read from the salt
// reader (rejection sampling, no modulo bias).
func (st *issuance) intn(n int) (int, error) {
	if n <= 1 {
		return 0, nil
	}
	limit := ^uint64(0) - ^uint64(0)%uint64(n)
	for {
		var b [8]byte
		if _, err := io.ReadFull(st.rand, b[:]); err != nil {
			return 0, fmt.Errorf("%w: sdjwt: reading randomness: %w", jwt.ErrSigningFailed, err)
		}
		if x := binary.BigEndian.Uint64(b[:]); x < limit {
			return int(x % uint64(n)), nil
		}
	}
}
