package jwt

import "sync"

// buffers recycles the byte buffers a parse or a sign works in (the
// decoded claims, the encoded claims); the caller never keeps one.
var buffers = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// getBuffer returns an empty buffer from the pool.
func getBuffer() *[]byte { return buffers.Get().(*[]byte) }

// putBuffer returns b, grown or not, to the pool; buffers over 64 KiB are
// left to the garbage collector.
func putBuffer(b *[]byte) {
	if cap(*b) <= 64<<10 {
		*b = (*b)[:0]
		buffers.Put(b)
	}
}

// pooledOrNil returns b's empty buffer, or nil for a nil b (a fresh one).
func pooledOrNil(b *[]byte) []byte {
	if b == nil {
		return nil
	}
	return (*b)[:0]
}
