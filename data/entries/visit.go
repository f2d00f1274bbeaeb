package entries

import (
	"errors"
	"strconv"
	"time"
)

// visitLayouts are the ways a casino export writes a last visit that can
// be read without guessing: the year first. 03/04/2024 is refused, as it
// is the 3rd of April in South Africa and March 4th in the United States.
var visitLayouts = []string{time.DateOnly, "2006/01/02", "2006-01-02 15:04", time.DateTime, "2006-01-02T15:04:05", "2006-01-02T15:04:05Z07:00", "2006/01/02 15:04", "2006/01/02 15:04:05"}

var errVisit = errors.New("is not a date read without guessing: write it as 2024-03-15 (in Excel, format the column as yyyy-mm-dd, or keep it a date cell)")

// parseVisit reads a last visit as YYYY-MM-DD: a year-first date, with or
// without its time, or a date cell of a workbook, which comes as Excel's
// serial number (days since 1899-12-30, the time of day as a fraction).
func parseVisit(s string) (string, error) {
	for _, l := range visitLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.Format(time.DateOnly), nil
		}
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && f >= 1 && f < 2958466 { // 1900-01-01 to 9999-12-31
		return time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC).AddDate(0, 0, int(f)).Format(time.DateOnly), nil
	}
	return "", errVisit
}
