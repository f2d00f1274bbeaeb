package verify

import "drawshow/data/record"

// An Option has a verify read as another release would: one that knows a
// record format or a column this release does not. The programs pass
// none; a test passes them to verify what a later or an earlier release
// wrote.
type Option func(*options)

// options are what a verify reads beyond this release's formats and
// record.Since.
type options struct {
	formats []string       // the layouts of record.json read beside formats
	since   map[string]int // what a format added, beside record.Since
}

// ReadingFormat has a verify read an export of format too (such as
// "drawshow-record/2"), as the release that wrote it would.
func ReadingFormat(format string) Option {
	return func(o *options) { o.formats = append(o.formats, format) }
}

// AddedIn has a verify hold what (a key as record.Since names it) to be
// added by the format numbered n, as a later release would.
func AddedIn(what string, n int) Option {
	return func(o *options) {
		if o.since == nil {
			o.since = map[string]int{}
		}
		o.since[what] = n
	}
}

func optionsOf(opts []Option) options {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// edition is the record format an export was written in (its number), and
// what a later format added as this verify counts it.
type edition struct {
	format int
	since  map[string]int // Option AddedIn's, over record.Since
}

// added reports whether what (a key of record.Since) came after the
// export's format, so that the export need not hold it.
func (e edition) added(what string) bool {
	if n, ok := e.since[what]; ok {
		return n > e.format
	}
	return record.Added(what, e.format)
}
