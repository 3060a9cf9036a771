package httpapi

import (
	"context"
	"net/http"
	"sort"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"souk/platform"
)

// LiveRoomLister reports the media rooms running on this node.
type LiveRoomLister interface {
	LiveRooms(ctx context.Context) []platform.LiveRoom
}

// maxLiveRoomsChecked bounds the store lookups one listing may cost: each
// running room is checked against the admin's site.
const maxLiveRoomsChecked = 500

type liveRoomsInput struct {
	BearerAuth
}

type liveRoom struct {
	Name         string    `json:"name"`
	Participants int       `json:"participants"`
	CreatedAt    time.Time `json:"createdAt"`
}

type liveRoomsOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         struct {
		Rooms []liveRoom `json:"rooms"`
	}
}

// MountLiveRooms adds GET /api/admin/rooms once the media server exists
// (it is built after the platform's routes). The listing is the platform's
// and not RoomService's ListRooms, because a roomList grant covers every
// room on the server: an admin of one site must see only its own calls.
// It needs accounts and calls; without them it adds nothing.
func (s *Server) MountLiveRooms(rooms LiveRoomLister) {
	if s.opts.Accounts == nil || s.opts.Calls == nil {
		return
	}
	huma.Register(s.api, huma.Operation{
		OperationID: "admin-live-rooms", Method: http.MethodGet, Path: "/api/admin/rooms", Tags: []string{"Admin"},
		Summary:     "Calls of the admin's site running now on this node",
		Description: "Oldest first. Use POST /api/admin/rooms/token for a RoomService token that administers one of them.",
		Security:    bearerSecurity,
	}, func(ctx context.Context, in *liveRoomsInput) (*liveRoomsOutput, error) {
		return s.adminLiveRooms(ctx, in, rooms)
	})
}

// adminLiveRooms keeps the running rooms that are calls of the admin's site.
func (s *Server) adminLiveRooms(ctx context.Context, in *liveRoomsInput, rooms LiveRoomLister) (*liveRoomsOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeAdmin)
	if err != nil {
		return nil, err
	}
	running := rooms.LiveRooms(ctx)
	sort.Slice(running, func(i, j int) bool {
		if !running[i].CreatedAt.Equal(running[j].CreatedAt) {
			return running[i].CreatedAt.Before(running[j].CreatedAt)
		}
		return running[i].Name < running[j].Name
	})
	out := &liveRoomsOutput{CacheControl: "no-store"}
	out.Body.Rooms = []liveRoom{}
	for i, r := range running {
		if i == maxLiveRoomsChecked {
			LoggerFrom(ctx).Warn("live rooms listing truncated", "running", len(running), "checked", maxLiveRoomsChecked)
			break
		}
		_, err := s.opts.Calls.FindCall(ctx, sess.User.Site, r.Name)
		switch {
		case platform.ErrorCode(err) == platform.ENOTFOUND:
			continue
		case err != nil:
			LoggerFrom(ctx).Error("find call for live rooms", "room", r.Name, "err", err)
			return nil, huma.Error500InternalServerError("internal error")
		}
		out.Body.Rooms = append(out.Body.Rooms, liveRoom{Name: r.Name, Participants: r.Participants, CreatedAt: r.CreatedAt})
	}
	return out, nil
}
