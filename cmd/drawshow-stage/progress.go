package main

import (
	"fmt"
	"sync"

	"drawshow/cmd/internal/cli"
	"drawshow/console"
	"drawshow/data/entries"
	"drawshow/flightlog"
)

// importProgress is the long import under way, as the session tells it
// from the stage's worker: logged every few seconds, and held for the
// console's progress bar.
type importProgress struct {
	log func(string, entries.Progress)

	mu      sync.Mutex
	segment string
	p       entries.Progress
	on      bool
}

func newImportProgress(fl *flightlog.Log) *importProgress {
	return &importProgress{log: cli.LogProgress(fl)}
}

// report is the session's Progress.
func (ip *importProgress) report(segment string, p entries.Progress) {
	ip.log(segment, p)
	ip.mu.Lock()
	ip.segment, ip.p, ip.on = segment, p, !p.Finished
	ip.mu.Unlock()
}

// view is the console's progress bar, or nil when nothing is under way.
func (ip *importProgress) view() *console.Progress {
	ip.mu.Lock()
	defer ip.mu.Unlock()
	if !ip.on {
		return nil
	}
	return &console.Progress{Label: fmt.Sprintf("Importing %s: %d rows read", ip.segment, ip.p.Rows), Fraction: ip.p.Fraction()}
}
