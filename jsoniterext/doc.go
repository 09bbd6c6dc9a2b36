// Package jsoniterext is a jwt.Encoder backed by github.com/json-iterator/go,
// kept in its own module so the core library stays free of dependencies:
//
//	v, err := jwt.NewVerifier(key, jwt.WithEncoder(jsoniterext.New()))
//
// The core validates every byte before an Encoder decodes it and every byte
// an Encoder returns before it is signed, so the codec cannot change a
// verdict. On top of that, New returns exactly what encoding/json returns,
// byte for byte and value for value, on everything the core passes to it:
// the encodertest kit proves it (see README.md). Where jsoniter differs
// from encoding/json, this package detects the case and hands that one
// call to encoding/json:
//
//   - MarshalJSON output (and json.RawMessage) is copied through only when
//     it is valid, compact JSON with nothing encoding/json would escape, so
//     a claim's MarshalJSON cannot inject members;
//   - output that is not valid UTF-8, pointer-receiver marshalers (which
//     encoding/json calls only on addressable values), and any jsoniter
//     error go to encoding/json;
//   - floats are written with encoding/json's exponent form (1e-7, not
//     1e-07);
//   - input with a member name that is not plain ASCII goes to
//     encoding/json, which matches names to fields by Unicode case folding
//     where jsoniter lowercases ("ſub" folds to "sub", "İat" lowercases to
//     "iat"), and so does any input jsoniter refuses.
//
// Cyclic values still overflow the stack in jsoniter's Marshal (a fatal
// error): never sign a claims value that refers to itself.
package jsoniterext
