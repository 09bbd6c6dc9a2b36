// Package jsoniterext is a jwt.Encoder backed by github.com/json-iterator/go,
// kept in its own module so the core library stays free of dependencies:
//
//	v, err := jwt.NewVerifier(key, jwt.WithEncoder(jsoniterext.New()))
//
// The default Encoder, jwt.StdEncoder, is plain encoding/json; jsoniterext
// is the faster opt-in: on an HS256 access token (about 350 bytes of
// claims) it parses into a struct about twice as fast as the default under
// Go 1.26 and a third faster under Go 1.27, and signs about 1.4 times as
// fast (README.md has the measurements).
//
// The core validates every byte before an Encoder decodes it and every byte
// an Encoder returns before it is signed, so the codec cannot change a
// verdict. On top of that, New returns exactly what encoding/json returns,
// byte for byte and value for value: the encodertest kit and the fuzz
// targets compare them (see README.md). Where jsoniter differs from
// encoding/json, this package detects the case and hands that one call to
// encoding/json, or decodes and encodes it itself as encoding/json does:
//
//   - MarshalJSON output (and json.RawMessage) is copied through only when
//     it is valid, compact JSON with nothing encoding/json would escape, so
//     a claim's MarshalJSON cannot inject members;
//   - U+0008 and U+000C are written \b and \f (RFC 8259 section 7), and
//     output that is not valid UTF-8 or holds jsoniter's \ufffd goes to
//     encoding/json;
//   - a json.Number that is not a JSON number (RFC 8259 section 6), byte
//     slices of types with marshalers, string map keys with MarshalText,
//     the string option on anything but booleans and numbers, and
//     pointer-receiver marshalers (which encoding/json calls only on
//     addressable values) go to encoding/json;
//   - floats are written with encoding/json's exponent form (1e-7, not
//     1e-07);
//   - input that is not valid UTF-8, with a member name that is not plain
//     ASCII (encoding/json matches names to fields by Unicode case folding
//     where jsoniter lowercases: "ſub" folds to "sub", "İat" lowercases to
//     "iat"), or with control characters after an escape goes to
//     encoding/json, and so does any input jsoniter refuses;
//   - null leaves a string as it was, as in encoding/json;
//   - member names reach struct fields by name only, never by jsoniter's
//     64-bit hash of the name alone (json-iterator/go#531); structs with a
//     field name that is not plain ASCII, a tag name encoding/json ignores
//     or two names equal under case folding, and json.RawMessage (null is
//     the bytes null), are decoded by encoding/json;
//   - a failed decode into a zero value leaves encoding/json's result.
//
// Called by the core through jwt.ProvenUnmarshaler, with what its strict
// pass proved (valid UTF-8, no control character in a string, which names
// and strings are plain ASCII), the Encoder skips its own scans for those
// and decodes exactly as Unmarshal does. A wrapper that embeds the
// Encoder must forward UnmarshalProven itself, with a ProvenFor returning
// the wrapper, or hide it: the core never takes the inherited methods as
// the wrapper opting in, and calls the wrapper's Unmarshal.
//
// Strings decoded from input without escapes share one copy of the input
// (one allocation per Unmarshal instead of one per string): a kept claim
// string keeps that copy, a few hundred bytes, alive. The caller's buffer
// is never kept.
//
// jsoniter follows references without a bound: past 1000 nested pointers,
// maps and slices a value goes to encoding/json, so a cyclic value gets
// encoding/json's error (*json.UnsupportedValueError) instead of a stack
// overflow. Go arrays, maps with non-string keys, json.Number, structs with
// the string option, structs that embed a pointer to an unexported struct
// and structs that embed themselves are decoded by encoding/json.
package jsoniterext
