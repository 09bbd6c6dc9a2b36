package signing

// appendDERSignature appends the ASN.1 DER encoding of the ECDSA signature
// whose R and S are the fixed-size big-endian halves of sig (RFC 7518
// section 3.4): SEQUENCE { INTEGER r, INTEGER s }, each INTEGER minimal.
// It is what ecdsa.Verify builds from big.Int values, without them: ok is
// false when r or s is zero, which ecdsa.Verify refuses before encoding.
func appendDERSignature(dst, sig []byte) (out []byte, ok bool) {
	half := len(sig) / 2
	r, s := derIntegerBytes(sig[:half]), derIntegerBytes(sig[half:])
	if len(r) == 0 || len(s) == 0 {
		return dst, false
	}
	rLen, sLen := derIntegerLen(r), derIntegerLen(s)
	dst = append(dst, 0x30) // SEQUENCE
	dst = appendDERLength(dst, 1+derLengthLen(rLen)+rLen+1+derLengthLen(sLen)+sLen)
	dst = appendDERInteger(dst, r, rLen)
	dst = appendDERInteger(dst, s, sLen)
	return dst, true
}

// derIntegerBytes strips the leading zero bytes of a big-endian unsigned
// integer; zero becomes empty.
func derIntegerBytes(b []byte) []byte {
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	return b
}

// derIntegerLen is the content length of the INTEGER for the non-empty
// unsigned b: one more when its high bit is set, for the sign.
func derIntegerLen(b []byte) int {
	if b[0]&0x80 != 0 {
		return len(b) + 1
	}
	return len(b)
}

func appendDERInteger(dst, b []byte, n int) []byte {
	dst = append(dst, 0x02) // INTEGER
	dst = appendDERLength(dst, n)
	if n > len(b) {
		dst = append(dst, 0)
	}
	return append(dst, b...)
}

// derLengthLen is the size of a DER length field for n (n < 65536).
func derLengthLen(n int) int {
	switch {
	case n < 0x80:
		return 1
	case n < 0x100:
		return 2
	}
	return 3
}

func appendDERLength(dst []byte, n int) []byte {
	switch {
	case n < 0x80:
		return append(dst, byte(n))
	case n < 0x100:
		return append(dst, 0x81, byte(n))
	}
	return append(dst, 0x82, byte(n>>8), byte(n))
}
