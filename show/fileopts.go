package show

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// FileOptions are what the show file says of how to read one of the
// files it names, beyond its columns (issue 26).
type FileOptions struct {
	// HeaderRow is the row of the header, from 1, as Excel numbers it;
	// 0 finds it: the first row that holds the columns the file needs,
	// below any title rows, blank rows and merged cells.
	HeaderRow int
	// ExpectUnmatched: a list (exclusions, register, proxies) that
	// matches no entry is expected, and an official show opens with it.
	ExpectUnmatched bool
}

// Opts is how to read the file at path, a path as the show holds it.
func (s *Show) Opts(path string) FileOptions { return s.files[path] }

// DateFormats are the formats date_format may declare. A date read
// without a declared format must be one no reader could take two ways.
var DateFormats = []string{"DD/MM/YYYY", "MM/DD/YYYY", "DD-MM-YYYY", "MM-DD-YYYY", "DD.MM.YYYY", "YYYY-MM-DD", "YYYY/MM/DD"}

// minCardLength is the shortest card_length.
const minCardLength = 4

// maxHeaderRow is the last row header_row may name.
const maxHeaderRow = 1000

// listYAML is a list the show file names: its file, or a mapping of the
// file and how to read it.
type listYAML struct {
	File  string
	opts  listOptsYAML
	node  *yaml.Node
	shape bool   // neither a file name nor a mapping
	err   string // the mapping's values did not decode
}

type listOptsYAML struct {
	File            string `yaml:"file"`
	HeaderRow       *int   `yaml:"header_row"`
	ExpectUnmatched bool   `yaml:"expect_unmatched"`
}

var listKeys = keysOf(listOptsYAML{})

// listsYAML is the exclusions key: one list, or a sequence of lists
// (self-excluded.xlsx and staff.csv, each with its options).
type listsYAML struct{ lists []listYAML }

func (l *listsYAML) UnmarshalYAML(n *yaml.Node) error {
	seq := deref(n)
	if seq.Kind != yaml.SequenceNode {
		var one listYAML
		if err := one.UnmarshalYAML(n); err != nil {
			return err
		}
		l.lists = []listYAML{one}
		return nil
	}
	for _, c := range seq.Content {
		var one listYAML
		if err := one.UnmarshalYAML(c); err != nil {
			return err
		}
		l.lists = append(l.lists, one)
	}
	return nil
}

// lists reads a key of several lists (see list): their paths, in order,
// each once.
func (s *Show) lists(p *problems, seen map[string]FileOptions, key string, l listsYAML, resolve func(string) string) []string {
	var out []string
	for _, one := range l.lists {
		path := s.list(p, seen, key, one, resolve)
		if path == "" {
			continue
		}
		if slices.Contains(out, path) {
			p.add(one.node, "%s: %s is named twice", key, one.File)
			continue
		}
		out = append(out, path)
	}
	return out
}

func (l *listYAML) UnmarshalYAML(n *yaml.Node) error {
	l.node = deref(n)
	switch l.node.Kind {
	case yaml.ScalarNode:
		if l.node.Tag != "!!null" {
			l.File = l.node.Value
		}
	case yaml.MappingNode:
		if err := l.node.Decode(&l.opts); err != nil {
			l.err = strings.TrimPrefix(err.Error(), "yaml: unmarshal errors:\n  ")
		}
		l.File = l.opts.File
	default:
		l.shape = true
	}
	return nil
}

// list reads the list key names: its path, resolved, and its options,
// kept by path in s when they are not the defaults. seen holds every
// list's options by path so far, for a file named twice.
func (s *Show) list(p *problems, seen map[string]FileOptions, key string, l listYAML, resolve func(string) string) string {
	if l.node == nil {
		return ""
	}
	switch {
	case l.shape:
		p.add(l.node, "%s: a file name, or {%s}", key, strings.Join(listKeys, ", "))
		return ""
	case l.err != "":
		p.add(l.node, "%s: %s", key, l.err)
		return ""
	case l.node.Kind == yaml.MappingNode:
		checkKeys(p, l.node, listKeys, key)
		if strings.TrimSpace(l.File) == "" {
			p.add(l.node, "%s: file is required (the list's file, .csv or .xlsx)", key)
			return ""
		}
	}
	path := resolve(l.File)
	o := FileOptions{ExpectUnmatched: l.opts.ExpectUnmatched}
	if h := l.opts.HeaderRow; h != nil {
		o.HeaderRow = *h
		if *h < 1 || *h > maxHeaderRow {
			p.add(value(l.node, "header_row"), "%s: header_row %d is out of range 1..%d", key, *h, maxHeaderRow)
		}
	}
	if path == "" {
		return ""
	}
	if was, ok := seen[path]; ok && was != o {
		p.add(l.node, "%s is named twice, %s: give it the same options each time", l.File, differ(was, o))
	}
	seen[path] = o
	if o != (FileOptions{}) {
		if s.files == nil {
			s.files = map[string]FileOptions{}
		}
		s.files[path] = o
	}
	return path
}

// differ says how two files' options differ.
func differ(a, b FileOptions) string {
	if a.ExpectUnmatched != b.ExpectUnmatched {
		return "once with expect_unmatched: true and once without"
	}
	return fmt.Sprintf("once with header_row %d and once with %d", a.HeaderRow, b.HeaderRow)
}

// dateFormat reads a date_format: one of DateFormats, whatever its case.
func dateFormat(p *problems, n *yaml.Node, where, f string) string {
	if f == "" {
		return ""
	}
	u := strings.ToUpper(strings.TrimSpace(f))
	for _, d := range DateFormats {
		if u == d {
			return d
		}
	}
	p.add(n, "%sdate_format %q is not one of %s", where, f, strings.Join(DateFormats, ", "))
	return ""
}
