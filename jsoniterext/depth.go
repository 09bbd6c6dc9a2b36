package jsoniterext

import (
	"sync"
	"unsafe"

	jsoniter "github.com/json-iterator/go"
)

// maxEncodeDepth bounds how many pointers, maps and slices jsoniter may be
// inside at once while Marshal or AppendMarshal encodes one value. jsoniter
// follows references without a bound, so a value that refers to itself
// would overflow the stack (fatal, not recoverable). Past the bound the
// value goes to encoding/json, which starts its own cycle check at the same
// depth: it returns its error for a cycle (*json.UnsupportedValueError),
// and encodes a deep acyclic value (or refuses it) as it always does. The
// core's strict pass allows a nesting depth of 64, far below.
const maxEncodeDepth = 1000

// maxPooledBuffer is the largest stream buffer kept for reuse.
const maxPooledBuffer = 64 << 10

// encodeState rides along one Marshal or AppendMarshal in its stream's
// Attachment.
type encodeState struct {
	stream *jsoniter.Stream
	depth  int
}

// exactStates holds encodeStates with streams of exactAPI, attached once.
var exactStates = sync.Pool{New: func() any {
	st := &encodeState{stream: jsoniter.NewStream(exactAPI, nil, 512)}
	st.stream.Attachment = st
	return st
}}

// borrowState returns an encodeState with an empty stream of e's
// configuration.
func (e *Encoder) borrowState() *encodeState {
	if e.states == nil {
		st := &encodeState{stream: e.api.BorrowStream(nil)}
		st.stream.Attachment = st
		return st
	}
	st := e.states.Get().(*encodeState)
	st.stream.Reset(nil)
	st.stream.Error = nil
	st.depth = 0
	return st
}

// returnState gives st back; a stream grown past maxPooledBuffer is
// dropped rather than kept alive.
func (e *Encoder) returnState(st *encodeState) {
	if e.states == nil {
		e.api.ReturnStream(st.stream)
		return
	}
	if cap(st.stream.Buffer()) <= maxPooledBuffer {
		e.states.Put(st)
	}
}

// enter counts one more reference being encoded on stream; false (with
// the stream failed, so that the value goes to encoding/json) when the
// bound is reached. Outside Marshal and AppendMarshal (jsoniter's own API
// on this configuration) there is no state and no bound.
func enter(stream *jsoniter.Stream) (*encodeState, bool) {
	st, _ := stream.Attachment.(*encodeState)
	if st == nil {
		return nil, true
	}
	if st.depth >= maxEncodeDepth || stream.Error != nil {
		if stream.Error == nil {
			stream.Error = errUseStd
		}
		return nil, false
	}
	st.depth++
	return st, true
}

// leave ends what enter began.
func leave(st *encodeState) {
	if st != nil {
		st.depth--
	}
}

// bounded counts depth around jsoniter's encoders of pointers, maps and
// slices: every cycle in a value passes through one of them.
type bounded struct{ jsoniter.ValEncoder }

func (b bounded) Encode(ptr unsafe.Pointer, stream *jsoniter.Stream) {
	st, ok := enter(stream)
	if !ok {
		return
	}
	b.ValEncoder.Encode(ptr, stream)
	leave(st)
}
