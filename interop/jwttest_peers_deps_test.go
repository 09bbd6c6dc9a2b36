package interop

// The peers the jwttest interop tests drive (keyfunc, go-oidc, x/oauth2);
// this file keeps them in go.mod until those tests import them.
import (
	_ "github.com/MicahParks/keyfunc/v3"
	_ "github.com/coreos/go-oidc/v3/oidc"
	_ "golang.org/x/oauth2"
)
