package interop

import (
	"encoding/base64"
	"strings"
	"time"

	gjwt "github.com/golang-jwt/jwt/v5"

	"github.com/jotlib/jwt"
)

// paddingRows ports setPaddingTestData of golang-jwt's parser_test.go (14
// cases): padded segments (WithPaddingAllowed) and signatures with non-zero
// unused base64 bits (accepted unless WithStrictDecoding). golang-jwt's
// runner always adds WithoutClaimsValidation; its padded example is an AWS
// ALB (Cognito) token that expired in 2021, which our side reads with
// WithTimeFunc set before its "exp" instead: claims validation cannot be
// skipped here (see refusedOnPurpose).
func paddingRows(f *gjFix) []gjCase {
	src := func(name string) string { return "parser_test.go setPaddingTestData: " + name }
	const (
		fooHeader   = `{"alg":"RS256","typ":"JWT"}`
		fooClaims   = `{"foo":"paddedbar"}`
		albHeader   = `{"typ":"JWT","kid":"12345678-abcd-1234-abcd-12345678abcd","alg":"ES256","iss":"https://cognito-idp.eu-west-2.amazonaws.com/","client":"7LTcoPZrV44zeX6YK9VKApvO3q","signer":"arn:aws:elasticloadbalancing","exp":1629470101}`
		albClaims   = `{"sub":"12345678-abcd-1234-abcd-12345678abcd","email_verified":"true","email":"user@example.com","username":"12345678-abcd-1234-abcd-12345678abcd","exp":1629470101,"iss":"https://cognito-idp.eu-west-2.amazonaws.com/"}`
		albExpires  = 1629470101
		plain       = false
		padded      = true
		canonical   = false
		tweaked     = true
		strict      = true
		notStrict   = false
		withPadding = true
		noPadding   = false
	)
	// tok makes the case's token: RS256 over {"foo":"paddedbar"} or the ALB
	// token's ES256 header and claims, segments padded or not, the
	// signature's last character tweaked (same bytes, non-zero unused bits)
	// or not.
	tok := func(alb, pad, tweak bool) func(f *gjFix) string {
		return func(f *gjFix) string {
			h, p, alg, key := fooHeader, fooClaims, jwt.RS256, f.rsa.private
			if alb {
				h, p, alg, key = albHeader, albClaims, jwt.ES256, f.ec.private
			}
			enc := b64
			if pad {
				enc = base64.URLEncoding
			}
			input := enc.EncodeToString([]byte(h)) + "." + enc.EncodeToString([]byte(p))
			sig, err := rawSign(alg, key, []byte(input), sigStandard)
			if err != nil {
				panic(err)
			}
			s := b64.EncodeToString(sig)
			if tweak {
				s = nonCanonical(s)
			}
			if pad {
				s += strings.Repeat("=", (4-len(s)%4)%4)
			}
			return input + "." + s
		}
	}
	opts := func(padding, strictDecoding bool) func(*gjFix) []gjwt.ParserOption {
		return func(*gjFix) []gjwt.ParserOption {
			o := []gjwt.ParserOption{gjwt.WithoutClaimsValidation()}
			if padding {
				o = append(o, gjwt.WithPaddingAllowed())
			}
			if strictDecoding {
				o = append(o, gjwt.WithStrictDecoding())
			}
			return o
		}
	}
	albClock := func(*gjFix) []jwt.Option {
		return []jwt.Option{jwt.WithTimeFunc(func() time.Time { return time.Unix(albExpires-60, 0) })}
	}
	row := func(name, ourName string, alb, pad, tweak, padding, strictDecoding bool, gjWant, ourWant error, refused string) gjCase {
		c := gjCase{src: src(name), name: "padding: " + ourName, tok: tok(alb, pad, tweak), into: intoMap,
			gj: opts(padding, strictDecoding), gjWant: gjWant, ourWant: ourWant, refused: refused}
		if alb {
			c.alg, c.keys, c.ours = jwt.ES256, keyEC, albClock
		} else {
			c.keys = keyRSA
		}
		return c
	}
	return []gjCase{
		row("Validated non-padded token with padding disabled", "unpadded, padding not allowed",
			false, plain, canonical, noPadding, notStrict, accepted, accepted, ""),
		row("Validated non-padded token with padding enabled", "unpadded, padding allowed",
			false, plain, canonical, withPadding, notStrict, accepted, accepted, ""),
		row("Error for padded token with padding disabled", "padded, padding not allowed",
			false, padded, canonical, noPadding, notStrict, gjwt.ErrTokenMalformed, jwt.ErrTokenMalformed, ""),
		row("Validated padded token with padding enabled", "padded, padding allowed",
			false, padded, canonical, withPadding, notStrict, accepted, nil, refusedPadding),
		row("Error for example padded token with padding disabled", "AWS ALB token padded, padding not allowed",
			true, padded, canonical, noPadding, notStrict, gjwt.ErrTokenMalformed, jwt.ErrTokenMalformed, ""),
		row("Validated example padded token with padding enabled", "AWS ALB token padded, padding allowed",
			true, padded, canonical, withPadding, notStrict, accepted, nil, refusedPadding),
		row("Validated non-padded token with padding disabled, non-strict decode, non-tweaked signature", "unpadded, lax decoding, canonical signature",
			false, plain, canonical, noPadding, notStrict, accepted, accepted, ""),
		row("Validated non-padded token with padding disabled, non-strict decode, tweaked signature", "unpadded, lax decoding, signature with unused bits set",
			false, plain, tweaked, noPadding, notStrict, accepted, nil, refusedNonCanonical),
		row("Validated non-padded token with padding disabled, strict decode, non-tweaked signature", "unpadded, WithStrictDecoding, canonical signature",
			false, plain, canonical, noPadding, strict, accepted, accepted, ""),
		row("Error for non-padded token with padding disabled, strict decode, tweaked signature", "unpadded, WithStrictDecoding, signature with unused bits set",
			false, plain, tweaked, noPadding, strict, gjwt.ErrTokenMalformed, jwt.ErrTokenMalformed, ""),
		row("Validated padded token with padding enabled, non-strict decode, non-tweaked signature", "AWS ALB token padded, padding allowed, lax decoding, canonical signature",
			true, padded, canonical, withPadding, notStrict, accepted, nil, refusedPadding),
		row("Validated padded token with padding enabled, non-strict decode, tweaked signature", "AWS ALB token padded, padding allowed, lax decoding, signature with unused bits set",
			true, padded, tweaked, withPadding, notStrict, accepted, nil, refusedPadding),
		row("Validated padded token with padding enabled, strict decode, non-tweaked signature", "AWS ALB token padded, padding allowed, WithStrictDecoding, canonical signature",
			true, padded, canonical, withPadding, strict, accepted, nil, refusedPadding),
		row("Error for padded token with padding enabled, strict decode, tweaked signature", "AWS ALB token padded, padding allowed, WithStrictDecoding, signature with unused bits set",
			true, padded, tweaked, withPadding, strict, gjwt.ErrTokenMalformed, jwt.ErrTokenMalformed, ""),
	}
}
