package corpus

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"sync"
)

// KeySet is the corpus's fixed keys. The RSA and ECDSA keys are parsed from
// PEM generated once for this corpus, so every signature that can be
// deterministic is.
type KeySet struct {
	// HS256, HS384 and HS512 are HMAC secrets of exactly the hash size.
	HS256, HS384, HS512 []byte
	// AttackerHMAC is a secret the verifier does not know.
	AttackerHMAC []byte
	// RSA is a 2048-bit key; RSAWeak a 1024-bit key (too weak, RFC 7518 3.3).
	RSA, RSAWeak *rsa.PrivateKey
	// P256, P384 and P521 are ECDSA keys for ES256, ES384 and ES512.
	P256, P384, P521 *ecdsa.PrivateKey
	// P256Attacker is an ECDSA key the verifier does not know.
	P256Attacker *ecdsa.PrivateKey
	// P224 is an ECDSA key on a curve JWS does not use.
	P224 *ecdsa.PrivateKey
	// Ed25519 is derived from a fixed seed.
	Ed25519 ed25519.PrivateKey
}

var (
	keysOnce sync.Once
	keys     *KeySet
)

// Keys returns the corpus's keys, parsed once.
func Keys() *KeySet {
	keysOnce.Do(func() {
		seed := make([]byte, ed25519.SeedSize)
		for i := range seed {
			seed[i] = byte(7*i + 3)
		}
		keys = &KeySet{
			HS256:        []byte("corpus-hs256-secret-32-bytes-ok!"),
			HS384:        []byte("corpus-hs384-secret-of-exactly-forty-eight-bytes"),
			HS512:        []byte("corpus-hs512-secret-of-exactly-sixty-four-bytes-for-HMAC-SHA512!"),
			AttackerHMAC: []byte("attacker-chosen-secret-of-32-byt"),
			RSA:          parsePEM(rsa2048PEM).(*rsa.PrivateKey),
			RSAWeak:      parsePEM(rsa1024PEM).(*rsa.PrivateKey),
			P256:         parsePEM(p256PEM).(*ecdsa.PrivateKey),
			P256Attacker: parsePEM(p256AttackerPEM).(*ecdsa.PrivateKey),
			P384:         parsePEM(p384PEM).(*ecdsa.PrivateKey),
			P521:         parsePEM(p521PEM).(*ecdsa.PrivateKey),
			P224:         parsePEM(p224PEM).(*ecdsa.PrivateKey),
			Ed25519:      ed25519.NewKeyFromSeed(seed),
		}
		for name, k := range map[string][]byte{"HS256": keys.HS256, "HS384": keys.HS384, "HS512": keys.HS512, "attacker": keys.AttackerHMAC} {
			if want := map[string]int{"HS256": 32, "HS384": 48, "HS512": 64, "attacker": 32}[name]; len(k) != want {
				panic(fmt.Sprintf("corpus: %s secret has %d bytes, want %d", name, len(k), want))
			}
		}
	})
	return keys
}

func parsePEM(s string) any {
	b, _ := pem.Decode([]byte(s))
	if b == nil {
		panic("corpus: bad PEM")
	}
	k, err := x509.ParsePKCS8PrivateKey(b.Bytes)
	if err != nil {
		panic(fmt.Sprintf("corpus: %v", err))
	}
	return k
}

const (
	// rsa2048PEM is a fixed test key, generated once for this corpus.
	rsa2048PEM = `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDALpWx/+TufpXy
QCth229Opm8ViY/M5qZ0TTpukIKoYbsOjmJHkRWO+9h5iaWjM8lkPu3vxkDV8Vlx
e4LNwN1GSOX98l3EyxPFFy67xRtqbI0lLt1yMhBJro0ecrula1wHJQYhZRsg7xWi
3sTyPGOVEhZ/TcumLzj+wZlh/gTW1JBmJ9gNyclCC/D1CPQKWN/hrZpu5c+6nCCn
xFQt7tplPE6CTJkL3IxX7HB0pandgioTd4JsweyDpllfe7paCiYuBOA120qMwH4/
2eNeb03n3fB89SixmH2Jczc967Px13iWIwmL6u/CKKd3HEKZv+vIu2GZTrbuXjB1
r5068WPRAgMBAAECggEAM5RtNfx1v7L24LFrU1TXT3cpClFE6JwhIcbWf3VGtBWi
5Fm/s/CTJjCe3aPdcmuESmT/bGK75Q/lTyl0pm90lBgdrmY914Mft76smtXgsVQY
H9ovsiYQrA3urzTg+xlQ9lPwDMd7m/+/QVrj5hXiLlDP+/PvzBcRh4KDfcL1Hokw
EnUwds+FCLy/aGh5T6RdziFZFAtcHAk46FEyZ8JkyBL0pr0ZfGvl5fXV9irSbTw2
AUtjreX47+4GagCKRGXEaxuLE74P4uvpDc1OyHRx7f2mFRqbl8yU/8arCeEToY1J
nIr/ucT2OtETROE+CFTUvvzW1+Clms+HiGpHPkHOxwKBgQDMl7m6aFCwwLHMnNSd
nNbid/kuE+WV1/a1Xk+Ru7IZWunlhFOKkKytEBvXH3213CVvI4FnUFkYxK+RrdGh
9l+7pUibE0I1SDo5YD9Vcx610gfB9OJ2EZDXOzI+yL/FvBm9t3/nj7oW67d/+GQ2
ZXUvD4PuyfqLoWAt1Yjp6RC1fwKBgQDweIy1sYYq575fy8I8vO80dOqginhYsNC0
M90O/LGZ8sjP4TXS+BIJ8NX+DfP+VoJbQEenMphVkCEbEwKs0++QxuWOtZ1UvQ66
nuBPpT91UP+B1fMPvI+LZ4gqMEGOzGRmzNfbxaV9vUBrItERSFed0ge4fBJtqTSN
3acFoVeurwKBgBqY/wRE23ifFH5NRTbYVPdMMZDT9Vztnp0ljaKcjCLPtuins1So
SkqVdYkaBvXFkPhJ3WDZCTw3FbwSpNYxeXCjpDTE5C6ZHTioUpOBS9THYUrN00MW
NYZFo9qVrpi+Q3puiKpJ/R9NtaVlXWHU/s8HbVd12qScbiyHPi1qp0lxAoGBAJnp
3s4wqRpvKAeyqEkt+MEPkFlfJ7ZEveCJTZVZIefSYLvFfyjgRNN+BcnNbn09K8Ry
OSqIFL63OKlWmqC6Khz1YVrdXa0uMO474IC52Qsi49dbdG5/FzV398xhBKT8p8qw
k/0D3W/EoSWxrDUuo33NP8nSCA2OfqfK1iuhYDjbAoGAPVy0rzTnWGLIrWq4o1cq
HgcO0e95BwPacd46MI6PwlrkEnyfpYvaKGDoKRFfJLVgWkyiA+LPWfI5pnx587Gb
Lh5VkIPAvlF8ZMg8/u2EsN4QSGDuDRja8c2jIHS6a2iYEPtwDHchgA6SNPjTjEV3
D7Lt7xLtec+UaM1oYu+Jcdo=
-----END PRIVATE KEY-----
`
	// rsa1024PEM is a fixed test key, generated once for this corpus.
	rsa1024PEM = `-----BEGIN PRIVATE KEY-----
MIICdwIBADANBgkqhkiG9w0BAQEFAASCAmEwggJdAgEAAoGBAMyHV2pAYjXkFGmk
W43WcoE2XzMHNroA/5ZJMyE3I0hTghE0LRkc8CPXh/dXtD6medp22IZhdMOUtcz6
gQuOUymHF3a9u5HU3HBmbakeNXQLjVixkccD4X3BXuwFeLKkWDQSdrOUGJ55YPb2
ahdFAAuccMVFMjW/4IJ2HuBrYArpAgMBAAECgYAHz7d3+GOH2WEqM7vHbARNiQ0T
vtfJPNaGH9+TCi8PyRiznYGHbwKA6+9mc/QPXH5U6KsWXsx918Ulwf+BuHrWjq5k
1y6MajGiPYxlwqQ4ei9H9SaBZ6Crt239LkBa6N7uz4acQeyJnO5T+EaftknvQM/9
PRJsPoxFgjW05zT2MQJBANdDLR9Z9sWK/9r2r5P1vb4l9Ku7UJsYB+G3poHGtVf5
2L5Hy4aIO4m7Y3sqA4K6qU4mxL3QtqQJlLfErHJ3NnUCQQDzPCXdclFyUUr9inpn
yIwFOIh93Sfy9LBDgZIyowpd38UjjveLYtFzLm7oHWgLVUio+/WUMzwewLqOQpC/
IvwlAkA0PCHT7MG799nUKW47qjML1CwGDCMoL3GiLS1janOQ0Jjuu39AuwgviOA/
/9bwPxlcVH4DTYU0UvraiQgLkrANAkEAjgsSEcAw0BGpOWclFHaJToM1Mkt0iO1c
AhAo0GlmJGwJNDrJVRzgM+Np4SNLH1Mum4CIaYOCGHN0fp9g6D4GAQJBAM/GoMxB
2ZOi6gfqLWdROWhMC+0A+5TG69oKw6gbXYz6pkP7TYdaPTLFSE8bMb2mZ5if7Lrz
hZbSFNQvdvsNMdM=
-----END PRIVATE KEY-----
`
	// p256PEM is a fixed test key, generated once for this corpus.
	p256PEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgfbF8waICUY5ugnB9
V/Juq4lY+Sb64A/dTYRHX91yfwKhRANCAAQFK6IOidoCl9LSuyjBiMxEAEjoUU/l
bGOFNeENaUt4/+DAQzLHgw1rkfM1kFIJ0Rf93jIvonkzCKXfxkQSZ/hG
-----END PRIVATE KEY-----
`
	// p256AttackerPEM is a fixed test key, generated once for this corpus.
	p256AttackerPEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg1UauKogPhAJNdzmR
d9HaPuN7BZ9OZUa1m+lw/VCyID+hRANCAAQYkw/wcBz97vnYQeWw+1deChFPFVBp
i0zZdLUVuA14PKotfRMSxE7iDVqmtHikCubV2l0EguLYHC0GJBfTQ6+e
-----END PRIVATE KEY-----
`
	// p384PEM is a fixed test key, generated once for this corpus.
	p384PEM = `-----BEGIN PRIVATE KEY-----
MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDCmyQluXdn6NkfaZXJA
1jRZYDxVATHf3DwIESmFl2t9xRSvaDuKj3k20hMgxUuFYxmhZANiAASR5hbRpjJo
Sd6uVLwdKu10pYJ6q+vgS4bwzHueC9+xyJR63WD/FMI3zFloYu3j4/zwqpKx8usO
IWh24O9eCmC6d4tkxDDMLyH0ZsLhN2EBnvON1geImpDNf5wzcLPDZY0=
-----END PRIVATE KEY-----
`
	// p521PEM is a fixed test key, generated once for this corpus.
	p521PEM = `-----BEGIN PRIVATE KEY-----
MIHuAgEAMBAGByqGSM49AgEGBSuBBAAjBIHWMIHTAgEBBEIA6SmKFQKbqy7UREFv
ax3s7G0btpu6AC39ZcWG4J9uHcawx2iA1bxL5LyQp1yo3Vx+nPp3P1HZ0Eipi3nU
JNTxE/2hgYkDgYYABAAu6gMEjm/1X2SVBabH+QLVE5om16IJ6wRQkqcHD9hJFvrF
ZeQm1QXiQw5401DnMMhj8LPzRSAWmSR9DYvCZnnDHQGPbmP+oEMsDaZYw5poHl6x
MmsChdCoEjZ4CuiykKl8FvGw0mcBxvQkxOWKngfGieoZY9zCPCBjHvpkNcYnDPXn
iA==
-----END PRIVATE KEY-----
`
	// p224PEM is a fixed test key on a curve JWS does not use.
	p224PEM = `-----BEGIN PRIVATE KEY-----
MHgCAQAwEAYHKoZIzj0CAQYFK4EEACEEYTBfAgEBBBycVRCP6OnNhDQoBy2PSzQf
N0DdrhqZ5wlqm+TkoTwDOgAE9+ZmS/phWJbtZh08trDRKJjkisRF3zGuGjbEtTZk
ZwbE9gRPOgQoX+jRct41wEgIqKsGZeGBHYQ=
-----END PRIVATE KEY-----
`
)
