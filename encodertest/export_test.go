package encodertest

import "io"

// The Report's helpers behind Run's log and WriteTable, exported to this
// package's external tests only.

func (r *Report) Count(s Status) int          { return r.count(s) }
func (r *Report) Panics() []Result            { return r.panicked() }
func (r *Report) RegisteredChanges() []Result { return r.registeredChanges() }
func (r *Report) Summary() []string           { return r.summary() }
func (r *Report) WriteDetails(w io.Writer)    { r.writeDetails(w) }

// SummaryHeader names the columns of WriteTable's table.
var SummaryHeader = summaryHeader
