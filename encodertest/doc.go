// Package encodertest is the conformance kit for jwt.Encoder
// implementations. An Encoder author runs it from a test:
//
//	func TestEncoderConformance(t *testing.T) {
//		encodertest.Run(t, myencoder.New())
//	}
//
// It compares the candidate with encoding/json on JWT-shaped work (the
// registered claims, user structs embedding them, custom marshalers, wide
// structs, maps, numbers, unicode, escapes, invalid UTF-8, nesting,
// trailing data, NUL bytes), on the JSONTestSuite corpus, and at the token
// level: every probe is also signed into a token and parsed with both
// encoders, and the project's parse corpus is run through Parse,
// ParseWithClaims and a Verifier with each. A candidate that implements
// jwt.ProvenUnmarshaler is also told, for every claims set the core passes
// on, what the core's strict pass proved (jwt.Proven), and its
// UnmarshalProven must give what its Unmarshal gives: the same deeply
// equal value when both accept, an error of the same class (Go type and
// jwt sentinels matched by errors.Is; not its text) when both refuse. Told
// the zero Proven, it must give Unmarshal's outcome on every input, the
// ones the core refuses included. Only a candidate the core takes as
// opted in (a pointer whose ProvenFor returns itself) is compared.
//
// A JSON-level divergence is allowed only where the core's strict pass
// neutralises it: the codec never sees the input (the token is refused
// before the Encoder runs), and the kit shows it by getting the same verdict
// with both encoders. Any divergence on input the core passes to the codec,
// any change of a token's verdict, and any difference in what Sign
// produces fail the run. Everything else is recorded in a Report.
package encodertest
