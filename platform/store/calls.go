package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"souk/platform"
)

// CallService implements platform.CallService.
type CallService struct{ db *DB }

// NewCallService returns the store-backed call service.
func NewCallService(db *DB) *CallService { return &CallService{db: db} }

type callRow struct {
	bun.BaseModel `bun:"table:calls"`
	RoomName      string    `bun:"room_name,pk"`
	Site          string    `bun:"site"`
	CallerID      string    `bun:"caller_id"`
	State         string    `bun:"state"`
	CreatedAt     time.Time `bun:"created_at"`
	ExpiresAt     time.Time `bun:"expires_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type inviteeRow struct {
	bun.BaseModel `bun:"table:call_invitees"`
	RoomName      string    `bun:"room_name,pk"`
	UserID        string    `bun:"user_id,pk"`
	InvitedAt     time.Time `bun:"invited_at"`
}

var errNoCall = platform.Errorf(platform.ENOTFOUND, "no such call")

// CreateCall implements platform.CallService.
func (s *CallService) CreateCall(ctx context.Context, site, callerID, calleeID string) (*platform.Call, error) {
	if callerID == calleeID {
		return nil, platform.Invalid(platform.FieldError{Field: "calleeId", Message: "you cannot call yourself"})
	}
	return s.InviteToCall(ctx, site, "call-"+NewID(), callerID, calleeID)
}

// InviteToCall implements platform.CallService. Only the caller of an
// existing room may invite to it, and a room may not take the name of
// another user's personal room.
func (s *CallService) InviteToCall(ctx context.Context, site, roomName, callerID, inviteeID string) (*platform.Call, error) {
	if !platform.ValidRoomName(roomName) {
		return nil, platform.Invalid(platform.FieldError{Field: "roomName", Message: "room name must be 1–128 letters, digits or . _ : -"})
	}
	if platform.IsDiagnosticsRoom(roomName) {
		return nil, platform.Errorf(platform.EFORBIDDEN, "this room name is reserved for connection tests")
	}
	var call *platform.Call
	err := s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		for _, id := range []string{callerID, inviteeID} {
			ok, err := tx.NewSelect().Model((*userRow)(nil)).Where("id = ? AND site = ?", id, site).Exists(ctx)
			if err != nil {
				return fmt.Errorf("find user: %w", err)
			}
			if !ok {
				return platform.Errorf(platform.ENOTFOUND, "no such user")
			}
		}
		if roomName != callerID {
			taken, err := tx.NewSelect().Model((*userRow)(nil)).Where("id = ?", roomName).Exists(ctx)
			if err != nil {
				return fmt.Errorf("check room name: %w", err)
			}
			if taken {
				return platform.Errorf(platform.EFORBIDDEN, "this room is another user's personal room")
			}
		}
		t := now()
		var row callRow
		err := tx.NewSelect().Model(&row).Where("room_name = ?", roomName).Scan(ctx)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			row = callRow{RoomName: roomName, Site: site, CallerID: callerID, State: string(platform.CallRinging),
				CreatedAt: t, ExpiresAt: t.Add(platform.InvitationTTL), UpdatedAt: t}
			if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
				return fmt.Errorf("create call: %w", err)
			}
		case err != nil:
			return fmt.Errorf("find call: %w", err)
		case row.Site != site:
			return platform.Errorf(platform.EFORBIDDEN, "this room name is taken")
		case row.CallerID != callerID:
			return platform.Errorf(platform.EFORBIDDEN, "only the caller may invite to this room")
		default:
			restart := isFinished(effectiveState(&row, t))
			row.ExpiresAt = t.Add(platform.InvitationTTL)
			row.UpdatedAt = t
			q := tx.NewUpdate().Model(&row).Column("expires_at", "updated_at")
			if restart {
				row.State = string(platform.CallRinging)
				q = q.Column("state")
			}
			if _, err := q.WherePK().Exec(ctx); err != nil {
				return fmt.Errorf("renew call: %w", err)
			}
		}
		inv := &inviteeRow{RoomName: roomName, UserID: inviteeID, InvitedAt: t}
		if _, err := tx.NewInsert().Model(inv).On("CONFLICT (room_name, user_id) DO UPDATE").
			Set("invited_at = EXCLUDED.invited_at").Exec(ctx); err != nil {
			return fmt.Errorf("invite: %w", err)
		}
		var err2 error
		call, err2 = loadCall(ctx, tx, &row)
		return err2
	})
	return call, err
}

func isFinished(s platform.CallState) bool {
	return s == platform.CallRejected || s == platform.CallEnded || s == platform.CallExpired
}

// effectiveState reports an unanswered call past its deadline as expired.
func effectiveState(r *callRow, at time.Time) platform.CallState {
	if r.State == string(platform.CallRinging) && !at.Before(r.ExpiresAt) {
		return platform.CallExpired
	}
	return platform.CallState(r.State)
}

func loadCall(ctx context.Context, db bun.IDB, r *callRow) (*platform.Call, error) {
	var invitees []string
	if err := db.NewSelect().Model((*inviteeRow)(nil)).Column("user_id").Where("room_name = ?", r.RoomName).
		Order("invited_at", "user_id").Scan(ctx, &invitees); err != nil {
		return nil, fmt.Errorf("list invitees: %w", err)
	}
	return &platform.Call{RoomName: r.RoomName, Site: r.Site, CallerID: r.CallerID, InviteeIDs: invitees,
		State: effectiveState(r, time.Now()), CreatedAt: r.CreatedAt, ExpiresAt: r.ExpiresAt}, nil
}

// FindCall implements platform.CallService.
func (s *CallService) FindCall(ctx context.Context, site, roomName string) (*platform.Call, error) {
	var row callRow
	err := s.db.NewSelect().Model(&row).Where("room_name = ? AND site = ?", roomName, site).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoCall
	}
	if err != nil {
		return nil, fmt.Errorf("find call: %w", err)
	}
	return loadCall(ctx, s.db, &row)
}

// allowedMoves lists the states a call may move to from each state.
var allowedMoves = map[platform.CallState][]platform.CallState{
	platform.CallRinging:  {platform.CallAccepted, platform.CallRejected, platform.CallEnded, platform.CallExpired},
	platform.CallAccepted: {platform.CallEnded},
}

// SetCallState implements platform.CallService.
func (s *CallService) SetCallState(ctx context.Context, site, roomName, userID string, state platform.CallState) (*platform.Call, error) {
	var call *platform.Call
	err := s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		var row callRow
		err := tx.NewSelect().Model(&row).Where("room_name = ? AND site = ?", roomName, site).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return errNoCall
		}
		if err != nil {
			return fmt.Errorf("find call: %w", err)
		}
		c, err := loadCall(ctx, tx, &row)
		if err != nil {
			return err
		}
		if !c.Participant(userID) {
			return errNoCall
		}
		current := c.State
		if current == state {
			call = c
			return nil
		}
		allowed := false
		for _, next := range allowedMoves[current] {
			allowed = allowed || next == state
		}
		if !allowed {
			return platform.Errorf(platform.ECONFLICT, "a call that is %s cannot become %s", current, state)
		}
		row.State, row.UpdatedAt = string(state), now()
		if _, err := tx.NewUpdate().Model(&row).Column("state", "updated_at").WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("update call: %w", err)
		}
		c.State = state
		call = c
		return nil
	})
	return call, err
}
