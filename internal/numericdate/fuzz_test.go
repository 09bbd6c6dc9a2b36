package numericdate_test

import (
	"encoding/json"
	"math/big"
	"testing"
	"time"

	"github.com/jotlib/jwt/internal/numericdate"
)

// FuzzParseCheckedIsTheExactDecimal_RFC7519_2: for every JSON number,
// ParseChecked's verdict is the float64 bound's, and an accepted value is
// the decimal truncated toward zero to the nanosecond, computed here with
// math/big.
func FuzzParseCheckedIsTheExactDecimal_RFC7519_2(f *testing.F) {
	for _, s := range []string{"0", "-0", "1.5", "4102444800.12345", "-1.0000000009", "1e-9", "4.1e9",
		"4611686018427388000", "4611686018427388928", "1e19", "0.000e5", "99.99999999999e-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, lit string) {
		if len(lit) > 64 || !json.Valid([]byte(lit)) || (lit[0] != '-' && (lit[0] < '0' || lit[0] > '9')) || lit[len(lit)-1] < '0' || lit[len(lit)-1] > '9' {
			return
		}
		r, ok := new(big.Rat).SetString(lit)
		if !ok {
			return // an exponent beyond math/big's bound (the unit test covers these)
		}
		fl, _ := r.Float64()
		inRange := fl <= numericdate.MaxSeconds && fl >= -numericdate.MaxSeconds
		got, accepted := numericdate.ParseChecked([]byte(lit))
		if accepted != inRange {
			t.Fatalf("%s: accepted %v, float64 %v", lit, accepted, fl)
		}
		if !accepted {
			return
		}
		ns := new(big.Int).Quo(new(big.Int).Mul(r.Num(), big.NewInt(1e9)), r.Denom()) // truncated toward zero
		want := new(big.Int).Add(new(big.Int).Mul(big.NewInt(got.Unix()), big.NewInt(1e9)), big.NewInt(int64(got.Nanosecond())))
		if ns.Cmp(want) != 0 {
			t.Fatalf("%s: got %v (%d.%09d), want %s ns", lit, got.UTC().Format(time.RFC3339Nano), got.Unix(), got.Nanosecond(), ns)
		}
	})
}
