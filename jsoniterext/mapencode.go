package jsoniterext

import (
	"slices"
	"strings"
	"unsafe"

	jsoniter "github.com/json-iterator/go"
)

// anyMapEncoder writes a map[string]any as encoding/json does: members
// sorted by name (byte order of the names, before escaping), names
// escaped with HTML escaping, values by their own encoders. jsoniter's
// sorted-map encoder writes every member into a second stream and reads
// each name back before sorting. It counts depth as bounded does (a map
// that contains itself goes to encoding/json).
type anyMapEncoder struct{}

func (anyMapEncoder) own() {}

type member struct {
	name  string
	value any
}

func (anyMapEncoder) IsEmpty(ptr unsafe.Pointer) bool { return len(*(*map[string]any)(ptr)) == 0 }

func (anyMapEncoder) Encode(ptr unsafe.Pointer, stream *jsoniter.Stream) {
	m := *(*map[string]any)(ptr)
	if m == nil {
		stream.WriteNil()
		return
	}
	st, ok := enter(stream)
	if !ok {
		return
	}
	var buf [16]member
	list := buf[:0]
	for k, v := range m {
		list = append(list, member{k, v})
	}
	slices.SortFunc(list, func(a, b member) int { return strings.Compare(a.name, b.name) })
	stream.WriteObjectStart()
	for i, mb := range list {
		if i > 0 {
			stream.WriteMore()
		}
		stream.WriteStringWithHTMLEscaped(mb.name)
		stream.WriteRaw(":")
		stream.WriteVal(mb.value)
	}
	stream.WriteObjectEnd()
	leave(st)
}
