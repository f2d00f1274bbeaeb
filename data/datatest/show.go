package datatest

import "fmt"

// ShowYAML is the benchmarks' show file: one per-row draw of winners over
// the entry file at entries.
func ShowYAML(entries string, winners int) []byte {
	return fmt.Appendf(nil, `promotion: Benchmark Night
property: Gold Reef City
segments:
  - id: bench
    title: One million tickets
    at: "2024-11-30T21:30"
    entries: %q
    columns: {ticket: Ticket No}
    tickets: per-row
    winners: %d
    prizes: ["R5 000"]
`, entries, winners)
}
