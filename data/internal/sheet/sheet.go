package sheet

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"iter"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"drawshow/show"
)

// Reader streams the rows of a CSV or XLSX file. The first non-blank row
// is the header; Next skips rows whose cells are all blank.
//
// Rows are numbered as a spreadsheet program shows them, counting from 1 at
// the top of the file, so a number in an error message leads the promotions
// manager to the row in Excel.
type Reader struct {
	Path      string // the file, as errors name it
	HeaderRow int    // header_row: the header's row; 0 to find it
	// Ahead, when set, is called on Next's goroutine with the rows of
	// each batch read ahead (the cells as Record gives them), as Next
	// reaches the batch and before it gives the first of them: for the
	// caller to warm what those rows will look up.
	Ahead      func(rows iter.Seq[[]string])
	src        rowSource
	header     []string
	headerLine int
	headerEnd  int64 // where the rows start, when the source knows
	line       int
	rec        []string
	err        error
}

// rowSource yields a file's rows, blank ones included, with their row
// numbers; it returns io.EOF after the last. The next call may reuse rec.
type rowSource interface {
	next() (line int, rec []string, err error)
	// progress returns the bytes read so far and the file's size, or zeros
	// when they are not known.
	progress() (done, size int64)
	// useHeader gives the header's cells, which name columns in errors.
	useHeader(h []string)
	// sha256 is the SHA-256 of every byte of the file, in hex, read
	// once: after the last row, of the bytes the rows came from.
	sha256() (string, error)
	close() error
}

// Open opens path and reads up to its header. The format follows the
// extension: .csv and .txt are delimited text, .xlsx is an Excel workbook, of
// which sheet is read, or the first sheet when sheet is empty.
//
// The file is opened and read once, and hashed as it is read: the SHA-256
// the record keeps is of the very bytes parsed, never of a second read
// that a changed file or a FIFO could serve differently.
func Open(path, sheet string) (*Reader, error) { return OpenWith(path, sheet, nil) }

// OpenWith is Open, opening the file with open (nil: os.Open). What open
// returns must still be a regular file.
func OpenWith(path, sheet string, open Opener) (*Reader, error) {
	ext := strings.ToLower(filepath.Ext(path))
	switch ext {
	case ".csv", ".txt":
		if sheet != "" {
			return nil, fmt.Errorf("%s: sheet %q given, but a CSV file has no sheets", path, sheet)
		}
	case ".xlsx":
	default:
		return nil, fmt.Errorf("%s: unsupported file type %q (use .csv, .txt or .xlsx)", path, filepath.Ext(path))
	}
	f, size, err := openRegular(path, open)
	if err != nil {
		return nil, err
	}
	hr := newHashReader(f)
	var src rowSource
	if ext == ".xlsx" {
		src, err = openXLSX(path, sheet, f, hr)
	} else {
		src, err = newCSVSource(path, f, hr, size)
	}
	if err != nil {
		return nil, err
	}
	return headerOf(path, src)
}

// FromCSV reads up to the header of the delimited text r serves, which
// is size bytes long, as Open does a file path names. It is how a test
// hands a reader an endless stream that no file could hold.
func FromCSV(path string, r io.ReadCloser, size int64) (*Reader, error) {
	src, err := newCSVSource(path, r, newHashReader(r), size)
	if err != nil {
		return nil, err
	}
	return headerOf(path, src)
}

// Progress returns the bytes read so far and the file's size, or zeros
// when they are not known (a workbook's).
func (t *Reader) Progress() (done, size int64) { return t.src.progress() }

// headerOf reads src up to its first non-blank row, the header until
// findColumns looks further (title rows above it; header_row).
func headerOf(path string, src rowSource) (*Reader, error) {
	t := &Reader{Path: path, src: src}
	ok, err := t.TakeHeader()
	if err != nil {
		src.close()
		return nil, err
	}
	if !ok {
		src.close()
		return nil, fmt.Errorf("%s: the file is empty: it needs a header row naming its columns", path)
	}
	return t, nil
}

// TakeHeader makes the next non-blank row the header. It reports false
// at the end of the file.
func (t *Reader) TakeHeader() (bool, error) {
	for {
		line, rec, err := t.src.next()
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if blank(rec) {
			continue
		}
		t.headerLine = line
		t.headerEnd, _ = t.src.progress()
		t.header = make([]string, len(rec))
		for i, h := range rec {
			t.header[i] = strings.TrimSpace(h)
		}
		t.src.useHeader(t.header)
		return true, nil
	}
}

// SeekHeader makes row n the header, as header_row says: the rows above
// it are passed over.
func (t *Reader) SeekHeader(n int) *FileError {
	bad := func(msg string) *FileError {
		return &FileError{File: t.Path, Total: 1, Errs: []CellError{{Row: n, Msg: msg}}}
	}
	for t.headerLine < n {
		ok, err := t.TakeHeader()
		if err != nil {
			var fe *FileError
			if errors.As(err, &fe) {
				return fe
			}
			return bad(err.Error())
		}
		if !ok {
			return bad(fmt.Sprintf("the show file's header_row is %d, and the file ends before that row", n))
		}
	}
	if t.headerLine > n {
		return bad(fmt.Sprintf("the show file's header_row is %d, and row %d is blank", n, n))
	}
	return nil
}

// Header returns the header cells, trimmed.
func (t *Reader) Header() []string { return t.header }

// HeaderLine returns the row number of the header.
func (t *Reader) HeaderLine() int { return t.headerLine }

// Next advances to the next non-blank row. It returns false at the end of the
// file or on an error, which Err then reports.
func (t *Reader) Next() bool {
	if t.err != nil {
		return false
	}
	a, ok := t.src.(*aheadSource)
	if !ok {
		a = newAheadSource(t.src) // the header found: the rows are read ahead
		t.src = a
	}
	a.onBatch = t.Ahead
	for {
		line, rec, err := t.src.next()
		if err != nil {
			if err != io.EOF {
				t.err = err
			}
			return false
		}
		if !blank(rec) {
			t.line, t.rec = line, rec
			return true
		}
	}
}

// Line returns the row number of the current row.
func (t *Reader) Line() int { return t.line }

// Record returns the cells of the current row, untrimmed. The next call to
// Next may reuse the slice; the strings may be kept.
func (t *Reader) Record() []string { return t.rec }

// Err returns the error that stopped Next. A problem with the file's content
// is a *FileError.
func (t *Reader) Err() error { return t.err }

// EstimateRows guesses the number of rows below the header from the bytes
// the rows read so far took, or returns 0 when it cannot tell.
func (t *Reader) EstimateRows(read int) int {
	done, size := t.src.progress()
	if read == 0 || done <= t.headerEnd || size <= done {
		return 0
	}
	perRow := float64(done-t.headerEnd) / float64(read)
	return int(float64(size-t.headerEnd) / perRow)
}

// Close releases the file.
func (t *Reader) Close() error { return t.src.close() }

// SHA256 is the file's SHA-256 in hex, of the bytes its rows were read
// from; call it after the last row.
func (t *Reader) SHA256() (string, error) {
	sum, err := t.src.sha256()
	if err != nil {
		return "", fmt.Errorf("%s: %v", t.Path, err)
	}
	return sum, nil
}

func blank(rec []string) bool {
	for _, s := range rec {
		if strings.TrimSpace(s) != "" {
			return false
		}
	}
	return true
}

// ColumnName returns the spreadsheet name of the 0-based column i: A, B, …, AA.
func ColumnName(i int) string {
	name, err := excelize.ColumnNumberToName(i + 1)
	if err != nil {
		return strconv.Itoa(i + 1)
	}
	return name
}

// csvSource reads delimited text.
type csvSource struct {
	path     string
	file     io.Closer
	hash     *hashReader
	size     int64
	r        *csvReader
	header   []string // for naming columns in errors
	embedded int      // line breaks inside quoted fields so far
	lim      *lineLimit
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// newCSVSource reads f through hr, of size bytes (0 when not known), as
// the file path.
func newCSVSource(path string, f io.Closer, hr *hashReader, size int64) (*csvSource, error) {
	br := bufio.NewReaderSize(hr, 64<<10)
	head, err := br.Peek(br.Size())
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if bytes.HasPrefix(head, utf8BOM) {
		br.Discard(len(utf8BOM))
		head = head[len(utf8BOM):]
	} else if bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF}) {
		f.Close()
		return nil, fmt.Errorf(`%s: the file is UTF-16 text (Excel's "Unicode Text"); save it as "CSV UTF-8" instead`, path)
	}
	comma := detectDelimiter(head)
	lim := newLineLimit(br, comma)
	// With a tab delimiter, trimming leading white space would swallow the
	// tabs of empty fields.
	r := newCSVReader(lim, byte(comma), comma != '\t')
	return &csvSource{path: path, file: f, hash: hr, size: size, r: r, lim: lim}, nil
}

// The limits on what a file's rows may hold. Nothing a Rewards system
// exports comes near them; past them a file is refused before a huge
// field is read into memory.
const (
	MaxName  = show.MaxName // characters of a name (and of an area, a property)
	MaxField = 1 << 10      // bytes of any cell
	MaxLine  = 64 << 10     // bytes of a row, quoted line breaks and all
)

// errTooLong is the error lineLimit stops a reader with.
type errTooLong struct {
	line, col int    // the line of the file where the row starts, and the 0-based column where the limit was passed
	field     bool   // a cell is too long, not the row
	head      string // the cell's first bytes
}

func (e *errTooLong) Error() string { return "too long" }

// lineLimit passes a CSV file through to its reader until a row is longer
// than MaxLine bytes, and then fails with errTooLong. It follows quotes,
// delimiters and line breaks as it goes, so it knows the row and column,
// and the reader never holds more than MaxLine bytes of a row: a file of
// 200 MB with no line break is refused after 64 KiB. (A cell past MaxField
// in a row within the limit is refused once the row is read.)
type lineLimit struct {
	r      io.Reader
	comma  byte
	line   int // line of the file the next byte is on, from 1
	start  int // line of the file the row starts on
	row    int // bytes of the row so far
	cell   int // bytes of the cell so far
	col    int
	quoted bool
	head   []byte // the cell's first bytes, for the message
	err    error
}

func (l *lineLimit) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	n, err := l.r.Read(p)
	for i := 0; i < n; {
		if i > 0 && !l.quoted && n-i <= MaxLine && bytes.IndexByte(p[i:n], '"') < 0 {
			// From a row's start on, no quotes: the rows up to the last
			// line break are shorter than what is left of p, so no longer
			// than MaxLine, and only the last, which goes on past p, is
			// followed byte by byte.
			last := bytes.LastIndexByte(p[i:n], '\n') // -1: the row goes on past p
			l.line += bytes.Count(p[i:i+last+1], []byte{'\n'})
			l.start = l.line
			i += last + 1
			if i == n {
				break
			}
		}
		rest := p[i:n]
		end := bytes.IndexByte(rest, '\n')
		if end < 0 {
			end = len(rest)
		}
		line := rest[:end]
		switch {
		case bytes.IndexByte(line, '"') >= 0:
			l.quotes(line)
		case l.quoted: // the middle of a quoted cell that holds line breaks
			l.row += len(line)
			l.cell += len(line)
			l.keep(line)
		default:
			l.row += len(line)
			if c := bytes.LastIndexByte(line, l.comma); c >= 0 {
				l.col += bytes.Count(line, []byte{l.comma})
				l.cell, l.head = 0, l.head[:0]
				line = line[c+1:]
			}
			l.cell += len(line)
			l.keep(line)
		}
		if l.row > MaxLine {
			// the reader holds no more of the row than this
			l.err = &errTooLong{line: l.start, col: l.col, field: l.cell > 2*MaxField+2, head: strings.ToValidUTF8(string(l.head), "")}
			return i, l.err
		}
		if end == len(rest) {
			break
		}
		l.line++
		if l.quoted {
			l.row++
			l.cell++
		} else {
			l.row, l.cell, l.col, l.head = 0, 0, 0, l.head[:0]
			l.start = l.line
		}
		i += end + 1
	}
	return n, err
}

// quotes follows a piece of a line that holds quotes byte by byte.
func (l *lineLimit) quotes(line []byte) {
	for i, c := range line {
		switch {
		case c == '"':
			l.quoted = !l.quoted
		case c == l.comma && !l.quoted:
			l.col++
			l.row++
			l.cell, l.head = 0, l.head[:0]
			continue
		}
		l.row++
		l.cell++
		l.keep(line[i : i+1])
	}
}

// keep adds the start of b to the cell's first bytes.
func (l *lineLimit) keep(b []byte) {
	if room := cap(l.head) - len(l.head); room > 0 {
		l.head = append(l.head, b[:min(room, len(b))]...)
	}
}

// newLineLimit limits r, a CSV file with delimiter comma.
func newLineLimit(r io.Reader, comma rune) *lineLimit {
	return &lineLimit{r: r, comma: byte(comma), line: 1, start: 1, head: make([]byte, 0, 24)}
}

// detectDelimiter picks comma, semicolon or tab: the one that occurs
// most, outside quotes, in a line of the first lines that hold anything
// else (the line where one occurs most decides). So a title above the
// header ("Rewards export, 30/11/2024"), with none or fewer, does not.
// Ties go to the earlier in that list, and to the earlier line.
func detectDelimiter(head []byte) rune {
	const delims = ",;\t"
	const lines = 20 // the lines with content looked at
	var count [len(delims)]int
	best, most, seen := 0, 0, 0
	inQuote, content := false, false
	end := func() { // the line's counts, if it held anything else
		if content {
			seen++
			for i := range count {
				if count[i] > most {
					best, most = i, count[i]
				}
			}
		}
		count, content = [len(delims)]int{}, false
	}
	for _, c := range head {
		if c == '"' {
			inQuote = !inQuote
			content = true
			continue
		}
		if inQuote {
			continue
		}
		if c == '\n' {
			if end(); seen == lines {
				break
			}
			continue
		}
		if i := strings.IndexByte(delims, c); i >= 0 {
			count[i]++
		} else if c != ' ' && c != '\r' {
			content = true
		}
	}
	if seen < lines {
		end()
	}
	return rune(delims[best])
}

func (s *csvSource) next() (int, []string, error) {
	rec, err := s.r.Read()
	if err != nil {
		var pe *csv.ParseError
		var long *errTooLong
		switch {
		case errors.As(err, &long):
			return 0, nil, s.tooLong(long)
		case errors.As(err, &pe):
			return 0, nil, s.parseError(pe)
		}
		if err == io.EOF {
			return 0, nil, io.EOF
		}
		return 0, nil, fmt.Errorf("%s: %w", s.path, err)
	}
	line := s.r.start - s.embedded
	if s.r.line > s.r.start { // line breaks inside quotes
		s.embedded += strings.Count(s.r.text, "\n")
	}
	long := false
	for _, f := range rec {
		long = long || len(f) > MaxField
	}
	if long || !utf8.ValidString(s.r.text) { // the first field that is, in order
		for i, f := range rec {
			if len(f) > MaxField {
				return 0, nil, tooLongCell(s.path, line, s.column(i), f)
			}
			if !utf8.ValidString(f) {
				return 0, nil, &FileError{File: s.path, Total: 1, Errs: []CellError{{
					Row: line, Column: s.column(i), Value: f,
					Msg: fmt.Sprintf(`%q is not UTF-8 text: save the file as "CSV UTF-8"`, f),
				}}}
			}
		}
	}
	return line, rec, nil
}

func (s *csvSource) useHeader(h []string) { s.header = h }

// tooLong is the problem of a row or cell past the limits; the row is
// counted as next counts rows, from the line where the limit was passed.
func (s *csvSource) tooLong(e *errTooLong) error {
	c := CellError{Row: e.line - s.embedded, Column: s.column(e.col), Value: e.head + "…"}
	if e.field {
		c.Msg = fmt.Sprintf("the value %q is longer than %d bytes, the most a cell may hold", c.Value, MaxField)
	} else {
		c.Msg = fmt.Sprintf("the row is longer than %d KiB, the most a row may hold (in the value %q): is a line break or a closing quote missing?", MaxLine>>10, c.Value)
	}
	return &FileError{File: s.path, Total: 1, Errs: []CellError{c}}
}

// tooLongCell is the problem of a cell past MaxField.
func tooLongCell(path string, row int, col, v string) error {
	c := CellError{Row: row, Column: col, Value: Shorten(v)}
	c.Msg = fmt.Sprintf("the value %q is %d bytes long, more than the %d a cell may hold", c.Value, len(v), MaxField)
	return &FileError{File: path, Total: 1, Errs: []CellError{c}}
}

// Shorten is the first characters of a long value, for a message.
func Shorten(v string) string {
	const keep = 24
	n := 0
	for i := range v {
		if n == keep {
			return v[:i] + "…"
		}
		n++
	}
	return v
}

func (s *csvSource) column(i int) string {
	if i < len(s.header) && s.header[i] != "" {
		return s.header[i]
	}
	return ColumnName(i)
}

func (s *csvSource) parseError(pe *csv.ParseError) error {
	msg := pe.Err.Error()
	switch {
	case errors.Is(pe.Err, csv.ErrBareQuote):
		msg = `a " inside a value that does not start with a quote: put the whole value in quotes and double the " inside it`
	case errors.Is(pe.Err, csv.ErrQuote):
		msg = `a quoted value is not closed, or text follows its closing quote`
	}
	return &FileError{File: s.path, Total: 1, Errs: []CellError{{Row: pe.StartLine - s.embedded, Msg: msg}}}
}

func (s *csvSource) progress() (int64, int64) { return s.r.offset, s.size }

func (s *csvSource) close() error {
	s.hash.stop()
	return s.file.Close()
}

func (s *csvSource) sha256() (string, error) { return s.hash.sum() }

// xlsxSource streams one worksheet.
type xlsxSource struct {
	f      *excelize.File
	sum    string // the workbook's SHA-256, in hex
	rows   *excelize.Rows
	line   int
	header []string // for naming columns in errors
}

func (s *xlsxSource) column(i int) string {
	if i < len(s.header) && s.header[i] != "" {
		return s.header[i]
	}
	return ColumnName(i)
}

var rawValues = excelize.Options{RawCellValue: true}

// openXLSX reads the workbook in file through hr: a workbook is a zip,
// read whole before a row is, so its hash is known at once.
func openXLSX(path, sheet string, file io.Closer, hr *hashReader) (*xlsxSource, error) {
	defer file.Close()
	b, err := io.ReadAll(hr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	sum, _ := hr.sum()
	f, err := excelize.OpenReader(bytes.NewReader(b), rawValues)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read as an Excel workbook: %w", path, err)
	}
	f.Path = path
	sheets := f.GetSheetList()
	if sheet == "" {
		if len(sheets) == 0 {
			f.Close()
			return nil, fmt.Errorf("%s: the workbook has no sheets", path)
		}
		sheet = sheets[0]
	} else if idx, _ := f.GetSheetIndex(sheet); idx < 0 {
		f.Close()
		return nil, fmt.Errorf("%s: no sheet %q (sheets: %s)", path, sheet, QuoteList(sheets))
	}
	rows, err := f.Rows(sheet)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: sheet %q: %w", path, sheet, err)
	}
	return &xlsxSource{f: f, rows: rows, sum: sum}, nil
}

func (s *xlsxSource) next() (int, []string, error) {
	if !s.rows.Next() {
		if err := s.rows.Error(); err != nil {
			return 0, nil, fmt.Errorf("%s: %w", s.f.Path, err)
		}
		return 0, nil, io.EOF
	}
	s.line++
	rec, err := s.rows.Columns(rawValues)
	if err != nil {
		return 0, nil, fmt.Errorf("%s row %d: %w", s.f.Path, s.line, err)
	}
	size := 0
	for i, v := range rec {
		if len(v) > MaxField {
			return 0, nil, tooLongCell(s.f.Path, s.line, s.column(i), v)
		}
		rec[i] = plainInteger(v)
		size += len(v) + 1
	}
	if size > MaxLine {
		return 0, nil, &FileError{File: s.f.Path, Total: 1, Errs: []CellError{{Row: s.line,
			Msg: fmt.Sprintf("the row holds more than %d KiB, the most a row may hold", MaxLine>>10)}}}
	}
	return s.line, rec, nil
}

func (s *xlsxSource) useHeader(h []string) { s.header = h }

func (s *xlsxSource) progress() (int64, int64) { return 0, 0 }

func (s *xlsxSource) sha256() (string, error) { return s.sum, nil }

func (s *xlsxSource) close() error {
	err := s.rows.Close()
	if cerr := s.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// plainInteger rewrites a whole number in scientific notation, as Excel
// stores numbers of 16 digits or more ("6.0012345678901201E+15"), in plain
// digits. Anything else, including text such as "12E4", is returned as it
// is. The conversion is exact decimal arithmetic on the text, with no
// rounding through float64. A text cell holding exactly that form ("6E+5")
// is converted too: the row stream does not say which cells are numbers.
func plainInteger(s string) string {
	e := strings.IndexAny(s, "eE")
	if e < 1 || e+2 >= len(s) || s[e+1] != '+' || s[0] < '1' || s[0] > '9' {
		return s
	}
	mant, exp := s[:e], s[e+2:]
	n, err := strconv.Atoi(exp)
	if err != nil || n > 30 || !IsDigits(exp) {
		return s
	}
	frac := ""
	if len(mant) > 1 {
		if mant[1] != '.' || !IsDigits(mant[2:]) {
			return s
		}
		frac = mant[2:]
	}
	digits := mant[:1] + frac
	shift := n - len(frac)
	if shift >= 0 {
		return digits + strings.Repeat("0", shift)
	}
	if strings.Trim(digits[len(digits)+shift:], "0") != "" {
		return s
	}
	return digits[:len(digits)+shift]
}

// IsDigits reports whether s is one or more ASCII digits.
func IsDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func QuoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}
