package platform

import (
	"context"
	"time"
)

// CallState is where a call stands.
type CallState string

const (
	CallRinging  CallState = "ringing"
	CallAccepted CallState = "accepted"
	CallRejected CallState = "rejected"
	CallEnded    CallState = "ended"
	CallExpired  CallState = "expired"
)

// InvitationTTL is how long an unanswered invitation stays valid.
const InvitationTTL = 30 * time.Second

// Call is a video call room between users of one site. The media token
// service mints tokens only for the caller and the invitees of a call, or
// for a user's own personal room.
type Call struct {
	RoomName   string
	Site       string
	CallerID   string
	InviteeIDs []string
	State      CallState
	CreatedAt  time.Time
	ExpiresAt  time.Time // when an unanswered invitation lapses
}

// Participant reports whether userID is the caller or an invitee.
func (c *Call) Participant(userID string) bool {
	if c.CallerID == userID {
		return true
	}
	for _, id := range c.InviteeIDs {
		if id == userID {
			return true
		}
	}
	return false
}

// LiveRoom is a media room running now, as the media server reports it.
type LiveRoom struct {
	Name         string
	Participants int
	CreatedAt    time.Time
}

// CallService records calls and their state.
type CallService interface {
	// CreateCall starts a call from callerID to calleeID (same site) in a
	// fresh room and returns it in state ringing.
	CreateCall(ctx context.Context, site, callerID, calleeID string) (*Call, error)
	// InviteToCall records an invitation to an existing room created by
	// callerID (creating the call when the room is new), so the invitee
	// may later request a media token for it.
	InviteToCall(ctx context.Context, site, roomName, callerID, inviteeID string) (*Call, error)
	// FindCall returns ENOTFOUND for rooms of other sites.
	FindCall(ctx context.Context, site, roomName string) (*Call, error)
	// SetCallState moves a call to state on behalf of userID, who must be
	// a participant.
	SetCallState(ctx context.Context, site, roomName, userID string, state CallState) (*Call, error)
}
