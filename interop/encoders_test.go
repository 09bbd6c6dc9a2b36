package interop

import (
	jsoniter "github.com/json-iterator/go"

	"github.com/jotlib/jwt"
)

// namedEncoder is one Encoder dimension of the matrix.
type namedEncoder struct {
	name string
	enc  jwt.Encoder
}

// encoders is the Encoder dimension: the default (encoding/json) and
// jsoniter. The core must reach the same verdicts and read the same claims
// with either.
var encoders = []namedEncoder{
	{"default", jwt.StdEncoder{}},
	{"jsoniterext", jsoniterEncoder{}},
}

// jsoniterEncoder is a stand-in for jsoniterext.New() built on jsoniter's
// standard-library-compatible configuration.
type jsoniterEncoder struct{}

var jsoniterStd = jsoniter.ConfigCompatibleWithStandardLibrary

func (jsoniterEncoder) Marshal(v any) ([]byte, error)      { return jsoniterStd.Marshal(v) }
func (jsoniterEncoder) Unmarshal(data []byte, v any) error { return jsoniterStd.Unmarshal(data, v) }
