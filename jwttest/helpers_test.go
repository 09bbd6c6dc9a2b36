package jwttest_test

import "github.com/jotlib/jwt/claims"

func claimsReg(sub, aud string) claims.Registered {
	r := claims.Registered{Subject: sub}
	if aud != "" {
		r.Audience = claims.Audience{aud}
	}
	return r
}
