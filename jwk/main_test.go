package jwk

import (
	"flag"
	"os"
	"testing"
)

// TestMain runs up to 8 parallel tests at once unless -test.parallel says
// otherwise. The parallel tests of this package wait on timers (refresh
// periods, rate limits, Retry-After) far more than they compute: at the
// default of GOMAXPROCS at once they would take the sum of their sleeps on
// a two-core machine.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", "8")
	}
	os.Exit(m.Run())
}
