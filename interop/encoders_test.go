package interop

import (
	"github.com/jotlib/jwt"
	"github.com/jotlib/jwt/jsoniterext"
)

// namedEncoder is one Encoder dimension of the matrix.
type namedEncoder struct {
	name string
	enc  jwt.Encoder
}

// encoders is the Encoder dimension: the default (encoding/json) and
// jsoniterext. The core must reach the same verdicts and read the same
// claims with either.
var encoders = []namedEncoder{
	{"default", jwt.StdEncoder{}},
	{"jsoniterext", jsoniterext.New()},
}
