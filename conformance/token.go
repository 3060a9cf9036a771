package conformance

import (
	"fmt"
	"time"

	"github.com/livekit/protocol/auth"
)

// Grant adjusts the video grant of a token minted by Server.Token.
type Grant func(*auth.VideoGrant)

// NoPublish takes away publishing (a viewer).
func NoPublish() Grant { return func(g *auth.VideoGrant) { g.SetCanPublish(false) } }

// NoData takes away sending data packets, streams and RPC.
func NoData() Grant { return func(g *auth.VideoGrant) { g.SetCanPublishData(false) } }

// NoSubscribe takes away subscribing.
func NoSubscribe() Grant { return func(g *auth.VideoGrant) { g.SetCanSubscribe(false) } }

// Token mints an access token for room and identity, signed with the
// server's key, valid for an hour.
func (s *Server) Token(room, identity string, grants ...Grant) (string, error) {
	g := &auth.VideoGrant{RoomJoin: true, Room: room}
	for _, f := range grants {
		f(g)
	}
	jwt, err := auth.NewAccessToken(s.Opts.APIKey, s.Opts.APISecret).
		SetIdentity(identity).SetName(identity).SetVideoGrant(g).SetValidFor(time.Hour).ToJWT()
	if err != nil {
		return "", fmt.Errorf("token for %s in %s: %w", identity, room, err)
	}
	return jwt, nil
}
