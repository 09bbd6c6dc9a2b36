package vc_test

import (
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"testing"

	"github.com/jotlib/jwt/sdjwt/vc"
)

func sri(alg string, sum []byte) string { return alg + "-" + base64.StdEncoding.EncodeToString(sum) }

func TestSDJWTVC_6_IntegrityOfDocumentVerified(t *testing.T) {
	doc := []byte(`{"vct":"https://betelgeuse.example.com/education_credential/v42"}`)
	s256, s384, s512 := sha256.Sum256(doc), sha512.Sum384(doc), sha512.Sum512(doc)
	other := sha512.Sum512([]byte("other"))
	for _, meta := range []string{
		sri("sha256", s256[:]),
		sri("sha384", s384[:]) + "?opt",
		sri("sha256", s256[:]) + "  " + sri("sha512", s512[:]),
		sri("sha512", other[:]) + " " + sri("sha512", s512[:]),
		sri("sha256", s256[:]) + " " + sri("sha3-256", s256[:]), // unsupported one ignored
	} {
		if err := vc.VerifyIntegrity(meta, doc); err != nil {
			t.Errorf("VerifyIntegrity(%q): %v", meta, err)
		}
	}
}

func TestSDJWTVC_6_StrongestAlgorithmDecidesIntegrity(t *testing.T) {
	doc := []byte("doc")
	s256 := sha256.Sum256(doc)
	wrong := sha512.Sum512([]byte("other"))
	// sha512 is the strongest: its mismatch rejects the document even though sha256 matches.
	if err := vc.VerifyIntegrity(sri("sha256", s256[:])+" "+sri("sha512", wrong[:]), doc); !errors.Is(err, vc.ErrIntegrity) {
		t.Fatalf("got %v; want ErrIntegrity", err)
	}
}

func TestSDJWTVC_6_IntegrityMismatchOrUnsupportedRejected(t *testing.T) {
	doc := []byte("doc")
	s256 := sha256.Sum256([]byte("other"))
	for _, meta := range []string{
		sri("sha256", s256[:]), "sha1-" + base64.StdEncoding.EncodeToString(s256[:20]), "md5-AAAA",
	} {
		if err := vc.VerifyIntegrity(meta, doc); !errors.Is(err, vc.ErrIntegrity) {
			t.Errorf("VerifyIntegrity(%q) = %v; want ErrIntegrity", meta, err)
		}
	}
}

func TestSDJWTVC_6_IntegrityMetadataSyntaxRefused(t *testing.T) {
	s256 := sha256.Sum256([]byte("doc"))
	for _, meta := range []string{
		"", " ", "sha256", "sha256-", "-abc", "sha256-%%%", "sha256-" + base64.RawStdEncoding.EncodeToString(s256[:]) + "x",
		"sha256-" + base64.URLEncoding.EncodeToString([]byte{0xfb, 0xff}) + "A=", "SHA256-" + base64.StdEncoding.EncodeToString(s256[:]),
		"sha256-" + base64.StdEncoding.EncodeToString(s256[:20]),
	} {
		if err := vc.ParseIntegrity(meta); !errors.Is(err, vc.ErrInvalidClaim) {
			t.Errorf("ParseIntegrity(%q) = %v; want ErrInvalidClaim", meta, err)
		}
	}
}
