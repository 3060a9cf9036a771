package roomservice

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/livekit/protocol/auth"
)

// KeyProvider resolves an API key to its secret ("" when unknown).
type KeyProvider interface {
	GetSecret(key string) string
}

// StaticKeys is a KeyProvider over a fixed key→secret map.
type StaticKeys map[string]string

func (k StaticKeys) GetSecret(key string) string { return k[key] }

// grantNeed is the video grant a method requires.
type grantNeed int

const (
	needRoomCreate grantNeed = iota // CreateRoom, DeleteRoom
	needRoomList                    // ListRooms
	needRoomAdmin                   // everything about one room: roomAdmin and that room
)

// authenticate verifies the bearer token's signature and expiry against
// the configured keys. It is cheap (one HMAC), so it runs before the body
// is read.
func authenticate(keys KeyProvider, r *http.Request) (*auth.ClaimGrants, *twirpError) {
	h := r.Header.Get("Authorization")
	raw, ok := strings.CutPrefix(h, "Bearer ")
	if !ok || raw == "" {
		return nil, twirpErr("unauthenticated", "missing access token: send Authorization: Bearer <token signed with an API key>")
	}
	v, err := auth.ParseAPIToken(raw)
	if err != nil {
		return nil, twirpErr("unauthenticated", "invalid access token: "+err.Error())
	}
	secret := keys.GetSecret(v.APIKey())
	if secret == "" {
		return nil, twirpErr("unauthenticated", "invalid access token: unknown API key")
	}
	_, grants, err := v.Verify(secret)
	if err != nil {
		return nil, twirpErr("unauthenticated", "invalid access token: "+err.Error())
	}
	return grants, nil
}

// authorize checks the grant a method needs; room is the request's room.
func authorize(g *auth.ClaimGrants, need grantNeed, room string) *twirpError {
	v := g.Video
	if v == nil {
		v = &auth.VideoGrant{}
	}
	switch need {
	case needRoomCreate:
		if !v.RoomCreate {
			return twirpErr("permission_denied", "permissions denied: the token needs the roomCreate grant")
		}
	case needRoomList:
		if !v.RoomList {
			return twirpErr("permission_denied", "permissions denied: the token needs the roomList grant")
		}
	case needRoomAdmin:
		if !v.RoomAdmin {
			return twirpErr("permission_denied", "permissions denied: the token needs the roomAdmin grant")
		}
		if v.Room != room {
			return twirpErr("permission_denied", "permissions denied: the token's roomAdmin grant is for room "+strconv.Quote(v.Room)+", not "+strconv.Quote(room))
		}
	}
	return nil
}
