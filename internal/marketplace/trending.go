package marketplace

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// Interaction kinds recorded per listing per UTC day.
type Interaction string

// Interaction kinds; reviews and favorites are recorded by their own code.
const (
	Views     Interaction = "views"
	Clones    Interaction = "clones"
	Reviews   Interaction = "reviews"
	Favorites Interaction = "favorites"
)

// Trending parameters: a day's interactions weigh views 1, favorites 2,
// reviews 3 and clones 5 points; a day's points halve with each day of
// age (half-life one day); only the last TrendingWindow days count.
const (
	TrendingWindow = 7
	RisingMaxClone = 50 // rising listings have fewer clones than this
	RisingMinToday = 5  // and at least this many interactions today
	weightView     = 1
	weightFavorite = 2
	weightReview   = 3
	weightClone    = 5
)

// Day is the interaction bucket of t: days since 1970-01-01 UTC.
func Day(t time.Time) int64 { return t.UTC().Unix() / 86400 }

// deleteInteractions deletes a listing's interactions of the days
// trending reads (and of tomorrow, against a clock moved back): one key
// look-up a day. Older rows are history that nothing reads (see
// migration 0022).
func deleteInteractions(ctx context.Context, tx db.Querier, seq int64, now time.Time) error {
	days := make([]string, 0, TrendingWindow+1)
	for d := Day(now) - TrendingWindow + 1; d <= Day(now)+1; d++ {
		days = append(days, fmt.Sprint(d))
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM marketplace_interactions WHERE day IN (`+strings.Join(days, ", ")+`) AND seq = $1`, seq)
	if err != nil {
		return fmt.Errorf("marketplace: delete interactions: %w", err)
	}
	return nil
}

// RecordInteraction adds one interaction of the kind to the listing's
// bucket for now's day, inside tx (nothing for a listing that does not
// exist).
func RecordInteraction(ctx context.Context, tx db.Querier, listingID string, kind Interaction, now time.Time) error {
	col := string(kind)
	switch kind {
	case Views, Clones, Reviews, Favorites:
	default:
		return fmt.Errorf("marketplace: unknown interaction %q", kind)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO marketplace_interactions (day, seq, `+col+`)
		SELECT $2, seq, 1 FROM marketplace_listings WHERE id = $1
		ON CONFLICT (day, seq) DO UPDATE SET `+col+` = marketplace_interactions.`+col+` + 1`, listingID, Day(now))
	if err != nil {
		return fmt.Errorf("marketplace: record %s: %w", kind, err)
	}
	return nil
}

// TrendingScore is the score of a listing from its daily points, where
// points[a] are the weighted interactions of the day a days ago: the sum
// of points[a] × 0.5^a over the window, rounded to 4 decimals.
func TrendingScore(points []float64) float64 {
	score := 0.0
	for age, p := range points {
		if age >= TrendingWindow {
			break
		}
		score += p * math.Pow(0.5, float64(age))
	}
	return math.Round(score*1e4) / 1e4
}

// decayCase is the SQL expression of 0.5^(age in days) over the window,
// built from constants only.
func decayCase(today string) string {
	var b strings.Builder
	b.WriteString("CASE " + today + " - i.day")
	for age := 0; age < TrendingWindow; age++ {
		fmt.Fprintf(&b, " WHEN %d THEN %g", age, math.Pow(0.5, float64(age)))
	}
	b.WriteString(" ELSE 0 END")
	return b.String()
}

// TrendingItem is a listing with its trending score.
type TrendingItem struct {
	*Listing
	TrendingScore     float64 `json:"trending_score"`
	InteractionsToday int64   `json:"interactions_today"`
}

// trending returns public listings ordered by trending score.
func (s *Service) trending(ctx context.Context, catalog int64, category string, rising bool, limit int) ([]TrendingItem, error) {
	var a db.Params
	today := a.Add(Day(s.DB.Now()))
	points := fmt.Sprintf("(i.views * %d + i.favorites * %d + i.reviews * %d + i.clones * %d)", weightView, weightFavorite, weightReview, weightClone)
	conds := []string{"i.day > " + today + " - " + fmt.Sprint(TrendingWindow), "i.day <= " + today, "l.is_public = TRUE"}
	if category != "" {
		if field.IsUUID(category) {
			conds = append(conds, "l.category_id = "+a.Add(category))
		} else {
			conds = append(conds, "l.category_id = (SELECT id FROM marketplace_categories WHERE slug = "+a.Add(category)+")")
		}
	}
	todayCount := "SUM(CASE WHEN i.day = " + today + " THEN i.views + i.clones + i.reviews + i.favorites ELSE 0 END)"
	having := ""
	if rising {
		conds = append(conds, fmt.Sprintf("l.clone_count < %d", RisingMaxClone))
		having = fmt.Sprintf(" HAVING %s >= %d", todayCount, RisingMinToday)
	}
	q := `SELECT l.id, SUM(` + points + ` * ` + decayCase(today) + `) AS score, ` + todayCount + `
		FROM marketplace_interactions i JOIN marketplace_listings l ON l.seq = i.seq
		WHERE ` + strings.Join(conds, " AND ") + ` GROUP BY l.id` + having + ` ORDER BY score DESC, l.id LIMIT ` + a.Add(limit)
	rows, err := s.DB.R.QueryContext(ctx, q, a...)
	if err != nil {
		return nil, fmt.Errorf("marketplace: trending: %w", err)
	}
	defer rows.Close()
	type hit struct {
		id    string
		score float64
		today int64
	}
	var hits []hit
	for rows.Next() {
		var h hit
		if err := rows.Scan(&h.id, &h.score, &h.today); err != nil {
			return nil, fmt.Errorf("marketplace: trending: %w", err)
		}
		hits = append(hits, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("marketplace: trending: %w", err)
	}
	rows.Close()
	items := []TrendingItem{}
	if len(hits) == 0 {
		return items, nil
	}
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.id
	}
	byID := map[string]*Listing{}
	if err := s.loadListings(ctx, catalog, "id", len(ids), listArg(s.DB, ids), func(l *Listing) { byID[l.ID] = l }); err != nil {
		return nil, err
	}
	for _, h := range hits {
		if l := byID[h.id]; l != nil {
			items = append(items, TrendingItem{Listing: l, TrendingScore: math.Round(h.score*1e4) / 1e4, InteractionsToday: h.today})
		}
	}
	return items, nil
}
