//go:build !goexperiment.jsonv2 || !go1.27

package codecs

// stdlibV2 is empty without GOEXPERIMENT=jsonv2 (on by default from Go
// 1.27), or before Go 1.27: the standard library's
// encoding/json/v2 is not built then; go-json-experiment/json stands in.
func stdlibV2() []codec { return nil }
