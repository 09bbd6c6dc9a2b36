// Package sentinel holds the library's root sentinel errors where every
// package can reach them, so an error from claims, signing or jwk matches
// the jwt package's sentinel with errors.Is: each is defined once.
package sentinel

import "errors"

// Root sentinels the jwt package re-exports (jwt.ErrTokenMalformed,
// jwt.ErrInvalidOption).
var (
	TokenMalformed = errors.New("jwt: token is malformed")
	InvalidOption  = errors.New("jwt: invalid option")
)

// Child is an error with its own message that also matches Parent with
// errors.Is, so messages do not repeat the parent's text.
type Child struct {
	Msg    string
	Parent error
}

// New returns a Child of parent.
func New(msg string, parent error) error { return &Child{Msg: msg, Parent: parent} }

// Error returns the child's own message.
func (e *Child) Error() string { return e.Msg }

// Unwrap returns the parent sentinel.
func (e *Child) Unwrap() error { return e.Parent }
