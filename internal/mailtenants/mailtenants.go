// Package mailtenants is the mail-tenant-credentials resource: a team's
// credentials at the mail provider (tenant ID, API key, tenant name and the
// provider's owner user ID), identified by the team owner's email address.
// The API key is stored encrypted (see Cipher) and never returned or
// logged; other packages read it through Store.ForTeam and ForUser.
package mailtenants

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/mail"
	"github.com/geniehq/genie/internal/users"
)

// Credentials are a team's stored mail credentials, decrypted.
type Credentials struct {
	TeamID          int64
	TenantID        string
	APIKey          string
	TenantName      *string
	MailOwnerUserID *string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// Tenant returns the credentials as the mail system takes them.
func (c *Credentials) Tenant() mail.Tenant {
	return mail.Tenant{TenantID: c.TenantID, APIKey: c.APIKey}
}

// Store reads and writes mail tenant credentials.
type Store struct {
	DB     *db.DB
	Users  *users.Store
	Cipher *Cipher
}

// ForTeam returns the team's credentials, or NOT_FOUND.
func (s *Store) ForTeam(ctx context.Context, teamID int64) (*Credentials, error) {
	c, sealed, err := loadCredentials(ctx, s.DB.R, teamID)
	if err != nil {
		return nil, err
	}
	if c.APIKey, err = s.Cipher.Open(teamID, sealed); err != nil {
		return nil, err
	}
	return c, nil
}

// ForUser returns the credentials of the user's team, or NOT_FOUND when the
// user has no team or the team has none.
func (s *Store) ForUser(ctx context.Context, userID string) (*Credentials, error) {
	team, err := teamOf(ctx, s.DB.R, userID)
	if err != nil {
		return nil, err
	}
	return s.ForTeam(ctx, team)
}

// SetAPIKey replaces the team's stored key (after the provider reissued
// it); the tenant ID must match the stored one. Concurrent reissues may
// finish in any order, so the key is stored under the row's lock and only
// while current reports it is the provider's current key: a key a later
// reissue has already revoked is not stored over that later one's key
// (which its own SetAPIKey stores, or has stored).
func (s *Store) SetAPIKey(ctx context.Context, teamID int64, tenantID, apiKey string, current func(context.Context) (bool, error)) error {
	return s.DB.Tx(ctx, func(tx *sql.Tx) error {
		if err := lockCredentials(ctx, tx, teamID, tenantID, s.DB.ForUpdate()); err != nil {
			return err
		}
		if ok, err := current(ctx); err != nil || !ok {
			return err // superseded: the later key stays
		}
		return updateKey(ctx, tx, teamID, tenantID, s.Cipher.Seal(teamID, apiKey), s.DB.Now())
	})
}

// Upsert is what the upsert action stores.
type Upsert struct {
	OwnerEmail      string // normalized
	TenantID        string
	APIKey          string
	TenantName      *string
	MailOwnerUserID *string
}

// Put stores the credentials for the team of the account with OwnerEmail.
// A missing account is created with a random temporary password that is
// never shown (usable only after a reset); an account without a team gets
// one named after the email's local part. A repeated Put overwrites: one
// row per team, written under the account's row lock, so concurrent Puts
// for one owner leave one row. It returns the team and user IDs.
func (s *Store) Put(ctx context.Context, in Upsert) (teamID int64, userID string, err error) {
	u, err := s.account(ctx, in.OwnerEmail)
	if err != nil {
		return 0, "", err
	}
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		if teamID, err = s.Users.EnsureTeam(ctx, tx, u.ID, users.TeamName(in.OwnerEmail)); err != nil {
			return fmt.Errorf("mailtenants: %w", err)
		}
		return upsertCredentials(ctx, tx, teamID, in, s.Cipher.Seal(teamID, in.APIKey), s.DB.Now())
	})
	return teamID, u.ID, err
}

// account returns the user with the email, creating it when missing.
func (s *Store) account(ctx context.Context, email string) (*users.User, error) {
	u, err := s.Users.ByEmail(ctx, email)
	if err == nil || !apperr.HasCode(err, apperr.CodeNotFound) {
		return u, err
	}
	b := make([]byte, 32)
	rand.Read(b)
	u, err = s.Users.Create(ctx, users.NewUser{Email: email, Password: base64.RawURLEncoding.EncodeToString(b)})
	if errors.Is(err, users.ErrEmailTaken) { // created concurrently
		return s.Users.ByEmail(ctx, email)
	}
	if err != nil {
		return nil, fmt.Errorf("mailtenants: create account: %w", err)
	}
	return u, nil
}
