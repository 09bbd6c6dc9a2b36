package signing

import (
	"bytes"
	"encoding/asn1"
	"math/big"
	"testing"
)

// derReference is the DER that ecdsa.Verify builds from R and S, by
// encoding/asn1; ok is false where ecdsa.Verify refuses a zero R or S.
func derReference(sig []byte) ([]byte, bool) {
	half := len(sig) / 2
	r, s := new(big.Int).SetBytes(sig[:half]), new(big.Int).SetBytes(sig[half:])
	if r.Sign() == 0 || s.Sign() == 0 {
		return nil, false
	}
	der, err := asn1.Marshal(struct{ R, S *big.Int }{r, s})
	return der, err == nil
}

func checkDER(t *testing.T, sig []byte) {
	t.Helper()
	want, wantOK := derReference(sig)
	got, ok := appendDERSignature([]byte{0xAA}, sig)
	if ok != wantOK || (ok && !bytes.Equal(got[1:], want)) || got[0] != 0xAA {
		t.Fatalf("appendDERSignature(%x) = %x, %v; want %x, %v", sig, got, ok, want, wantOK)
	}
}

// TestDERSignatureMatchesEncodingASN1: for each curve's size, R and S of
// every length, with and without the high bit, zero, and all ones.
func TestDERSignatureMatchesEncodingASN1(t *testing.T) {
	for _, size := range []int{64, 96, 132} {
		half := size / 2
		for _, fill := range []byte{0x00, 0x01, 0x7F, 0x80, 0xFF} {
			for lead := 0; lead <= half; lead++ {
				sig := make([]byte, size)
				for i := lead; i < half; i++ {
					sig[i] = fill
					sig[half+i] = fill ^ 0x80
				}
				checkDER(t, sig)
				sig[size-1] = 1
				checkDER(t, sig)
			}
		}
	}
}

// FuzzDERSignature: any even-length signature encodes as encoding/asn1 does.
func FuzzDERSignature(f *testing.F) {
	f.Add(bytes.Repeat([]byte{0x80}, 64))
	f.Add(make([]byte, 132))
	f.Fuzz(func(t *testing.T, sig []byte) {
		if len(sig)%2 != 0 || len(sig) > 132 || len(sig) == 0 {
			return
		}
		checkDER(t, sig)
	})
}
