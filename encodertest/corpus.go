package encodertest

// runCorpus is replaced by the parse corpus once internal/corpus builds.
func (c *checker) runCorpus() {}
