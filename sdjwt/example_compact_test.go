package sdjwt_test

import (
	"fmt"

	"github.com/jotlib/jwt/sdjwt"
)

// A Disclosure with a fixed salt (RFC 9901 section 4.2.1's example) and
// its digest (section 4.2.3).
func ExampleNewDisclosure() {
	d, err := sdjwt.NewDisclosure("given_name", "John", false, "2GLC42sKQveCfGfryNRN9w")
	if err != nil {
		panic(err)
	}
	fmt.Println(d.Encoded)
	fmt.Println(d.Digest(sdjwt.SHA256))
	// Output:
	// WyIyR0xDNDJzS1F2ZUNmR2ZyeU5STjl3IiwgImdpdmVuX25hbWUiLCAiSm9obiJd
	// jsu9yVulwQQlhFlM_3JlzMaSFzglhQG0DpfayQwLUK4
}

// Split takes an SD-JWT or SD-JWT+KB apart (RFC 9901 section 4); the
// KB-JWT's sd_hash covers WithoutKeyBinding (section 4.3.1).
func ExampleSplit() {
	s, err := sdjwt.Split("eyJhbGciOiJFUzI1NiJ9.e30.c2ln~WyJzIiwgIm4iLCAxXQ~eyJhbGciOiJFUzI1NiJ9.e30.c2ln")
	if err != nil {
		panic(err)
	}
	d, err := sdjwt.ParseDisclosure(s.Disclosures[0])
	if err != nil {
		panic(err)
	}
	fmt.Println(len(s.Disclosures), d.Name, string(d.Value), s.KeyBinding != "")
	fmt.Println(s.WithoutKeyBinding())
	// Output:
	// 1 n 1 true
	// eyJhbGciOiJFUzI1NiJ9.e30.c2ln~WyJzIiwgIm4iLCAxXQ~
}
