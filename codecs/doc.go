// Package codecs measures third-party JSON codecs with the encodertest kit
// as references for jsoniterext's README: goccy/go-json, bytedance/sonic,
// go-json-experiment/json (the encoding/json/v2 design) and jsoniter's raw
// configurations. It is a test-only module: none of these is shipped as a
// jwt.Encoder, and its tests fail only when a codec changes a token's
// verdict on the parse side, which the core must prevent whatever the
// codec. Every other divergence is recorded in the table.
package codecs
