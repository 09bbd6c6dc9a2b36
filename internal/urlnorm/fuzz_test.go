package urlnorm

import "testing"

// FuzzHTUNormalise: Normalize and Target never panic and are idempotent
// (a normalised form normalises to itself, RFC 3986 section 6.2.2), and
// Target's form is Normalize's of the URI without query and fragment.
func FuzzHTUNormalise(f *testing.F) {
	for _, s := range []string{
		"https://api.example/resource", "HTTPS://User@API.Example:0443/a/./b/../%7e/%2f?q#f",
		"http://[::ffff:192.0.2.1]:80/", "https://idp.example../x/..", "https://a.example/%2E%2e/../x",
		"https://[fe80::1%25eth0]/", "https://a:+80/", "x://", "https://a.example/.//x", "https://a.example/a/..//../b",
		"https://%41.example/", "https://a.example:/", "https://a.example?x#y", "http://.", "://0::", "://[::ffff:0.0.0.0]A:", "https://[::1]:A", "://%%370", ":///%2E/%/..",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if again := Normalize(n); again != n {
			t.Fatalf("Normalize(%q) = %q, and Normalize of that = %q", s, n, again)
		}
		tg, err := Target(s)
		if err != nil {
			return
		}
		again, err := Target(tg)
		if err != nil || again != tg {
			t.Fatalf("Target(%q) = %q, and Target of that = %q, %v", s, tg, again, err)
		}
		if Normalize(tg) != tg {
			t.Fatalf("Target(%q) = %q, which Normalize changes to %q", s, tg, Normalize(tg))
		}
	})
}
