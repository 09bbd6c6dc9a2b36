// Package sentinel makes every sentinel error of the library, one way (New),
// and holds the jwt package's own (roots.go) where every package reaches
// them: internal/signing, internal/claimrules and claims cannot import jwt,
// which imports them, yet their errors must match jwt's sentinels with
// errors.Is. Each sentinel is made once; jwt.ErrX is X.
package sentinel

// New makes a sentinel error. msg is its whole message (a child does not
// repeat its parent's text); the error matches each of parents with
// errors.Is, and none for one of the jwt package's own. With one parent it
// unwraps to it (errors.Unwrap); with several it unwraps to all of them, as
// errors.Join does. Nil parents are dropped.
func New(msg string, parents ...error) error {
	var kept []error
	for _, p := range parents {
		if p != nil {
			kept = append(kept, p)
		}
	}
	if len(kept) > 1 {
		return &multi{msg: msg, parents: kept}
	}
	s := &single{msg: msg}
	if len(kept) == 1 {
		s.parent = kept[0]
	}
	return s
}

// single is a sentinel with no parent or one.
type single struct {
	msg    string
	parent error
}

func (e *single) Error() string { return e.msg }
func (e *single) Unwrap() error { return e.parent }

// multi is a sentinel with several parents.
type multi struct {
	msg     string
	parents []error
}

func (e *multi) Error() string   { return e.msg }
func (e *multi) Unwrap() []error { return e.parents }
