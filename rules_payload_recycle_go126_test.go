//go:build !(go1.27 && goexperiment.jsonv2)

package jwt_test

// keepingClaimsTypesGo127: none before Go 1.27's encoding/json.
func keepingClaimsTypesGo127() []keptBy { return nil }
