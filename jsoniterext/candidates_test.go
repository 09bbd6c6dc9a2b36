package jsoniterext

import (
	"encoding/json"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/claims"
	"github.com/jotlib/jwt/encodertest"
	jsoniter "github.com/json-iterator/go"
)

// candidate is a jsoniter configuration measured for New.
type candidate struct {
	name string
	enc  jwt.Encoder
}

func withExtension(cfg jsoniter.Config) jsoniter.API {
	api := cfg.Froze()
	api.RegisterExtension(&extension{})
	return api
}

// candidates are the configurations New was chosen from: the fastest one
// that passes the kit wins (BenchmarkCandidates). The ones with this
// package's extension run within a few percent of each other; jsoniter's
// own ConfigFastest, without the claims codecs, is slower.
func candidates() []candidate {
	return []candidate{
		{"new (EscapeHTML, SortMapKeys, extension)", New()},
		{"-ObjectFieldMustBeSimpleString", &Encoder{api: withExtension(jsoniter.Config{EscapeHTML: true, SortMapKeys: true}), exact: true}},
		{"+CaseSensitive", &Encoder{api: withExtension(jsoniter.Config{EscapeHTML: true, SortMapKeys: true, ObjectFieldMustBeSimpleString: true, CaseSensitive: true}), exact: true}},
		{"-SortMapKeys", &Encoder{api: withExtension(jsoniter.Config{EscapeHTML: true, ObjectFieldMustBeSimpleString: true}), exact: true}},
		{"-EscapeHTML", &Encoder{api: withExtension(jsoniter.Config{SortMapKeys: true, ObjectFieldMustBeSimpleString: true}), exact: true}},
		{fastestName, &Encoder{api: jsoniter.ConfigFastest}},
	}
}

// fastestName is the candidate TestConfigFastestChanges reads the report of.
const fastestName = "jsoniter ConfigFastest"

// kitReport is one candidate's encodertest.Check, run once per test binary
// (Check is deterministic: fixed inputs, keys and clock).
type kitReport struct {
	once sync.Once
	rep  *encodertest.Report
	err  error
}

// kitReports maps a candidate's name to its *kitReport.
var kitReports sync.Map

// kitCheck is encodertest.Check(name, enc), run only the first time name is
// asked for: TestCandidatesAgainstTheKit and TestConfigFastestChanges read
// the same ConfigFastest report.
func kitCheck(name string, enc jwt.Encoder) (*encodertest.Report, error) {
	v, _ := kitReports.LoadOrStore(name, new(kitReport))
	k := v.(*kitReport)
	k.once.Do(func() { k.rep, k.err = encodertest.Check(name, enc) })
	return k.rep, k.err
}

// TestCandidatesAgainstTheKit records which configurations pass the kit;
// New's must, with no parse verdict changed by any of them. The candidates
// are checked side by side, as many at once as there are CPUs (Check
// shares nothing but encoding/json's memoized side), and reported in order.
func TestCandidatesAgainstTheKit(t *testing.T) {
	cands := candidates()
	reps, errs := make([]*encodertest.Report, len(cands)), make([]error, len(cands))
	var wg sync.WaitGroup
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, c := range cands {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			reps[i], errs[i] = kitCheck(c.name, c.enc)
		})
	}
	wg.Wait()
	for i, c := range cands {
		rep, err := reps[i], errs[i]
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range rep.Failures() {
			names = append(names, f.Group+"/"+f.Name)
		}
		t.Logf("%-42s failed checks: %d %v", c.name, len(names), names)
		if i == 0 && len(names) != 0 {
			t.Errorf("New() fails the kit: %v", names)
		}
		if v := rep.ParseVerdictChanges(); len(v) != 0 {
			t.Errorf("%s changes parse verdicts: %v", c.name, v)
		}
	}
}

// accessClaims is the benchmark workload of issue 4: a realistic access
// token, about 350 bytes of JSON.
type accessClaims struct {
	claims.Registered
	Name          string   `json:"name"`
	Roles         []string `json:"roles"`
	EmailVerified bool     `json:"email_verified"`
}

func benchClaims() accessClaims {
	at := time.Unix(1700000000, 0)
	return accessClaims{
		Registered: claims.Registered{
			Issuer:    "https://auth.example.com/realms/production",
			Subject:   "user-8f14e45f-ceea-467f-a0e6-4f9d4e3a2b1c",
			Audience:  claims.Audience{"https://api.example.com", "https://admin.example.com"},
			ExpiresAt: claims.NewNumericDate(at.Add(time.Hour)),
			NotBefore: claims.NewNumericDate(at),
			IssuedAt:  claims.NewNumericDate(at),
			ID:        "4f1g23a12aa0-c3b5-4c2e-9f6a-2d1e0b9c8a7f",
		},
		Name:          "Ada Lovelace-Byron",
		Roles:         []string{"reader", "writer", "billing-admin", "support"},
		EmailVerified: true,
	}
}

// BenchmarkCandidates decodes and encodes the access-token claims with
// encoding/json and each candidate configuration.
func BenchmarkCandidates(b *testing.B) {
	data, err := json.Marshal(benchClaims())
	if err != nil {
		b.Fatal(err)
	}
	all := append([]candidate{{"encoding/json", jwt.StdEncoder{}}}, candidates()...)
	for _, c := range all {
		b.Run("decode/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				var v accessClaims
				if err := c.enc.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	v := benchClaims()
	for _, c := range all {
		b.Run("encode/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.enc.Marshal(&v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
