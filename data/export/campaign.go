package export

import (
	"time"

	"drawshow/data/campaign"
	"drawshow/data/store"
)

// CampaignShows lists every show of the database, rehearsals too, in the
// order they were opened: each folded by the engine's rules, with its
// winners as the exports name them, its totals and its jackpots'
// settlements. A show whose record does not fold is listed with the
// problem, and nothing else is taken from it.
func CampaignShows(db *store.DB) ([]campaign.CampaignShow, error) {
	rows, err := db.Shows()
	if err != nil {
		return nil, err
	}
	var out []campaign.CampaignShow
	for _, r := range rows {
		x, err := SetOf(db, r.ID, func(int) {})
		if err != nil {
			out = append(out, campaign.CampaignShow{ID: r.ID, Rehearsal: r.Rehearsal, Closed: r.Closed,
				Date: r.OpenedAt.Format(time.DateOnly), Problem: err.Error()})
			continue
		}
		c := campaign.ShowOf(x)
		if c.Carried, err = campaign.CarryOver(db, r.ID); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
