//go:build goexperiment.jsonv2 && go1.27

package codecs

import (
	"encoding/json/v2"
	"runtime"
)

// stdlibV2 measures the standard library's encoding/json/v2, available
// under GOEXPERIMENT=jsonv2.
func stdlibV2() []codec {
	return []codec{{"encoding/json/v2 (" + runtime.Version() + ", GOEXPERIMENT=jsonv2)", funcs{
		func(v any) ([]byte, error) { return json.Marshal(v) },
		func(b []byte, v any) error { return json.Unmarshal(b, v) },
	}}}
}
