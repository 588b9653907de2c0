package identity_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
)

// TestPasswordChangeLocksCodesFirst: on PostgreSQL a password change takes
// the account's pending codes before its users row, the order in which a
// verification takes them, so the two wait for each other instead of
// deadlocking (which PostgreSQL would break by failing one with a 500).
// The test holds the code rows, lets PUT /user block on them, and checks
// that the users row is still free. SQLite has one writer at a time, so
// there is no order to check there.
func TestPasswordChangeLocksCodesFirst(t *testing.T) {
	if os.Getenv(apitest.PostgresEnv) == "" {
		t.Skip("PostgreSQL only: set " + apitest.PostgresEnv)
	}
	s := apitest.Start(t, "postgres", func(c *app.Config) { c.AuthEmailInterval = -1 })
	u := s.NewUser(t, auth.RoleUser)
	expectAuth(t, s.Do(t, "POST", "/auth/v1/recover", "", map[string]string{"email": u.Email}), 200, "")
	waitMail(t, s, u.Email, 1) // the recovery code is stored

	ctx := context.Background()
	tx, err := s.App.DB.W.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback() //nolint:errcheck
	var held int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT purpose FROM auth_one_time_codes WHERE user_id = $1 FOR UPDATE) c`, u.ID).Scan(&held); err != nil || held != 1 {
		t.Fatalf("lock the codes: %d rows, %v", held, err)
	}

	done := make(chan *apitest.Resp, 1)
	go func() {
		done <- s.Do(t, "PUT", "/auth/v1/user", u.Token, map[string]string{"password": "a new password"})
	}()
	waitForLockWaiter(t, s)

	var id string
	if err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE id = $1 FOR UPDATE NOWAIT`, u.ID).Scan(&id); err != nil {
		t.Fatalf("the users row is held by a password change that waits for the codes (a deadlock with a verification): %v", err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	expectAuth(t, <-done, 200, "")
	expectAuth(t, signIn(t, s, u.Email, "a new password"), 200, "")
}

// waitForLockWaiter waits until a session of the test's database waits
// for a row lock.
func waitForLockWaiter(t *testing.T, s *apitest.Server) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var n int
		if err := s.App.DB.R.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the password change never waited for the locked codes")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
