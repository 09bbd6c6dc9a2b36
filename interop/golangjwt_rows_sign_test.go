package interop

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	gjwt "github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
)

// The signing side of golang-jwt's tests, ported: TestToken_SigningString,
// the Sign tests of hmac_test.go, rsa_test.go, rsa_pss_test.go,
// ecdsa_test.go, ed25519_test.go and none_test.go, and types_test.go at
// golang-jwt's default settings (TimePrecision of a second,
// MarshalSingleStringAsArray true: the tests that change these globals are
// not ported, golang-jwt's globals are not ours to change while other tests
// run). golang-jwt's NewWithClaims + SignedString against our jwt.Sign on
// the same claims and key.

type signRow struct {
	src, name string
	refused   string // refusedOnPurpose entry: golang-jwt signs, we refuse
	run       func(t *testing.T, f *gjFix)
}

func signRows() []signRow {
	fooBar := map[string]any{"foo": "bar"}
	var rows []signRow
	rows = append(rows, signRow{src: "token_test.go TestToken_SigningString", name: "sign: HS256 header and empty claims",
		run: func(t *testing.T, f *gjFix) {
			gj, err := gjwt.NewWithClaims(gjwt.SigningMethodHS256, gjwt.RegisteredClaims{}).SigningString()
			require.NoError(t, err)
			assert.Equal(t, "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30", gj)
			ours, err := jwt.Sign(jwt.HS256, claims.Registered{}, f.hmac)
			require.NoError(t, err)
			assert.Equal(t, gj, ours[:strings.LastIndexByte(ours, '.')])
		}})

	// Deterministic algorithms make the same token; randomized ones (PSS,
	// ECDSA) make tokens each library verifies.
	for _, tc := range []struct {
		file string
		alg  jwt.Algorithm
		same bool
	}{
		{"hmac_test.go TestHMACSign", jwt.HS256, true}, {"hmac_test.go TestHMACSign", jwt.HS384, true}, {"hmac_test.go TestHMACSign", jwt.HS512, true},
		{"rsa_test.go TestRSASign", jwt.RS256, true}, {"rsa_test.go TestRSASign", jwt.RS384, true}, {"rsa_test.go TestRSASign", jwt.RS512, true},
		{"rsa_pss_test.go TestRSAPSSSign", jwt.PS256, false}, {"rsa_pss_test.go TestRSAPSSSign", jwt.PS384, false}, {"rsa_pss_test.go TestRSAPSSSign", jwt.PS512, false},
		{"ecdsa_test.go TestECDSASign", jwt.ES256, false}, {"ecdsa_test.go TestECDSASign", jwt.ES384, false}, {"ecdsa_test.go TestECDSASign", jwt.ES512, false},
		{"ed25519_test.go TestEd25519Sign", jwt.EdDSA, true},
	} {
		rows = append(rows, signRow{src: tc.file + ": " + string(tc.alg), name: "sign: " + string(tc.alg),
			run: func(t *testing.T, f *gjFix) {
				kp := f.pair(tc.alg)
				gj, err := gjwt.NewWithClaims(gjwt.GetSigningMethod(string(tc.alg)), gjwt.MapClaims(fooBar)).SignedString(kp.private)
				require.NoError(t, err)
				ours, err := jwt.Sign(tc.alg, fooBar, kp.private)
				require.NoError(t, err)
				if tc.same {
					assert.Equal(t, gj, ours, "a deterministic algorithm: the same token")
					return
				}
				again, err := jwt.Sign(tc.alg, fooBar, kp.private)
				require.NoError(t, err)
				assert.NotEqual(t, ours, again, "a randomized algorithm signs differently each time")
				_, err = jwt.Parse(gj, kp.public, jwt.WithAlgorithms(tc.alg))
				assert.NoError(t, err, "ours verifies golang-jwt's")
				_, err = gjwt.Parse(ours, func(*gjwt.Token) (any, error) { return kp.public, nil }, gjwt.WithValidMethods([]string{string(tc.alg)}))
				assert.NoError(t, err, "golang-jwt verifies ours")
			}})
	}

	rows = append(rows,
		signRow{src: "none_test.go TestNoneSign", name: "sign: alg none with UnsafeAllowNoneSignatureType", refused: refusedNone,
			run: func(t *testing.T, f *gjFix) {
				gj, err := gjwt.NewWithClaims(gjwt.SigningMethodNone, gjwt.MapClaims(fooBar)).SignedString(gjwt.UnsafeAllowNoneSignatureType)
				require.NoError(t, err)
				assert.True(t, strings.HasSuffix(gj, "."), "golang-jwt signs none with an empty signature")
				_, err = jwt.Sign(jwt.Algorithm("none"), fooBar, f.hmac)
				assert.ErrorIs(t, err, refusedOnPurpose[refusedNone])
			}},
		signRow{src: "types_test.go TestGetSignatureAfterSigning", name: `sign: HS256 with the 9-byte secret "test12345"`, refused: refusedWeakKeys,
			run: func(t *testing.T, f *gjFix) {
				_, err := gjwt.New(gjwt.SigningMethodHS256, nil).SignedString([]byte("test12345"))
				require.NoError(t, err)
				_, err = jwt.Sign(jwt.HS256, fooBar, []byte("test12345"))
				assert.ErrorIs(t, err, refusedOnPurpose[refusedWeakKeys])
			}},
		signRow{src: "types_test.go TestSingleArrayMarshal (MarshalSingleStringAsArray true, the default)", name: "sign: one audience",
			run: func(t *testing.T, f *gjFix) {
				gj, err := json.Marshal(gjwt.ClaimStrings{"test"})
				require.NoError(t, err)
				assert.Equal(t, `["test"]`, string(gj))
				// claims.Audience writes one audience as a string (RFC 7519
				// section 4.1.3), which golang-jwt reads back the same;
				// a []string field writes the array golang-jwt writes.
				ours, err := json.Marshal(claims.Audience{"test"})
				require.NoError(t, err)
				assert.Equal(t, `"test"`, string(ours))
				var back gjwt.ClaimStrings
				require.NoError(t, json.Unmarshal(ours, &back))
				assert.Equal(t, gjwt.ClaimStrings{"test"}, back)
				arr, err := json.Marshal([]string{"test"})
				require.NoError(t, err)
				assert.Equal(t, string(gj), string(arr))
			}},
	)
	for _, at := range []time.Time{
		time.Unix(5243700879, 0), time.Unix(4239425898, 0), time.Unix(253402271999, 0),
		time.Unix(0, 1644285000210402000), time.Unix(0, 1644285315063096000), time.Unix(math.MaxInt64, 999999999),
	} {
		rows = append(rows, signRow{src: "types_test.go TestNumericDate_MarshalJSON (TimePrecision a second, the default)",
			name: "sign: NumericDate " + at.UTC().Format(time.RFC3339Nano),
			run: func(t *testing.T, f *gjFix) {
				gj, err := gjwt.NewNumericDate(at).MarshalJSON()
				require.NoError(t, err)
				ours, err := claims.NewNumericDate(at).MarshalJSON()
				require.NoError(t, err)
				assert.Equal(t, string(gj), string(ours))
			}})
	}
	return rows
}

// runSignRows runs the signing rows and counts them.
func runSignRows(t *testing.T, f *gjFix) map[string]int {
	counts := map[string]int{}
	for _, r := range signRows() {
		if r.refused != "" {
			counts["refused on purpose"]++
			require.Contains(t, refusedOnPurpose, r.refused, "row %q", r.name)
		} else {
			counts["agree"]++
		}
		t.Run(r.name, func(t *testing.T) { r.run(t, f) })
	}
	return counts
}
