package entries

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"drawshow/show"
)

// visitLayouts are the ways a casino export writes a last visit that can
// be read without a declared format: the year first.
var visitLayouts = []string{time.DateOnly, "2006/01/02", "2006-01-02 15:04", time.DateTime, "2006-01-02T15:04:05", "2006-01-02T15:04:05Z07:00", "2006/01/02 15:04", "2006/01/02 15:04:05"}

// formatLayouts are the layouts of the formats a show file's date_format
// declares (show.DateFormats): a day or month of one or two digits.
var formatLayouts = map[string]string{
	"DD/MM/YYYY": "2/1/2006", "MM/DD/YYYY": "1/2/2006",
	"DD-MM-YYYY": "2-1-2006", "MM-DD-YYYY": "1-2-2006",
	"DD.MM.YYYY": "2.1.2006",
	"YYYY-MM-DD": "2006-1-2", "YYYY/MM/DD": "2006/1/2",
}

// dayFirst and monthFirst are the two readings of a date written with its
// year last, by separator.
var dayFirst, monthFirst = []string{"2/1/2006", "2-1-2006", "2.1.2006"}, []string{"1/2/2006", "1-2-2006", "1.2.2006"}

// timeOfDay is what may follow a date: nothing, or a time.
var timeOfDay = []string{"", " 15:04", " 15:04:05"}

var errVisit = errors.New("is not a date: write it as 2024-03-15 (in Excel, format the column as yyyy-mm-dd, or keep it a date cell), or declare the format the file uses: date_format: DD/MM/YYYY")

// parseVisit reads a last visit as YYYY-MM-DD: a year-first date, with or
// without its time; a date cell of a workbook, which comes as Excel's
// serial number (days since 1899-12-30, the time of day as a fraction);
// or a date in format, the show file's date_format (one of
// show.DateFormats), when it declares one. Without one, a date with its
// year last (15/03/2024, 03/15/2024, 29.11.2024) is read when only one
// reading is a date (a day past 12), and refused when both are
// (03/04/2024 is 3 April in South Africa and 4 March in the United
// States), saying so.
func parseVisit(s, format string) (string, error) {
	t, err := parseWhen(s, format)
	if err != nil {
		return "", err
	}
	return t.Format(time.DateOnly), nil
}

// parseWhen reads a date, with its time of day when the cell has one, as
// parseVisit reads a date: year first, a workbook's serial number, the
// declared format, or a year-last date only one reading makes a date.
// The time is as written, in no zone (UTC stands for the show's own).
func parseWhen(s, format string) (time.Time, error) {
	for _, l := range visitLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, nil
		}
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && f >= 1 && f < 2958466 { // 1900-01-01 to 9999-12-31
		return time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC).Add(time.Duration(f * float64(24*time.Hour))).Round(time.Second), nil
	}
	if format != "" {
		if t, ok := parseIn(formatLayouts[format], s); ok {
			return t, nil
		}
		return time.Time{}, fmt.Errorf("is not a date in the show file's date_format %s, nor year-first like 2024-03-15", format)
	}
	for i := range dayFirst {
		d, okD := parseIn(dayFirst[i], s)
		m, okM := parseIn(monthFirst[i], s)
		switch {
		case okD && okM && !d.Equal(m):
			sep := dayFirst[i][1:2]
			var say []string
			for _, f := range show.DateFormats {
				if strings.HasSuffix(f, sep+"YYYY") {
					say = append(say, f)
				}
			}
			return time.Time{}, fmt.Errorf("is %d %s or %d %s %d: the show file must say which, date_format: %s",
				d.Day(), d.Month(), m.Day(), m.Month(), d.Year(), strings.Join(say, " or "))
		case okD:
			return d, nil
		case okM:
			return m, nil
		}
	}
	return time.Time{}, errVisit
}

// parseIn reads s as a date in layout, with or without a time of day.
func parseIn(layout, s string) (time.Time, bool) {
	for _, tod := range timeOfDay {
		if t, err := time.Parse(layout+tod, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// use is Required when asked for, else Ignore.
func use(asked bool) Use {
	if asked {
		return Required
	}
	return Ignore
}

// parsePrinted reads when a ticket printed, as parseWhen reads a date,
// and with its time of day, which a cut-off needs: "2006-01-02 15:04:05"
// in the show's time.
func parsePrinted(s, format string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", errors.New("is empty: each ticket needs the time it printed (the draw's printed_until reads it)")
	}
	t, err := parseWhen(s, format)
	if err != nil {
		return "", err
	}
	if !strings.Contains(s, ":") { // a date alone, unless a workbook's serial with its fraction of a day
		if f, err := strconv.ParseFloat(s, 64); err != nil || f == math.Trunc(f) {
			return "", errors.New("has no time of day: the draw's printed_until needs the time each ticket printed, as 2024-11-30 21:24")
		}
	}
	return t.Format(time.DateTime), nil
}

// PrintedOf reads back when a row's ticket printed from the row's other
// columns as the record stores them (Row.Extra): the column col names,
// else the first of the usual printing-time headers.
func PrintedOf(extra map[string]string, col, format string) (string, error) {
	for _, want := range append([]string{col}, printHeaders...) {
		if want == "" {
			continue
		}
		for h, v := range extra {
			if normHeader(h) == normHeader(want) {
				return parsePrinted(v, format)
			}
		}
	}
	return "", errors.New("no printing-time column among the row's stored columns")
}
