package codecs

import (
	"flag"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/bytedance/sonic"
	jsonv2 "github.com/go-json-experiment/json"
	jsonv1 "github.com/go-json-experiment/json/v1"
	goccy "github.com/goccy/go-json"
	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/encodertest"
	"github.com/jotlib/jwt/jsoniterext"
	jsoniter "github.com/json-iterator/go"
)

// table, when set, is where TestCodecs writes the Markdown table.
var table = flag.String("table", "", "write the per-codec table (Markdown) to this file")

// funcs adapts a codec's two functions to jwt.Encoder (test-only).
type funcs struct {
	marshal   func(any) ([]byte, error)
	unmarshal func([]byte, any) error
}

func (f funcs) Marshal(v any) ([]byte, error)   { return f.marshal(v) }
func (f funcs) Unmarshal(b []byte, v any) error { return f.unmarshal(b, v) }

// codec is one measured codec.
type codec struct {
	name string
	enc  jwt.Encoder
}

func jsoniterRaw(api jsoniter.API) jwt.Encoder { return funcs{api.Marshal, api.Unmarshal} }

// codecs are the measured codecs, encoding/json first as the reference.
func codecs() []codec {
	list := []codec{
		{"encoding/json (" + runtime.Version() + ")", jwt.StdEncoder{}},
		{"jsoniterext.New()", jsoniterext.New()},
		{"jsoniter v1.1.12 ConfigCompatibleWithStandardLibrary", jsoniterRaw(jsoniter.ConfigCompatibleWithStandardLibrary)},
		{"jsoniter v1.1.12 ConfigDefault", jsoniterRaw(jsoniter.ConfigDefault)},
		{"jsoniter v1.1.12 ConfigFastest", jsoniterRaw(jsoniter.ConfigFastest)},
		{"goccy/go-json v0.12.0", funcs{goccy.Marshal, goccy.Unmarshal}},
		{"bytedance/sonic v1.15.5 ConfigStd", funcs{sonic.ConfigStd.Marshal, sonic.ConfigStd.Unmarshal}},
		{"bytedance/sonic v1.15.5 ConfigDefault", funcs{sonic.ConfigDefault.Marshal, sonic.ConfigDefault.Unmarshal}},
		{"go-json-experiment/json v1.27.2 (v2 semantics)", funcs{func(v any) ([]byte, error) { return jsonv2.Marshal(v) }, func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) }}},
		{"go-json-experiment/json/v1 v1.27.2 (v1 on the v2 engine)", funcs{jsonv1.Marshal, jsonv1.Unmarshal}},
	}
	return append(list, stdlibV2()...)
}

// TestCodecs runs the kit against every codec, records every divergence,
// and fails only when a codec changes a token's verdict on the parse side.
// The codecs are checked side by side (each Run shares nothing with the
// others but encoding/json's memoized results); the table, in the codecs'
// order, is written once all of them are done.
func TestCodecs(t *testing.T) {
	list := codecs()
	reports := make([]*encodertest.Report, len(list))
	t.Cleanup(func() {
		var done []*encodertest.Report
		for _, r := range reports {
			if r != nil {
				done = append(done, r)
			}
		}
		var b strings.Builder
		encodertest.WriteTable(&b, done...)
		t.Log("\n" + b.String())
		if *table != "" {
			if err := os.WriteFile(*table, []byte(b.String()), 0o644); err != nil {
				t.Error(err)
			}
		}
	})
	for i, c := range list {
		t.Run(strings.NewReplacer(" ", "_", "/", "_").Replace(c.name), func(t *testing.T) {
			t.Parallel()
			reports[i] = encodertest.Run(t, c.enc, encodertest.RecordOnly(), encodertest.WithName(c.name))
		})
	}
}
