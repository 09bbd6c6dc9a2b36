// Package releasecheck holds the checks RELEASING.md runs before a tag, as
// tests of the examples module (so scripts/test-all.sh and CI run them):
//
//   - every committed go.mod has no replace directive, says go 1.26 (or
//     1.26.0, which go mod tidy writes when a requirement says it), and
//     requires this repository's modules at the version the release tags;
//   - every ```go block of the README is, byte for byte, the file of
//     examples/ its marker comment names, and that file's package has a test
//     that runs it;
//   - an outside user, in an empty module with a file-based module proxy
//     built from a tagged clone of this repository, can go get the root
//     module and jsoniterext at that tag and build and run both quick-start
//     programs taken from the README.
//
// The package's non-test code writes module proxy files and reads the README.
package releasecheck

// Version is the version the first release tags: the root module as v1.0.0,
// jsoniterext as jsoniterext/v1.0.0. The side modules require it.
const Version = "v1.0.0"

// GoDirective is the go directive of every module and of go.work: the
// oldest Go release on which CI runs the whole suite.
const GoDirective = "1.26"
