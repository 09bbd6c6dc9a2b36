package claims_test

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/jotlib/jwt/claims"
)

// TestNumericDateMarshalsSecondsWithAnExactFraction_RFC7519_2: whole
// seconds as an integer; a fraction to the nanosecond, without exponent or
// trailing zeros; negative values written as a signed decimal.
func TestNumericDateMarshalsSecondsWithAnExactFraction_RFC7519_2(t *testing.T) {
	tests := []struct {
		t    time.Time
		want string
	}{
		{time.Unix(1_700_000_000, 0), "1700000000"},
		{time.Unix(0, 0), "0"},
		{time.Unix(1000, 500_000_000), "1000.5"},
		{time.Unix(1000, 1), "1000.000000001"},
		{time.Unix(1000, 120_000_000), "1000.12"},
		{time.Unix(-1, 0), "-1"},
		{time.Unix(-2, 750_000_000), "-1.25"},
		{time.Unix(-1, 500_000_000), "-0.5"},
		{time.Unix(253402300799, 999_999_999), "253402300799.999999999"},
		{time.Unix(1<<40, 0).In(time.FixedZone("X", 3600)), "1099511627776"},
	}
	for _, tc := range tests {
		got, err := claims.NumericDate{Time: tc.t}.MarshalJSON()
		if err != nil || string(got) != tc.want {
			t.Errorf("%v: got %s, %v; want %s", tc.t, got, err, tc.want)
		}
		if app := claims.AppendNumericDate([]byte("x="), tc.t); string(app) != "x="+tc.want {
			t.Errorf("AppendNumericDate: %s", app)
		}
		if !json.Valid(got) {
			t.Errorf("%s is not JSON", got)
		}
		// Through encoding/json, in a struct, by value and by pointer.
		b, err := json.Marshal(struct {
			V claims.NumericDate  `json:"v"`
			P *claims.NumericDate `json:"p"`
		}{claims.NumericDate{Time: tc.t}, &claims.NumericDate{Time: tc.t}})
		if want := `{"v":` + tc.want + `,"p":` + tc.want + `}`; err != nil || string(b) != want {
			t.Errorf("json.Marshal: %s, %v; want %s", b, err, want)
		}
	}
}

// TestNumericDateReadsIntegerFractionAndExponentForms_RFC7519_2.
func TestNumericDateReadsIntegerFractionAndExponentForms_RFC7519_2(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time
	}{
		{"1700000000", time.Unix(1_700_000_000, 0)},
		{"0", time.Unix(0, 0)},
		{"-0", time.Unix(0, 0)},
		{"1000.5", time.Unix(1000, 500_000_000)},
		{"1000.000000001", time.Unix(1000, 1)},
		{"1.7e9", time.Unix(1_700_000_000, 0)},
		{"1.7E+9", time.Unix(1_700_000_000, 0)},
		{"17e8", time.Unix(1_700_000_000, 0)},
		{"1.0005e3", time.Unix(1000, 500_000_000)},
		{"100000e-2", time.Unix(1000, 0)},
		{"1e-9", time.Unix(0, 1)},
		{"-1", time.Unix(-1, 0)},
		{"-1.5", time.Unix(-2, 500_000_000)},
		{"1700000000.0", time.Unix(1_700_000_000, 0)},
		{"253402300799", time.Unix(253402300799, 0)},
		{"4611686018427387904", time.Unix(1<<62, 0)},
		{"-4611686018427387904", time.Unix(-1<<62, 0)},
	}
	for _, tc := range tests {
		var d claims.NumericDate
		if err := json.Unmarshal([]byte(tc.in), &d); err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if !d.Equal(tc.want) {
			t.Errorf("%s: got %v, want %v", tc.in, d.Time, tc.want)
		}
		if p, err := claims.ParseNumericDate([]byte(tc.in)); err != nil || !p.Equal(tc.want) {
			t.Errorf("ParseNumericDate(%s) = %v, %v", tc.in, p, err)
		}
	}
}

// TestNumericDateRefusesOtherTypesAndOutOfRangeValues: never NaN, never an
// infinity, never a value that wraps into the past.
func TestNumericDateRefusesOtherTypesAndOutOfRangeValues(t *testing.T) {
	for _, in := range []string{
		`"1700000000"`, `true`, `false`, `[]`, `[1]`, `{}`, `""`, ``, ` 1`, `1 `,
		`NaN`, `Infinity`, `-Infinity`, `+1`, `01`, `1.`, `.5`, `0x10`, `1_000`, `1e`, `--1`, `1e+`,
		`1e300`, `-1e300`, `1e19`, `-1e19`, `1e400`, `9223372036854775807`, `-9223372036854775808`,
		`18446744073709551615`, `18446744073709551616`, `4611686018427389952`, `-4611686018427389952`,
	} {
		var d claims.NumericDate
		err := d.UnmarshalJSON([]byte(in))
		if !errors.Is(err, claims.ErrInvalidNumericDate) {
			t.Errorf("%q: got %v, want ErrInvalidNumericDate", in, err)
		}
		if !d.IsZero() {
			t.Errorf("%q: d changed to %v", in, d.Time)
		}
		if _, err := claims.ParseNumericDate([]byte(in)); !errors.Is(err, claims.ErrInvalidNumericDate) {
			t.Errorf("ParseNumericDate(%q): got %v", in, err)
		}
	}
	// null leaves the value as it was.
	d := claims.NumericDate{Time: time.Unix(5, 0)}
	if err := d.UnmarshalJSON([]byte("null")); err != nil || !d.Equal(time.Unix(5, 0)) {
		t.Errorf("null: %v, %v", d.Time, err)
	}
	var p struct {
		Exp *claims.NumericDate `json:"exp"`
	}
	if err := json.Unmarshal([]byte(`{"exp":null}`), &p); err != nil || p.Exp != nil {
		t.Errorf("null pointer field: %v, %v", p.Exp, err)
	}
}

// TestNumericDateRoundTrips: what MarshalJSON writes, UnmarshalJSON reads
// back to the nanosecond, for dates near the epoch and for today's.
func TestNumericDateRoundTrips(t *testing.T) {
	for _, sec := range []int64{0, 1, -1, 999, 86_399, 1_000_000, -1_000_000} {
		for _, nsec := range []int64{0, 1, 499_999_999, 500_000_000, 999_999_999} {
			in := time.Unix(sec, nsec)
			b, _ := claims.NumericDate{Time: in}.MarshalJSON()
			var out claims.NumericDate
			if err := out.UnmarshalJSON(b); err != nil || !out.Equal(in) {
				t.Errorf("%v → %s → %v, %v", in, b, out.Time, err)
			}
		}
	}
	for _, sec := range []int64{1_700_000_000, 4_102_444_800} {
		in := time.Unix(sec, 123_456_789)
		b, _ := claims.NumericDate{Time: in}.MarshalJSON()
		var out claims.NumericDate
		if err := out.UnmarshalJSON(b); err != nil || !out.Equal(in) {
			t.Errorf("%v → %s → %v, %v", in, b, out.Time, err)
		}
	}
	for _, sec := range []int64{1_700_000_000, -1, 1 << 40, 1 << 62} {
		in := time.Unix(sec, 0)
		b, _ := claims.NumericDate{Time: in}.MarshalJSON()
		var out claims.NumericDate
		if err := out.UnmarshalJSON(b); err != nil || !out.Equal(in) {
			t.Errorf("whole seconds %v → %s → %v, %v", in, b, out.Time, err)
		}
	}
}

// TestNewNumericDateTruncatesToSeconds.
func TestNewNumericDateTruncatesToSeconds(t *testing.T) {
	d := claims.NewNumericDate(time.Unix(1000, 999_999_999))
	if !d.Equal(time.Unix(1000, 0)) {
		t.Errorf("got %v", d.Time)
	}
	if b, _ := d.MarshalJSON(); string(b) != "1000" {
		t.Errorf("marshals as %s", b)
	}
	if d := claims.NewNumericDate(time.Unix(-1, 500_000_000)); !d.Equal(time.Unix(-1, 0)) {
		t.Errorf("negative: got %v", d.Time)
	}
}

// TestNumericDateReadsTheDecimalExactly_RFC7519_2: a NumericDate is a JSON
// number (RFC 7519 section 2) read as the decimal it is, not through a
// float64: 4102444800.12345 stays .12345 and writes back as it was read.
// Digits past the nanosecond are dropped (truncated toward zero).
func TestNumericDateReadsTheDecimalExactly_RFC7519_2(t *testing.T) {
	for _, lit := range []string{"4102444800.12345", "1700000000.000000001", "253402300799.999999999", "-4102444800.5"} {
		var v struct {
			Exp claims.NumericDate  `json:"exp"`
			Nbf *claims.NumericDate `json:"nbf"`
			Reg claims.Registered   `json:"reg"`
		}
		in := `{"exp":` + lit + `,"nbf":` + lit + `,"reg":{"iat":` + lit + `}}`
		if err := json.Unmarshal([]byte(in), &v); err != nil {
			t.Fatalf("%s: %v", lit, err)
		}
		for name, d := range map[string]claims.NumericDate{"value": v.Exp, "pointer": *v.Nbf, "Registered": *v.Reg.IssuedAt} {
			if b, _ := d.MarshalJSON(); string(b) != lit {
				t.Errorf("%s (%s): read as %v, written back as %s", lit, name, d.Time, b)
			}
		}
	}
	for lit, want := range map[string]time.Time{
		"4.10244480012345e9":    time.Unix(4102444800, 123_450_000),
		"1700000000.9999999999": time.Unix(1700000000, 999_999_999),
		"-1.0000000009":         time.Unix(-1, 0),
	} {
		if got, err := claims.ParseNumericDate([]byte(lit)); err != nil || !got.Equal(want) {
			t.Errorf("%s: got %v, %v; want %v", lit, got, err, want)
		}
	}
}

// TestNilNumericDateOwnMethodsNeverPanic: UnmarshalJSON on a nil
// *NumericDate (no decoder calls it so: they allocate) reports
// ErrInvalidNumericDate instead of panicking, for null too. (The time.Time
// methods promoted through the embedding, and the value-receiver
// MarshalJSON, dereference the pointer before any code of ours runs: Go
// panics there, as the type's doc says.)
func TestNilNumericDateOwnMethodsNeverPanic(t *testing.T) {
	var d *claims.NumericDate
	for _, in := range []string{"1700000000", "null", `"x"`} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("UnmarshalJSON(%s) on a nil *NumericDate: panic: %v", in, r)
				}
			}()
			if err := d.UnmarshalJSON([]byte(in)); !errors.Is(err, claims.ErrInvalidNumericDate) {
				t.Errorf("UnmarshalJSON(%s) on a nil *NumericDate: %v, want ErrInvalidNumericDate", in, err)
			}
		}()
	}
}
