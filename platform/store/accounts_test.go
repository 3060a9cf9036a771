package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"souk/platform"
	"souk/platform/store"
	"souk/platform/store/storetest"
)

func register(t *testing.T, svc *store.AccountService, site, email string) *platform.Session {
	t.Helper()
	ctx := context.Background()
	if err := svc.Register(ctx, &platform.Registration{Site: site, Email: email, Password: "oak desk 42", DisplayName: "Ala"}); err != nil {
		t.Fatalf("register %s on %s: %v", email, site, err)
	}
	sess, err := svc.Login(ctx, site, email, "oak desk 42")
	if err != nil {
		t.Fatalf("sign in %s on %s: %v", email, site, err)
	}
	return sess
}

func TestAccountsPerSiteAndTokens(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := store.NewAccountService(db, store.AccountOptions{SessionTTL: time.Hour})
		desks := register(t, svc, "desks", "Ala@Example.com")
		tutoring := register(t, svc, "tutoring", "ala@example.com")
		if desks.User.ID == tutoring.User.ID || desks.User.Email != "ala@example.com" {
			t.Fatalf("same e-mail on two sites must give two users: %+v %+v", desks.User, tutoring.User)
		}
		for range 3 {
			err := svc.Register(ctx, &platform.Registration{Site: "desks", Email: "ala@example.com", Password: "other pass 1", DisplayName: "B"})
			if err != nil {
				t.Fatalf("a taken e-mail must answer like a new one: %v", err)
			}
		}
		if mails, _ := db.PendingMail(ctx, time.Now().Add(time.Second), 10); len(mails) != 1 || mails[0].Recipient != "ala@example.com" {
			t.Fatalf("the owner must get exactly one notice a day, outbox: %+v", mails)
		}
		if _, err := svc.Login(ctx, "desks", "ala@example.com", "other pass 1"); platform.ErrorCode(err) != platform.EUNAUTHORIZED {
			t.Fatalf("a second registration changed the password: %v", err)
		}
		if _, err := svc.Login(ctx, "desks", "ala@example.com", "oak desk 42"); err != nil {
			t.Fatal(err)
		}
		_, wrong := svc.Login(ctx, "desks", "ala@example.com", "wrong pass 1")
		_, unknown := svc.Login(ctx, "desks", "nobody@example.com", "wrong pass 1")
		if wrong == nil || unknown == nil || wrong.Error() != unknown.Error() {
			t.Fatalf("wrong password %v vs unknown e-mail %v must be the same error", wrong, unknown)
		}
		u, err := svc.AuthenticateAPIToken(ctx, "desks", desks.APIToken)
		if err != nil || u.ID != desks.User.ID {
			t.Fatalf("api token: %v %v", u, err)
		}
		for name, check := range map[string]func() error{
			"api token on another site": func() error { _, err := svc.AuthenticateAPIToken(ctx, "tutoring", desks.APIToken); return err },
			"access token as api token": func() error { _, err := svc.AuthenticateAPIToken(ctx, "desks", desks.AccessToken); return err },
			"api token as access token": func() error { _, err := svc.AuthenticateAccessToken(ctx, "desks", desks.APIToken); return err },
		} {
			if platform.ErrorCode(check()) != platform.EUNAUTHORIZED {
				t.Errorf("%s accepted", name)
			}
		}
		if err := svc.Logout(ctx, "desks", desks.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.AuthenticateAPIToken(ctx, "desks", desks.APIToken); platform.ErrorCode(err) != platform.EUNAUTHORIZED {
			t.Fatalf("revoked api token: %v", err)
		}
		var stored int
		db.NewSelect().Table("auth_tokens").ColumnExpr("count(*)").Where("hash = ?", desks.AccessToken).Scan(ctx, &stored)
		if stored != 0 {
			t.Fatal("a token is stored in clear")
		}
	})
}

func TestExpiredTokenIsRefused(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		svc := store.NewAccountService(db, store.AccountOptions{SessionTTL: time.Millisecond})
		sess := register(t, svc, "desks", "old@example.com")
		time.Sleep(5 * time.Millisecond)
		if _, err := svc.AuthenticateAccessToken(context.Background(), "desks", sess.AccessToken); platform.ErrorCode(err) != platform.EUNAUTHORIZED {
			t.Fatalf("expired token: %v", err)
		}
	})
}

func TestPasswordResetIsSingleUse(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := store.NewAccountService(db, store.AccountOptions{})
		sess := register(t, svc, "desks", "reset@example.com")
		var token string
		link := func(tok string) string { token = tok; return "https://desks.example/reset-password?token=" + tok }
		if err := svc.RequestPasswordReset(ctx, "tutoring", "reset@example.com", link); err != nil || token != "" {
			t.Fatalf("reset on another site: %v %q", err, token)
		}
		if err := svc.RequestPasswordReset(ctx, "desks", "RESET@example.com", link); err != nil || token == "" {
			t.Fatalf("reset: %v", err)
		}
		mails, _ := db.PendingMail(ctx, time.Now().Add(time.Second), 10)
		if len(mails) != 1 || !strings.Contains(mails[0].Body, "reset-password?token="+token) {
			t.Fatalf("outbox %+v", mails)
		}
		if _, err := svc.ResetPassword(ctx, "desks", token, "short"); platform.ErrorCode(err) != platform.EINVALID {
			t.Fatalf("weak password: %v", err)
		}
		if _, err := svc.ResetPassword(ctx, "tutoring", token, "new password 7"); platform.ErrorCode(err) != platform.EINVALID {
			t.Fatalf("token used on another site: %v", err)
		}
		if _, err := svc.ResetPassword(ctx, "desks", token, "new password 7"); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.ResetPassword(ctx, "desks", token, "newer password 8"); platform.ErrorCode(err) != platform.EINVALID {
			t.Fatalf("second use: %v", err)
		}
		if _, err := svc.AuthenticateAccessToken(ctx, "desks", sess.AccessToken); err == nil {
			t.Fatal("old session survived a password reset")
		}
		if _, err := svc.Login(ctx, "desks", "reset@example.com", "new password 7"); err != nil {
			t.Fatal(err)
		}
	})
}

func TestPasswordRules(t *testing.T) {
	for pw, ok := range map[string]bool{"abcdefg1": true, "abcdefgh": false, "12345678": false, "abc1": false, strings.Repeat("a1", 65): false, "zażółć 12": true} {
		if got := platform.CheckPassword("password", pw) == nil; got != ok {
			t.Errorf("%q: ok=%v, want %v", pw, got, ok)
		}
	}
}

func TestCallsAuthorizeParticipants(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		accounts := store.NewAccountService(db, store.AccountOptions{})
		calls := store.NewCallService(db)
		a := register(t, accounts, "desks", "a@example.com").User
		b := register(t, accounts, "desks", "b@example.com").User
		c := register(t, accounts, "desks", "c@example.com").User
		other := register(t, accounts, "tutoring", "x@example.com").User
		call, err := calls.CreateCall(ctx, "desks", a.ID, b.ID)
		if err != nil || call.State != platform.CallRinging || !call.Participant(b.ID) || call.Participant(c.ID) {
			t.Fatalf("create: %+v %v", call, err)
		}
		if _, err := calls.CreateCall(ctx, "desks", a.ID, other.ID); platform.ErrorCode(err) != platform.ENOTFOUND {
			t.Fatalf("call to another site's user: %v", err)
		}
		if _, err := calls.FindCall(ctx, "tutoring", call.RoomName); platform.ErrorCode(err) != platform.ENOTFOUND {
			t.Fatalf("find from another site: %v", err)
		}
		if _, err := calls.InviteToCall(ctx, "desks", call.RoomName, c.ID, b.ID); platform.ErrorCode(err) != platform.EFORBIDDEN {
			t.Fatalf("non-caller invites: %v", err)
		}
		if _, err := calls.InviteToCall(ctx, "desks", b.ID, a.ID, c.ID); platform.ErrorCode(err) != platform.EFORBIDDEN {
			t.Fatalf("room named after another user's personal room: %v", err)
		}
		for _, room := range []string{"diagnostics:" + b.ID, "diagnostics:" + a.ID} {
			if _, err := calls.InviteToCall(ctx, "desks", room, a.ID, b.ID); platform.ErrorCode(err) != platform.EFORBIDDEN {
				t.Fatalf("call in connection-test room %s: %v", room, err)
			}
		}
		if _, err := calls.SetCallState(ctx, "desks", call.RoomName, c.ID, platform.CallAccepted); platform.ErrorCode(err) != platform.ENOTFOUND {
			t.Fatalf("outsider changes state: %v", err)
		}
		got, err := calls.SetCallState(ctx, "desks", call.RoomName, b.ID, platform.CallAccepted)
		if err != nil || got.State != platform.CallAccepted {
			t.Fatalf("accept: %+v %v", got, err)
		}
		if _, err := calls.SetCallState(ctx, "desks", call.RoomName, b.ID, platform.CallRejected); platform.ErrorCode(err) != platform.ECONFLICT {
			t.Fatalf("reject after accept: %v", err)
		}
		room := "room-by-client-1"
		if _, err := calls.InviteToCall(ctx, "desks", room, a.ID, b.ID); err != nil {
			t.Fatal(err)
		}
		got, err = calls.InviteToCall(ctx, "desks", room, a.ID, c.ID)
		if err != nil || len(got.InviteeIDs) != 2 || got.CallerID != a.ID {
			t.Fatalf("second invitee: %+v %v", got, err)
		}
	})
}

func TestStaleTokensAreDeleted(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := store.NewAccountService(db, store.AccountOptions{SessionTTL: time.Hour})
		old := register(t, svc, "desks", "old@example.com")
		live := register(t, svc, "desks", "live@example.com")
		if err := svc.Logout(ctx, "desks", old.ID); err != nil {
			t.Fatal(err)
		}
		n, err := svc.DeleteStale(ctx, time.Now().Add(time.Second))
		if err != nil || n != 2 {
			t.Fatalf("deleted %d, %v", n, err)
		}
		if _, err := svc.AuthenticateAPIToken(ctx, "desks", live.APIToken); err != nil {
			t.Fatalf("a live session was swept: %v", err)
		}
	})
}

func TestResetLinksAreSingleGeneration(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := store.NewAccountService(db, store.AccountOptions{})
		register(t, svc, "desks", "twice@example.com")
		var tokens []string
		link := func(tok string) string { tokens = append(tokens, tok); return "https://desks.example/r?token=" + tok }
		for range 2 {
			if err := svc.RequestPasswordReset(ctx, "desks", "twice@example.com", link); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.ResetPassword(ctx, "desks", tokens[0], "older link 1"); platform.ErrorCode(err) != platform.EINVALID {
			t.Fatalf("an older link still works after a newer one was issued: %v", err)
		}
		if _, err := svc.ResetPassword(ctx, "desks", tokens[1], "newer link 2"); err != nil {
			t.Fatal(err)
		}
	})
}

func TestHashingIsBounded(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		hashes := store.NewHashLimiter(1, 20*time.Millisecond)
		svc := store.NewAccountService(db, store.AccountOptions{Hashes: hashes})
		register(t, svc, "desks", "busy@example.com")
		release, err := hashes.Acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer release()
		if _, err := svc.Login(ctx, "desks", "busy@example.com", "oak desk 42"); platform.ErrorCode(err) != platform.EUNAVAILABLE {
			t.Fatalf("login with every hashing slot taken: %v, want %s", err, platform.EUNAVAILABLE)
		}
		// A bogus reset token is refused before any hashing, so it needs
		// no slot.
		if _, err := svc.ResetPassword(ctx, "desks", "bogus-token", "new password 7"); platform.ErrorCode(err) != platform.EINVALID {
			t.Fatalf("bogus reset token with every hashing slot taken: %v, want %s", err, platform.EINVALID)
		}
	})
}
