package conversations

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/knowledge"
)

// Gap is a group of similar questions the genie could not answer or whose
// answer a visitor marked unhelpful: what the owner should write next.
type Gap struct {
	AgentID     string    `json:"agent_id"`
	Question    string    `json:"question" doc:"The group's most recent question."`
	Count       int       `json:"count" doc:"Questions in the group."`
	Unanswered  int       `json:"unanswered" doc:"Of them, not answered from the documents."`
	Unhelpful   int       `json:"unhelpful" doc:"Of them, answered but marked unhelpful."`
	Examples    []string  `json:"examples" doc:"Up to 5 different wordings, most recent first."`
	Terms       []string  `json:"terms" doc:"The normalised terms the group shares."`
	LastAskedAt time.Time `json:"last_asked_at"`
}

// similarity is the share of terms two questions must share (Jaccard) to
// be grouped.
const similarity = 0.5

// Gaps returns the gaps of the caller's genies (of one genie with agentID,
// which must be the caller's: AGENT_NOT_FOUND; every owner's with all),
// largest first, at most limit groups, and the number of groups. It reads
// the most recent maxGapRows such questions.
func (s *Service) Gaps(ctx context.Context, c *auth.Caller, agentID string, all bool, limit int) ([]*Gap, int, error) {
	owner := c.UserID
	if all {
		owner = ""
	}
	if agentID != "" {
		if _, err := genies.Owned(ctx, s.DB.R, c, agentID); err != nil {
			return nil, 0, err
		}
	}
	rows, err := loadGapRows(ctx, s.DB.R, owner, agentID)
	if err != nil {
		return nil, 0, err
	}
	gaps := groupGaps(rows)
	total := len(gaps)
	if len(gaps) > limit {
		gaps = gaps[:limit]
	}
	return gaps, total, nil
}

// groupGaps groups rows (newest first) by genie and term similarity.
func groupGaps(rows []gapRow) []*Gap {
	type group struct {
		gap   *Gap
		terms map[string]bool
	}
	var groups []*group
	index := map[string][]int{} // genie + term -> groups having it
	for _, r := range rows {
		terms := uniqueTerms(r.Question, r.Language)
		best, bestSim := -1, 0.0
		cand := map[int]bool{}
		for _, t := range terms {
			for _, gi := range index[r.AgentID+"\x00"+t] {
				cand[gi] = true
			}
		}
		if len(terms) == 0 { // no content word: group by the exact text
			for _, gi := range index[r.AgentID+"\x01"+strings.ToLower(r.Question)] {
				cand[gi] = true
			}
		}
		for gi := range cand {
			if sim := jaccard(terms, groups[gi].terms); sim >= similarity && (sim > bestSim || sim == bestSim && gi < best) {
				best, bestSim = gi, sim
			}
		}
		if best < 0 {
			g := &group{gap: &Gap{AgentID: r.AgentID, Question: r.Question, Terms: terms, Examples: []string{}, LastAskedAt: r.At},
				terms: map[string]bool{}}
			for _, t := range terms {
				g.terms[t] = true
				index[r.AgentID+"\x00"+t] = append(index[r.AgentID+"\x00"+t], len(groups))
			}
			if len(terms) == 0 {
				k := r.AgentID + "\x01" + strings.ToLower(r.Question)
				index[k] = append(index[k], len(groups))
			}
			groups = append(groups, g)
			best = len(groups) - 1
		}
		g := groups[best].gap
		g.Count++
		if r.Answered {
			g.Unhelpful++
		} else {
			g.Unanswered++
		}
		if len(g.Examples) < 5 && !contains(g.Examples, r.Question) {
			g.Examples = append(g.Examples, r.Question)
		}
	}
	out := make([]*Gap, len(groups))
	for i, g := range groups {
		out[i] = g.gap
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].LastAskedAt.After(out[j].LastAskedAt)
	})
	return out
}

func uniqueTerms(q, lang string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, t := range knowledge.Terms(q, lang) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	sort.Strings(out)
	return out
}

func jaccard(a []string, b map[string]bool) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	inter := 0
	for _, t := range a {
		if b[t] {
			inter++
		}
	}
	union := len(a) + len(b) - inter
	if union == 0 {
		return 0
	}
	return float64(inter) / float64(union)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
