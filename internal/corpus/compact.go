package corpus

import (
	"encoding/base64"
	"strconv"
	"strings"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/internal/compact"
)

// Rule 1: the compact form. Exactly two '.'; every other byte base64url;
// canonical unpadded base64url; a size cap checked first.
func compactCases(b *builder) {
	k := b.k
	key := k.HS256
	base := b.hs(hdr("HS256"), stdPayload)
	h, p, s := split3(base)
	bad := func(name, token string) { b.bad("compact/"+name, token, key, jwt.ErrTokenMalformed, fixed()) }

	bad("three-dots", base+".")
	bad("four-dots-jwe-like", h+"."+p+".AAAA.BBBB."+s)
	bad("one-dot", h+"."+p)
	bad("no-dot", h)
	bad("empty-token", "")
	bad("only-two-dots", "..")
	bad("leading-dot", "."+base)
	bad("million-dots", strings.Repeat(".", 1_000_000))
	bad("million-dots-after-valid-token", base+strings.Repeat(".", 1_000_000))
	bad("crlf-in-header", h[:10]+"\r\n"+h[10:]+"."+p+"."+s)
	bad("crlf-in-payload", h+"."+p[:20]+"\r\n"+p[20:]+"."+s)
	bad("lf-in-signature", h+"."+p+"."+s[:5]+"\n"+s[5:])
	bad("cr-in-signature", h+"."+p+"."+s[:5]+"\r"+s[5:])
	bad("space-in-payload", h+"."+p[:8]+" "+p[8:]+"."+s)
	bad("tab-in-header", h[:3]+"\t"+h[3:]+"."+p+"."+s)
	bad("leading-space", " "+base)
	bad("trailing-newline", base+"\n")
	bad("trailing-crlf", base+"\r\n")
	bad("bearer-prefix", "Bearer "+base)
	bad("nul-byte", base+"\x00")
	bad("nul-inside", h+"\x00."+p+"."+s)
	bad("non-ascii", base+"é")
	bad("fullwidth-dot", h+"．"+p+"."+s)
	bad("invalid-utf8", h+"."+p+"\xff."+s)
	bad("segment-length-1-mod-4", h+"A."+p+"."+s)
	bad("jws-json-serialization", `{"payload":"`+p+`","protected":"`+h+`","signature":"`+s+`"}`)
	bad("jws-flattened-json-with-dots", `{"payload":"`+p+`.x","protected":"`+h+`.y"}`)

	// '=' padding, even where a lenient decoder would accept it and the
	// signature covers the padded form.
	padded := padTo(stdPayload)
	bad("padding-on-payload", assemblePadded(hdr("HS256"), padded, k.signer("HS256")))
	bad("padding-on-signature", base+"=")
	bad("padding-double-on-signature", base+"==")

	// Non-zero unused trailing bits: a lenient decoder reads the same bytes,
	// so the signature would verify.
	bad("non-canonical-bits-signature", h+"."+p+"."+nonCanonical(s))
	oddHeader := `{"alg":"HS256","typ":"JWT" }` // 28 bytes: 4 unused bits
	oh := nonCanonical(b64(oddHeader))
	bad("non-canonical-bits-header", oh+"."+p+"."+b64b(k.signer("HS256")(oh+"."+p)))
	op := nonCanonical(b64(padded))
	bad("non-canonical-bits-payload", h+"."+op+"."+b64b(k.signer("HS256")(h+"."+op)))

	// Standard base64 ('+', '/') instead of base64url, signed as given.
	bad("standard-base64-header", stdAlphabetToken(k, "header"))
	bad("standard-base64-signature", stdAlphabetToken(k, "signature"))
	bad("standard-base64-padded-payload", func() string {
		hh := b64(hdr("HS256"))
		pp := base64.StdEncoding.EncodeToString([]byte(padded))
		return hh + "." + pp + "." + b64b(k.signer("HS256")(hh+"."+pp))
	}())

	// Empty segments.
	bad("empty-header", "."+p+"."+b64b(k.signer("HS256")("."+p)))
	bad("empty-payload", h+".."+b64b(k.signer("HS256")(h+".")))
	b.bad("compact/empty-signature", h+"."+p+".", key, jwt.ErrSignatureInvalid, fixed())

	// The size cap is checked first.
	b.bad("compact/longer-than-WithMaxTokenSize", base, key, jwt.ErrTokenTooLarge, fixed(), jwt.WithMaxTokenSize(len(base)-1))
	b.good("compact/exactly-WithMaxTokenSize", base, key, stdClaims(), fixed(), jwt.WithMaxTokenSize(len(base)))
	b.bad("compact/longer-than-default-cap", strings.Repeat("A", jwt.DefaultMaxTokenSize-1)+"..", key, jwt.ErrTokenTooLarge, fixed())
	b.bad("compact/dots-longer-than-default-cap", strings.Repeat(".", jwt.DefaultMaxTokenSize+1), key, jwt.ErrTokenTooLarge, fixed())
}

// split3 splits a token known to have exactly two dots, with the
// library's splitter (internal/compact); it panics on any other.
func split3(tok string) (h, p, s string) {
	parts, err := compact.Split(tok)
	if err != nil {
		panic("corpus: " + err.Error() + ": " + tok)
	}
	return parts.Header, parts.Payload, parts.Signature
}

// padTo returns payload with trailing spaces so its base64 needs padding.
func padTo(payload string) string {
	for len(payload)%3 == 0 {
		payload += " "
	}
	return payload
}

// assemblePadded is assemble with '='-padded header and payload segments.
func assemblePadded(header, payload string, sign func(string) []byte) string {
	pad := base64.URLEncoding
	input := pad.EncodeToString([]byte(header)) + "." + pad.EncodeToString([]byte(payload))
	return input + "." + b64b(sign(input))
}

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// nonCanonical sets an unused trailing bit of a canonical segment; it
// panics when the segment has no unused bits.
func nonCanonical(seg string) string {
	unused := (len(seg) * 6) % 8
	if unused == 0 {
		panic("corpus: segment " + seg + " has no unused bits")
	}
	v := strings.IndexByte(alphabet, seg[len(seg)-1])
	return seg[:len(seg)-1] + string(alphabet[v|1])
}

// stdAlphabetToken finds, deterministically, an HS256 token whose header or
// signature in standard base64 contains '+' or '/', and signs it as given.
func stdAlphabetToken(k *KeySet, where string) string {
	std := base64.RawStdEncoding
	for i := 0; i < 10000; i++ {
		// "?" and "~" make 6-bit groups of 62 and 63 at every alignment.
		header := `{"alg":"HS256","kid":"` + strings.Repeat("?~", i%4) + strconv.Itoa(i) + `"}`
		hh := b64(header)
		if where == "header" {
			hh = std.EncodeToString([]byte(header))
			if !strings.ContainsAny(hh, "+/") {
				continue
			}
		}
		input := hh + "." + b64(stdPayload)
		sig := k.signer("HS256")(input)
		ss := b64b(sig)
		if where == "signature" {
			ss = std.EncodeToString(sig)
			if !strings.ContainsAny(ss, "+/") {
				continue
			}
		}
		return input + "." + ss
	}
	panic("corpus: no token with '+' or '/' in its " + where)
}
