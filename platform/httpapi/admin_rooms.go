package httpapi

import (
	"context"
	"errors"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/livekit/protocol/auth"

	"souk/platform"
)

// adminRoomsTTL is the lifetime of an operator token for the admin page:
// long enough for a few calls, short enough that a leaked one is useless
// soon. The page asks for a new one when it expires.
const adminRoomsTTL = 2 * time.Minute

type adminRoomsTokenInput struct {
	BearerAuth
	Body struct {
		Room string `json:"room" minLength:"1" maxLength:"128" doc:"the call room to administer (roomAdmin); list the site's running calls with GET /api/admin/rooms"`
	}
}

type adminRoomsTokenOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         struct {
		Token     string    `json:"token" doc:"Bearer token for /twirp/livekit.RoomService/*"`
		ExpiresAt time.Time `json:"expiresAt"`
	}
}

// registerAdminRooms adds POST /api/admin/rooms/token. The admin page
// calls the LiveKit RoomService (the same API operators' SDKs use) with
// the token it returns, rather than through a proxy here: the browser
// then exercises exactly the public API, and the platform only decides
// who may get which grant.
func (s *Server) registerAdminRooms() {
	huma.Register(s.api, huma.Operation{
		OperationID: "admin-rooms-token", Method: http.MethodPost, Path: "/api/admin/rooms/token", Tags: []string{"Admin"},
		Summary: "Short-lived RoomService token for the live rooms page (admins)",
		Description: "Grants roomAdmin for the given room, which must be a call of the admin's site. Valid for two minutes. " +
			"It carries no roomList grant: that would show every site's rooms.",
		Security: bearerSecurity,
	}, s.adminRoomsToken)
}

// adminRoomsToken mints the live rooms page's token. Admins are admins of
// one site, so roomAdmin is granted only for a call room of that site: an
// admin of one site can never remove or mute people in another's calls.
func (s *Server) adminRoomsToken(ctx context.Context, in *adminRoomsTokenInput) (*adminRoomsTokenOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeAdmin)
	if err != nil {
		return nil, err
	}
	room := strings.TrimSpace(in.Body.Room)
	if !platform.ValidRoomName(room) {
		return nil, huma.Error422UnprocessableEntity("invalid room", &huma.ErrorDetail{
			Location: "body.room", Message: "must be 1–128 letters, digits or . _ : -", Value: in.Body.Room,
		})
	}
	_, err = s.opts.Calls.FindCall(ctx, sess.User.Site, room)
	switch {
	case platform.ErrorCode(err) == platform.ENOTFOUND:
		return nil, huma.Error403Forbidden("this room is not a call of your site")
	case err != nil:
		LoggerFrom(ctx).Error("find call for admin rooms token", "room", room, "err", err)
		return nil, huma.Error500InternalServerError("internal error")
	}
	tok, exp, err := s.signAdminRoomsToken(sess.User.ID, room)
	if err != nil {
		LoggerFrom(ctx).Error("sign admin rooms token", "err", err)
		return nil, huma.Error500InternalServerError("internal error")
	}
	LoggerFrom(ctx).Info("admin rooms token issued", "user", sess.User.ID, "room", room)
	out := &adminRoomsTokenOutput{CacheControl: "no-store"}
	out.Body.Token, out.Body.ExpiresAt = tok, exp
	return out, nil
}

func (s *Server) signAdminRoomsToken(userID, room string) (string, time.Time, error) {
	keys := make([]string, 0, len(s.opts.MediaKeys))
	for k := range s.opts.MediaKeys {
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return "", time.Time{}, errors.New("no media key configured")
	}
	sort.Strings(keys)
	grant := &auth.VideoGrant{RoomAdmin: true, Room: room}
	exp := time.Now().Add(adminRoomsTTL)
	tok, err := auth.NewAccessToken(keys[0], s.opts.MediaKeys[keys[0]]).
		SetIdentity("admin:" + userID).
		SetVideoGrant(grant).
		SetValidFor(adminRoomsTTL).
		ToJWT()
	return tok, exp, err
}
