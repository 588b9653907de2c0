package editlinks

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/documents"
	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/secrets"
)

// DefaultPINCost is the bcrypt cost of PIN hashes. A PIN has at most 10^8
// values, so no cost stops an offline search; the lockout is the defence
// online, and cost 10 (tens of milliseconds) keeps the attempts, which are
// judged one at a time per link, cheap.
const DefaultPINCost = bcrypt.DefaultCost

// Service implements the edit-link rules. Create it with New.
type Service struct {
	db      *db.DB
	docs    *documents.Service
	seal    *sealer
	pinCost int
}

// New returns a Service that seals tokens with the edit-link key ring and
// hashes PINs with bcrypt at pinCost (DefaultPINCost when 0).
func New(d *db.DB, docs *documents.Service, ring *secrets.Ring, pinCost int) *Service {
	if pinCost == 0 {
		pinCost = DefaultPINCost
	}
	return &Service{db: d, docs: docs, seal: &sealer{ring: ring}, pinCost: pinCost}
}

// link turns a stored row into the spec's link object.
func (s *Service) link(r *record) (*Link, error) {
	token, err := s.seal.open(r.DocumentID, r.TokenSealed)
	if err != nil {
		return nil, err
	}
	l := &Link{DocumentID: r.DocumentID, Token: token, Path: PathFor(token), RequiresPIN: r.PINHash.Valid, CreatedAt: r.CreatedAt}
	if r.LastUsedAt.Valid {
		t := r.LastUsedAt.Time
		l.LastUsedAt = &t
	}
	return l, nil
}

// Get returns the document's link, or nil when it has none. FORBIDDEN for a
// document of another user (unless the caller is an admin), NOT_FOUND for a
// missing document.
func (s *Service) Get(ctx context.Context, c *auth.Caller, documentID string) (*Link, error) {
	if _, err := s.docs.GetOwned(ctx, c, documentID, true); err != nil {
		return nil, err
	}
	r, err := loadByDocument(ctx, s.db.R, documentID, "")
	if apperr.HasCode(err, apperr.CodeNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s.link(r)
}

// Generate returns the document's link, creating it when there is none
// (created is then true). With rotate, an existing link gets a new token at
// once, the old one stops working and the lockout is cleared; the PIN and
// lastUsedAt are kept. Access as for Get.
func (s *Service) Generate(ctx context.Context, c *auth.Caller, documentID string, rotate bool) (l *Link, created bool, err error) {
	if _, err := s.docs.GetOwned(ctx, c, documentID, true); err != nil {
		return nil, false, err
	}
	token := NewToken()
	hash, sealed := HashToken(token), s.seal.seal(documentID, token)
	var r *record
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		now := s.db.Now()
		var err error
		r, err = loadByDocument(ctx, tx, documentID, s.db.ForUpdate())
		if apperr.HasCode(err, apperr.CodeNotFound) {
			r = &record{DocumentID: documentID, TokenHash: hash, TokenSealed: sealed, CreatedAt: now}
			if created, err = insert(ctx, tx, r); err != nil || created {
				return err
			}
			// A concurrent generate created it first: use that one.
			r, err = loadByDocument(ctx, tx, documentID, s.db.ForUpdate())
		}
		if err != nil || !rotate {
			return err
		}
		r.TokenHash, r.TokenSealed, r.FailedAttempts, r.LockedUntil = hash, sealed, 0, sql.NullTime{}
		if err := replaceToken(ctx, tx, documentID, hash, sealed, now); err != nil {
			return err
		}
		// Never the token: an event is not a place for a credential.
		return s.docs.RecordFor(ctx, tx, documentID, events.EditLinkRotated, LinkEvent{DocumentID: documentID, At: now})
	})
	if err != nil {
		return nil, false, fmt.Errorf("editlinks: generate: %w", err)
	}
	l, err = s.link(r)
	return l, created, err
}

// SetPIN sets (pin non-nil) or removes (nil) the PIN of the document's
// existing link and clears the lockout. VALIDATION_ERROR for a PIN that is
// not 4 to 8 digits; NOT_FOUND when the document has no link. Access as for
// Get.
func (s *Service) SetPIN(ctx context.Context, c *auth.Caller, documentID string, pin *string) (*Link, error) {
	if err := checkOptionalPIN(pin); err != nil {
		return nil, err
	}
	if _, err := s.docs.GetOwned(ctx, c, documentID, true); err != nil {
		return nil, err
	}
	var hash *string
	if pin != nil {
		h, err := bcrypt.GenerateFromPassword([]byte(*pin), s.pinCost)
		if err != nil {
			return nil, fmt.Errorf("editlinks: hash pin: %w", err)
		}
		hs := string(h)
		hash = &hs
	}
	r, err := setPINHash(ctx, s.db.W, documentID, hash, s.db.Now())
	if err != nil {
		return nil, err
	}
	return s.link(r)
}

// Revoke removes the document's link for good; it succeeds when there is
// none. Access as for Get.
func (s *Service) Revoke(ctx context.Context, c *auth.Caller, documentID string) error {
	if _, err := s.docs.GetOwned(ctx, c, documentID, true); err != nil {
		return err
	}
	return deleteLink(ctx, s.db.W, documentID)
}

// View returns the public view of the document behind token, or NOT_FOUND
// (the same error for every unknown, rotated or revoked token).
func (s *Service) View(ctx context.Context, token string) (*View, error) {
	return publicView(ctx, s.db.R, HashToken(token))
}

// Update replaces the content of the document behind token, checking the
// PIN when the link has one, and refreshes every genie that uses the
// document, all in one transaction. A nil pin means none was sent.
//
// Errors: VALIDATION_ERROR for missing or bad content (see CheckContent) or
// a PIN that is not 4 to 8 digits, checked first; NOT_FOUND for an unknown
// token; RATE_LIMIT_EXCEEDED (with
// RetryAfter, lockedUntil and attemptsRemaining 0) while locked;
// VALIDATION_ERROR when a PIN is required and missing; FORBIDDEN with
// attemptsRemaining for a wrong PIN. Attempts on one link are judged one at
// a time under its row lock, so parallel requests and other processes
// never get more than MaxAttempts judgements before the lock.
func (s *Service) Update(ctx context.Context, token string, content, pin *string) (*Saved, error) {
	if err := CheckContent("content", content); err != nil {
		return nil, err
	}
	if err := checkOptionalPIN(pin); err != nil {
		return nil, err
	}
	hash := HashToken(token)
	// Unknown tokens end here, on the read pool, without ever taking a
	// write transaction (on SQLite, the database write lock).
	found, err := loadByHash(ctx, s.db.R, hash, "")
	if err != nil {
		return nil, err
	}
	var verdict error // an outcome to report after committing the counter
	var saved time.Time
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		r, err := s.lockForSave(ctx, tx, found.DocumentID, hash)
		if err != nil {
			return err
		}
		now := s.db.Now()
		failed := r.FailedAttempts
		if r.LockedUntil.Valid {
			if now.Before(r.LockedUntil.Time) {
				verdict = lockedError(r.LockedUntil.Time, now)
				return nil
			}
			failed = 0 // the lock has run out: a fresh series of attempts
		}
		if r.PINHash.Valid {
			if pin == nil {
				verdict = apperr.Invalid("pin", "pin is required: this edit link is protected by a PIN")
				return nil
			}
			if bcrypt.CompareHashAndPassword([]byte(r.PINHash.String), []byte(*pin)) != nil {
				e, err := wrongPIN(ctx, tx, r.DocumentID, failed+1, now)
				if err != nil {
					return err
				}
				verdict = e
				if until, locked := e.Extra["lockedUntil"].(string); locked {
					return s.docs.RecordFor(ctx, tx, r.DocumentID, events.EditLinkLocked,
						LinkEvent{DocumentID: r.DocumentID, At: now, LockedUntil: until})
				}
				return nil
			}
		}
		if err := documents.SetContent(ctx, tx, r.DocumentID, *content, now); err != nil {
			return err
		}
		if err := s.docs.RecordUpdated(ctx, tx, r.DocumentID, "edit_link"); err != nil {
			return err
		}
		saved = now
		return markUsed(ctx, tx, r.DocumentID, now)
	})
	if err != nil {
		if _, ok := apperr.As(err); ok {
			return nil, err
		}
		return nil, fmt.Errorf("editlinks: save: %w", err)
	}
	if verdict != nil {
		return nil, verdict
	}
	return &Saved{Success: true, UpdatedAt: saved}, nil
}

// LinkEvent is the data of edit_link.rotated and edit_link.locked (never
// the token).
type LinkEvent struct {
	DocumentID  string    `json:"documentId"`
	At          time.Time `json:"at"`
	LockedUntil string    `json:"lockedUntil,omitempty"`
}

// lockForSave locks, in this order, the document's row and the row of the
// link with the token hash. Deleting a document locks the document and then
// (by cascade) the link, so taking them in the same order keeps a save and a
// delete from deadlocking. The link is read again under the lock: a rotate
// or revoke that committed meanwhile makes it NOT_FOUND.
func (s *Service) lockForSave(ctx context.Context, tx *sql.Tx, documentID, hash string) (*record, error) {
	if err := lockDocument(ctx, tx, documentID, s.db.ForUpdate()); err != nil {
		return nil, err
	}
	return loadByHash(ctx, tx, hash, s.db.ForUpdate())
}

// wrongPIN records the failed-th consecutive wrong PIN, locking at
// MaxAttempts, and returns the FORBIDDEN to report.
func wrongPIN(ctx context.Context, tx *sql.Tx, documentID string, failed int, now time.Time) (*apperr.Error, error) {
	var until *time.Time
	if failed >= MaxAttempts {
		t := now.Add(LockDuration)
		until = &t
	}
	if err := recordFailure(ctx, tx, documentID, failed, until, now); err != nil {
		return nil, err
	}
	left := MaxAttempts - failed
	e := apperr.Forbidden("wrong PIN: %d attempts remaining", left)
	if until != nil {
		e.Message = fmt.Sprintf("wrong PIN: saving is now locked for %d minutes", int(LockDuration/time.Minute))
		e.Extra = map[string]any{"attemptsRemaining": 0, "lockedUntil": until.UTC().Format(time.RFC3339)}
		return e, nil
	}
	e.Extra = map[string]any{"attemptsRemaining": left}
	return e, nil
}

// lockedError is the RATE_LIMIT_EXCEEDED of a locked link.
func lockedError(until, now time.Time) error {
	e := apperr.RateLimited(until.Sub(now), "too many wrong PINs: saving is locked until %s", until.UTC().Format(time.RFC3339))
	e.Extra = map[string]any{"attemptsRemaining": 0, "lockedUntil": until.UTC().Format(time.RFC3339)}
	return e
}
