package campaign

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"drawshow/data/record"
)

// The files of the campaign's report, for the promotions manager and the
// auditor at the campaign's end: the official shows only.
const (
	CampaignPDF  = "campaign.pdf"
	CampaignXLSX = "campaign.xlsx"
)

// CampaignTotalRow begins the row of campaign.xlsx's Shows sheet that adds
// up the campaign.
const CampaignTotalRow = "Campaign total"

// Official are the shows of a campaign that are not rehearsals.
func Official(shows []CampaignShow) []CampaignShow {
	return slices.DeleteFunc(slices.Clone(shows), func(s CampaignShow) bool { return s.Rehearsal })
}

// CampaignSpots adds up the finalist spots the shows gave.
func CampaignSpots(shows []CampaignShow) int {
	n := 0
	for _, s := range shows {
		n += s.Spots
	}
	return n
}

// CampaignTotals adds up the shows' totals: their prizes, finalist spots
// apart.
func CampaignTotals(shows []CampaignShow) record.Totals {
	var t record.Totals
	for _, s := range shows {
		t.Plus(s.Totals)
	}
	return t
}

// Status is a show's status in words: official or rehearsal, open or closed.
func (s CampaignShow) Status() string {
	st := "official"
	if s.Rehearsal {
		st = "REHEARSAL"
	}
	if s.Closed {
		return st + ", closed"
	}
	return st + ", open"
}

// Finalists are the campaign's finalists by month (YYYY-MM of the draw),
// months in order.
func Finalists(shows []CampaignShow) (months []string, by map[string][]CampaignWinner) {
	by = map[string][]CampaignWinner{}
	for _, s := range shows {
		for _, w := range s.Winners {
			if !w.Finalist {
				continue
			}
			m := w.Date[:min(7, len(w.Date))]
			if by[m] == nil {
				months = append(months, m)
			}
			by[m] = append(by[m], w)
		}
	}
	slices.Sort(months)
	return months, by
}

// result says how a week of the jackpot was settled.
func (l LedgerLine) result() string {
	switch {
	case !l.Settled:
		return "not settled"
	case l.Won:
		return "won"
	}
	return "not won"
}

// Rehearsals are the shows of a campaign that are rehearsals.
func Rehearsals(shows []CampaignShow) []CampaignShow {
	return slices.DeleteFunc(slices.Clone(shows), func(s CampaignShow) bool { return !s.Rehearsal })
}

// Dates are a campaign report's two times. AsOf is when the record stood
// as the report gives it: the latest event of its shows and of the prize
// desk's records of their prizes (store.LastEventTimeOf), never another
// show's clock; it dates the files, so the same record gives the same
// report. Written is when the report was written, which it prints beside.
type Dates struct{ AsOf, Written time.Time }

// WriteCampaign writes campaign.pdf, campaign.xlsx and finalists.csv (the
// Grand Finale's entry file: see FinalistsCSV) into dir, dated at:
// of the official shows among shows and the prize desk's weeks (Desk.Weeks
// as of at), or with rehearsal of the rehearsals (a campaign rehearsed
// before it runs: each carried over from the rehearsals before it),
// marked REHEARSAL on every page and sheet. The two never mix: a
// rehearsal is never a result.
func WriteCampaign(dir string, shows []CampaignShow, desk []DeskWeek, at Dates, rehearsal bool) error {
	if rehearsal {
		shows = Rehearsals(shows)
	} else {
		shows = Official(shows)
	}
	if len(shows) == 0 {
		if rehearsal {
			return fmt.Errorf("no rehearsal: a rehearsal campaign's report lists rehearsals only")
		}
		return fmt.Errorf("no official show: a campaign report lists official shows only")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := writeCampaignPDF(filepath.Join(dir, CampaignPDF), shows, desk, at, rehearsal); err != nil {
		return err
	}
	if err := writeFinalists(filepath.Join(dir, FinalistsCSV), shows, rehearsal); err != nil {
		return err
	}
	return writeCampaignXLSX(filepath.Join(dir, CampaignXLSX), shows, desk, at, rehearsal)
}
