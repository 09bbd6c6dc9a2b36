package releasecheck

import (
	"bytes"
	"fmt"
	"strings"
)

// Block is one ```go block of a Markdown file and the file it claims to be.
type Block struct {
	File string // slash-separated path from the repository root
	Line int    // line of the opening fence
	Code []byte // the lines between the fences, each ending in "\n"
}

// markerPrefix and markerSuffix surround the file name in the HTML comment
// that must directly precede every ```go block:
//
//	<!-- file: examples/quickstart/main.go -->
const (
	markerPrefix = "<!-- file: "
	markerSuffix = " -->"
)

// GoBlocks returns the ```go blocks of a Markdown document with the file
// their marker names. A block without a marker, or one left open, is an
// error: every Go block of the README must be a tested file.
func GoBlocks(md []byte) ([]Block, error) {
	var blocks []Block
	lines := strings.SplitAfter(string(md), "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimRight(lines[i], "\r\n") != "```go" {
			continue
		}
		prev := ""
		if i > 0 {
			prev = strings.TrimRight(lines[i-1], "\r\n")
		}
		rest, hasPrefix := strings.CutPrefix(prev, markerPrefix)
		file, hasSuffix := strings.CutSuffix(rest, markerSuffix)
		if !hasPrefix || !hasSuffix || file == "" {
			return nil, fmt.Errorf("line %d: ```go block without a %q marker on the line before", i+1, markerPrefix+"PATH"+markerSuffix)
		}
		var code bytes.Buffer
		j := i + 1
		for ; j < len(lines) && strings.TrimRight(lines[j], "\r\n") != "```"; j++ {
			code.WriteString(lines[j])
		}
		if j == len(lines) {
			return nil, fmt.Errorf("line %d: ```go block never closed", i+1)
		}
		blocks = append(blocks, Block{File: file, Line: i + 1, Code: code.Bytes()})
		i = j
	}
	return blocks, nil
}
