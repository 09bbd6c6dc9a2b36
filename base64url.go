package jwt

import "encoding/binary"

// The decoder below reads canonical unpadded base64url (RFC 4648 section 5,
// as RFC 7515 section 2 requires) and nothing else: every byte outside the
// alphabet, '=' padding, '\r' and '\n' included, is refused (Go's
// encoding/base64 skips '\r' and '\n'), as are non-zero unused trailing bits
// and a lone trailing character.
//
// It looks up four characters at once in four tables that hold each
// character's six bits already shifted into place, so a group of four is
// three ORs; a character outside the alphabet sets bits above the 24 a
// group fills, which one comparison catches.

const b64Invalid = 0xFF << 24

// b64Tables are the decoding tables for a character's position in a group
// of four: b64Tables[i][c] is c's value shifted left by 18-6i bits, or
// b64Invalid.
var b64Tables = func() (t [4][256]uint32) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	for i := range t {
		for c := range t[i] {
			t[i][c] = b64Invalid
		}
		for v := 0; v < len(alphabet); v++ {
			t[i][alphabet[v]] = uint32(v) << (18 - 6*i)
		}
	}
	return t
}()

// b64DecodedLen is the decoded length of n characters (the most, for
// lengths a canonical encoding never has).
func b64DecodedLen(n int) int { return n/4*3 + n%4*6/8 }

// b64Decode decodes src into dst, which must hold b64DecodedLen(len(src))
// bytes, and reports the length and whether src was canonical.
func b64Decode(dst []byte, src string) (int, bool) {
	t0, t1, t2, t3 := &b64Tables[0], &b64Tables[1], &b64Tables[2], &b64Tables[3]
	out := dst
	// Sixteen characters to twelve bytes, stored eight at a time (the two
	// extra bytes of each store are overwritten by the next, or never
	// returned).
	for len(src) >= 16 && len(out) >= 14 {
		x := t0[src[0]] | t1[src[1]] | t2[src[2]] | t3[src[3]]
		y := t0[src[4]] | t1[src[5]] | t2[src[6]] | t3[src[7]]
		z := t0[src[8]] | t1[src[9]] | t2[src[10]] | t3[src[11]]
		w := t0[src[12]] | t1[src[13]] | t2[src[14]] | t3[src[15]]
		if (x|y|z|w)>>24 != 0 {
			return 0, false
		}
		binary.BigEndian.PutUint64(out, uint64(x)<<40|uint64(y)<<16)
		binary.BigEndian.PutUint64(out[6:], uint64(z)<<40|uint64(w)<<16)
		out, src = out[12:], src[16:]
	}
	for len(src) >= 4 && len(out) >= 3 {
		x := t0[src[0]] | t1[src[1]] | t2[src[2]] | t3[src[3]]
		if x>>24 != 0 {
			return 0, false
		}
		out[0], out[1], out[2] = byte(x>>16), byte(x>>8), byte(x)
		out, src = out[3:], src[4:]
	}
	// The last group: two characters carry one byte and four unused bits,
	// three carry two bytes and two unused bits; the unused bits must be
	// zero (RFC 4648 section 3.5), and one character alone is no encoding.
	switch {
	case len(src) == 0:
	case len(src) == 2 && len(out) >= 1:
		x := t0[src[0]] | t1[src[1]]
		if x>>24 != 0 || x&0xFFFF != 0 {
			return 0, false
		}
		out[0] = byte(x >> 16)
		out = out[1:]
	case len(src) == 3 && len(out) >= 2:
		x := t0[src[0]] | t1[src[1]] | t2[src[2]]
		if x>>24 != 0 || x&0xFF != 0 {
			return 0, false
		}
		out[0], out[1] = byte(x>>16), byte(x>>8)
		out = out[2:]
	default: // one character, or dst too short
		return 0, false
	}
	return len(dst) - len(out), true
}
