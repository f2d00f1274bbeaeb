package record

import (
	"bufio"
	"drawshow/show"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// WriteBin writes a bin file: header ticket,participant,weight, canonical order.
func WriteBin(path string, es []show.Entry) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	w := csv.NewWriter(bw)
	w.Write([]string{"ticket", "participant", "weight"})
	rec := make([]string, 3)
	for _, e := range es {
		rec[0], rec[1], rec[2] = e.Ticket, e.Participant, strconv.FormatUint(e.Weight, 10)
		w.Write(rec)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// ReadBin reads a bin file and checks its header and canonical order.
func ReadBin(path string) ([]show.Entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	cr := csv.NewReader(f)
	cr.ReuseRecord = true
	cr.FieldsPerRecord = 3
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if strings.Join(head, ",") != "ticket,participant,weight" {
		return nil, fmt.Errorf("%s: header %q, want ticket,participant,weight", path, strings.Join(head, ","))
	}
	var es []show.Entry
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return es, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		w, err := strconv.ParseUint(rec[2], 10, 64)
		if err != nil || w == 0 {
			return nil, fmt.Errorf("%s row %d: weight %q is not a positive whole number", path, line, rec[2])
		}
		e := show.Entry{Ticket: strings.Clone(rec[0]), Participant: strings.Clone(rec[1]), Weight: w}
		if n := len(es); n > 0 && es[n-1].Ticket >= e.Ticket {
			return nil, fmt.Errorf("%s row %d: ticket %q is not after %q: a bin is in ascending ticket order, each ticket once", path, line, e.Ticket, es[n-1].Ticket)
		}
		es = append(es, e)
	}
}
