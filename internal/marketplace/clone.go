package marketplace

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/documents"
	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// customizations are the genie fields clone sets on the copy, kept as
// sent so that each key is checked (an unknown key is a VALIDATION_ERROR).
type customizations map[string]json.RawMessage

// JSONSchema implements api.Schemer.
func (customizations) JSONSchema() field.Schema {
	str := func(min, max int) field.Schema {
		s := field.Schema{"type": "string", "maxLength": max}
		if min > 0 {
			s["minLength"] = min
		}
		return s
	}
	voice := str(0, genies.MaxVoiceIDLen)
	voice["type"] = []string{"string", "null"}
	return field.Schema{
		"type":        "object",
		"description": "Genie fields to set on the copy instead of the template's (cloneName, if given, wins for the name).",
		"properties": field.Schema{
			"name":         str(1, genies.MaxNameLen),
			"description":  str(0, genies.MaxDescriptionLen),
			"instructions": str(0, genies.MaxInstructionsLen),
			"greeting":     str(0, genies.MaxGreetingLen),
			"voice_id":     voice,
		},
		"additionalProperties": false,
	}
}

// editable lists the genie fields customizations may set, with their
// limits in characters.
var editable = map[string]int{
	"name":         genies.MaxNameLen,
	"description":  genies.MaxDescriptionLen,
	"instructions": genies.MaxInstructionsLen,
	"greeting":     genies.MaxGreetingLen,
	"voice_id":     genies.MaxVoiceIDLen,
}

// cloneFields validates cloneName and customizations into genie fields,
// starting from the template's values.
func cloneFields(in *CloneRequest, tpl *genies.Genie) (genies.Fields, error) {
	name, desc, instr, greet, voice := tpl.Name, tpl.Description, tpl.Instructions, tpl.Greeting, tpl.VoiceID
	var f genies.Fields
	for key, raw := range in.Customizations {
		max, ok := editable[key]
		path := "customizations." + key
		if !ok {
			return f, apperr.Invalid(path, "%s is not an editable genie field (name, description, instructions, greeting, voice_id)", path)
		}
		if key == "voice_id" && strings.TrimSpace(string(raw)) == "null" {
			voice = nil
			continue
		}
		var v string
		if err := json.Unmarshal(raw, &v); err != nil {
			return f, apperr.Invalid(path, "%s must be a string", path)
		}
		if key == "name" {
			if _, err := field.RequiredString(path, &v, max); err != nil {
				return f, err
			}
			v = strings.TrimSpace(v)
		} else if err := field.MaxLen(path, v, max); err != nil {
			return f, err
		}
		switch key {
		case "name":
			name = v
		case "description":
			desc = v
		case "instructions":
			instr = v
		case "greeting":
			greet = v
		case "voice_id":
			voice = &v
		}
	}
	if in.CloneName != nil {
		n, err := field.RequiredString("cloneName", in.CloneName, genies.MaxNameLen)
		if err != nil {
			return f, err
		}
		name = n
	}
	return genies.Fields{Name: &name, Details: genies.Details{Description: &desc, Instructions: &instr, Greeting: &greet, VoiceID: field.OrNull(voice)}}, nil
}

// CloneResult is the clone action's cloneResult.
type CloneResult struct {
	Genie           genies.Genie `json:"genie" doc:"The new genie."`
	AgentID         string       `json:"agent_id" doc:"The new genie's id."`
	DocumentsCopied int          `json:"documents_copied"`
	CloneCount      int64        `json:"clone_count" doc:"The listing's clone count, this clone included."`
}

// Clone creates a genie owned by the caller from the listing's template
// genie: the template's fields, then customizations, then cloneName; and
// private copies of the template's documents. Any signed-in user may
// clone, consumers included (it is how consumer accounts get genies). The
// listing's clone_count grows by exactly one in the same transaction.
// Non-public listings are NOT_FOUND except for admins.
func (s *Service) Clone(ctx context.Context, c *auth.Caller, listingID string, in *CloneRequest) (*CloneResult, error) {
	if in.CurrentCloneCount != nil && *in.CurrentCloneCount < 0 {
		return nil, apperr.Invalid("currentCloneCount", "currentCloneCount must be 0 or more")
	}
	res := &CloneResult{}
	err := s.write(ctx, func(tx *WriteTx) error {
		now := s.DB.Now()
		var agentID sql.NullString
		var public bool
		var seq int64
		err := tx.QueryRowContext(ctx, `UPDATE marketplace_listings SET clone_count = clone_count + 1 WHERE id = $1
			RETURNING agent_id, is_public, clone_count, seq`, listingID).Scan(&agentID, &public, &res.CloneCount, &seq)
		if err == sql.ErrNoRows || err == nil && !public && !c.IsAdmin() {
			return apperr.NotFound("marketplace listing")
		}
		if err != nil {
			return fmt.Errorf("marketplace: count clone: %w", err)
		}
		if !agentID.Valid {
			return apperr.New(apperr.CodeAgentNotFound, "the listing's template genie no longer exists")
		}
		tpl, err := genies.Load(ctx, tx, agentID.String, "")
		if err != nil {
			return err
		}
		f, err := cloneFields(in, tpl)
		if err != nil {
			return err
		}
		docs, err := documents.CopyForGenieTx(ctx, tx.Tx, tpl.ID, c.UserID, now)
		if err != nil {
			return err
		}
		f.DocumentIDs = field.Some(docs)
		g, err := genies.CreateTx(ctx, tx.Tx, c, c.UserID, f, now)
		if err != nil {
			return err
		}
		res.AgentID, res.DocumentsCopied = g.ID, len(docs)
		if _, err := tx.ExecContext(ctx, `INSERT INTO marketplace_clones (id, listing_id, genie_id, user_id, created_at)
			VALUES ($1, $2, $3, $4, $5)`, uuid.NewString(), listingID, g.ID, c.UserID, now); err != nil {
			return fmt.Errorf("marketplace: record clone: %w", err)
		}
		if err := RecordInteraction(ctx, tx, listingID, Clones, now); err != nil {
			return err
		}
		if err := s.Events.Record(ctx, tx, c.UserID, events.ListingCloned, Cloned{Success: true, MarketplaceGenieID: listingID,
			CloneResult: CloneResult{AgentID: g.ID, DocumentsCopied: len(docs), CloneCount: res.CloneCount, Genie: *g}}); err != nil {
			return err
		}
		d := map[string]int64{}
		if public {
			d["pub:clones"] = 1
		}
		tx.Touch(seq) // searches rank by clone_count
		tx.Count(d)
		return nil
	})
	if err != nil {
		return nil, err
	}
	g, err := s.Genies.Get(ctx, c, res.AgentID)
	if err != nil {
		return nil, err
	}
	res.Genie = *g
	return res, nil
}

// DetachGenie is a genies.DeleteHook: the listings made from the genie
// being deleted lose their agent_id (as the foreign key would set it) on
// the marketplace's write path, so every process's caches drop the old
// value. Nothing is written when no listing refers to the genie.
func (s *Service) DetachGenie(ctx context.Context, tx *sql.Tx, g *genies.Genie) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_listings WHERE agent_id = $1`, g.ID).Scan(&n); err != nil {
		return fmt.Errorf("marketplace: listings of genie: %w", err)
	}
	if n == 0 {
		return nil
	}
	return s.writeIn(ctx, tx, func(w *WriteTx) error {
		if _, err := w.ExecContext(ctx, `UPDATE marketplace_listings SET agent_id = NULL WHERE agent_id = $1`, g.ID); err != nil {
			return fmt.Errorf("marketplace: detach genie: %w", err)
		}
		return nil
	})
}
