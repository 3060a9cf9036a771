package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/danielgtaylor/huma/v2"
	"github.com/golang-jwt/jwt/v5"
	"github.com/livekit/protocol/auth"

	"souk/platform"
)

type callBody struct {
	RoomName   string    `json:"roomName"`
	CallerID   string    `json:"callerId"`
	InviteeIDs []string  `json:"inviteeIds"`
	State      string    `json:"state" enum:"ringing,accepted,rejected,ended,expired"`
	CreatedAt  time.Time `json:"createdAt"`
	ExpiresAt  time.Time `json:"expiresAt"`
}

type createCallInput struct {
	BearerAuth
	Body struct {
		CalleeID string `json:"calleeId" minLength:"1" maxLength:"64" doc:"The user to call (same site)"`
	}
}

type callOutput struct {
	Body callBody
}

// TokenRequest is the body of POST /token.
type TokenRequest struct {
	RoomName        string `json:"roomName" minLength:"1" maxLength:"128" doc:"A call room you created or were invited to, your user id (personal room), or diagnostics:<your user id> (connection test)"`
	ParticipantName string `json:"participantName,omitempty" maxLength:"100" doc:"Name shown to others; default \"Participant\" + your user id"`
}

type tokenInput struct {
	Authorization string `header:"Authorization" doc:"Bearer <apiToken>"`
	RawBody       []byte `contentType:"application/json"`
}

type tokenBody struct {
	Token        string `json:"token,omitempty" doc:"Media access token (JWT) for the SFU"`
	ErrorMessage string `json:"errorMessage,omitempty" doc:"Why no token was issued"`
}

type tokenOutput struct {
	Status       int
	CacheControl string `header:"Cache-Control"`
	Body         tokenBody
}

func tokenError(status int, msg string) *tokenOutput {
	return &tokenOutput{Status: status, CacheControl: "no-store", Body: tokenBody{ErrorMessage: msg}}
}

func (s *Server) registerCalls() {
	huma.Register(s.api, huma.Operation{
		OperationID: "create-call", Method: http.MethodPost, Path: "/api/calls", Tags: []string{"Calls"},
		Summary:       "Start a call to another user in a fresh room",
		Description:   "The caller and the callee may then request media tokens for the room; an unanswered invitation lapses after 30 s.",
		Security:      bearerSecurity,
		DefaultStatus: http.StatusCreated,
	}, s.createCall)

	op := huma.Operation{
		OperationID: "media-token", Method: http.MethodPost, Path: "/token", Tags: []string{"Calls"},
		Summary: "Mint a media access token for a call room",
		Description: "Authorization: Bearer <apiToken>. Answers {token}, or {errorMessage} with 400 (bad request), " +
			"403 (apiToken missing, expired or revoked, or the room is not yours to join) or 500.",
		Security: bearerSecurity,
		Responses: map[string]*huma.Response{
			"400": {Description: "Bad request", Content: map[string]*huma.MediaType{"application/json": {}}},
			"403": {Description: "Not allowed", Content: map[string]*huma.MediaType{"application/json": {}}},
			"500": {Description: "Server error", Content: map[string]*huma.MediaType{"application/json": {}}},
		},
		MaxBodyBytes: 16 << 10,
		// The handler decodes and checks the body itself, so that every
		// failure has the {errorMessage} shape the call screen reads.
		SkipValidateBody: true,
	}
	huma.Register(s.api, op, s.mintMediaToken)
	// Document the JSON body the handler decodes itself (it answers its
	// own error shape, not problem details).
	schema := s.api.OpenAPI().Components.Schemas.Schema(reflect.TypeOf(TokenRequest{}), true, "TokenRequest")
	if doc := s.api.OpenAPI().Paths["/token"]; doc != nil && doc.Post != nil {
		doc.Post.RequestBody.Content = map[string]*huma.MediaType{"application/json": {Schema: schema}}
		for _, code := range []string{"400", "403", "500"} {
			doc.Post.Responses[code].Content["application/json"].Schema = doc.Post.Responses["200"].Content["application/json"].Schema
		}
	}
}

func (s *Server) createCall(ctx context.Context, in *createCallInput) (*callOutput, error) {
	sess, err := s.signedIn(ctx, in.BearerAuth)
	if err != nil {
		return nil, err
	}
	call, err := s.opts.Calls.CreateCall(ctx, sess.User.Site, sess.User.ID, in.Body.CalleeID)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	return &callOutput{Body: callBody{RoomName: call.RoomName, CallerID: call.CallerID, InviteeIDs: call.InviteeIDs,
		State: string(call.State), CreatedAt: call.CreatedAt, ExpiresAt: call.ExpiresAt}}, nil
}

// mintMediaToken implements POST /token.
func (s *Server) mintMediaToken(ctx context.Context, in *tokenInput) (*tokenOutput, error) {
	site := platform.SiteFrom(ctx).Project
	token := bearerToken(in.Authorization)
	if token == "" {
		return tokenError(http.StatusForbidden, "missing api token; sign in again"), nil
	}
	sess, err := s.opts.Accounts.AuthenticateAPISession(ctx, site, token)
	if err != nil {
		if platform.ErrorCode(err) == platform.EUNAUTHORIZED {
			return tokenError(http.StatusForbidden, "the api token is expired or revoked; sign in again"), nil
		}
		LoggerFrom(ctx).Error("authenticate api token", "err", err)
		return tokenError(http.StatusInternalServerError, "internal error"), nil
	}
	user := sess.User
	var req TokenRequest
	if err := json.Unmarshal(in.RawBody, &req); err != nil {
		return tokenError(http.StatusBadRequest, "the body must be JSON {roomName, participantName}"), nil
	}
	req.RoomName = strings.TrimSpace(req.RoomName)
	req.ParticipantName = strings.TrimSpace(req.ParticipantName)
	if !platform.ValidRoomName(req.RoomName) {
		return tokenError(http.StatusBadRequest, "roomName must be 1–128 letters, digits or . _ : -"), nil
	}
	if utf8.RuneCountInString(req.ParticipantName) > 100 {
		return tokenError(http.StatusBadRequest, "participantName must be at most 100 characters"), nil
	}
	if req.ParticipantName == "" {
		req.ParticipantName = "Participant" + user.ID
	}
	relay, err := s.mayJoin(ctx, user, req.RoomName)
	if err != nil {
		if platform.ErrorCode(err) == platform.EINTERNAL {
			LoggerFrom(ctx).Error("check room access", "err", err)
			return tokenError(http.StatusInternalServerError, "internal error"), nil
		}
		return tokenError(http.StatusForbidden, platform.ErrorMessage(err)), nil
	}
	signed, err := s.signMediaToken(mediaClaims{Session: sess.ID, TURN: relay}, user.ID, req.ParticipantName, req.RoomName)
	if err != nil {
		LoggerFrom(ctx).Error("sign media token", "err", err)
		return tokenError(http.StatusInternalServerError, "internal error"), nil
	}
	return &tokenOutput{Status: http.StatusOK, CacheControl: "no-store", Body: tokenBody{Token: signed}}, nil
}

var errNotYourRoom = platform.Errorf(platform.EFORBIDDEN, "you are not a participant of this room")

// mayJoin allows the user's personal room and connection-test room, and
// a call room whose caller the user is, or to which the user was invited
// and which is not over. relay says whether the join gets TURN
// credentials: for a call, and for the connection test, which checks
// TURN; not for the personal room, where no one else is met.
func (s *Server) mayJoin(ctx context.Context, user *platform.User, room string) (relay bool, err error) {
	switch room {
	case user.ID:
		return false, nil
	case platform.DiagnosticsRoom(user.ID):
		return true, nil
	}
	call, err := s.opts.Calls.FindCall(ctx, user.Site, room)
	if platform.ErrorCode(err) == platform.ENOTFOUND {
		return false, errNotYourRoom
	}
	if err != nil {
		return false, err
	}
	switch {
	case call.CallerID == user.ID:
		return true, nil
	case !call.Participant(user.ID):
		return false, errNotYourRoom
	case call.State == platform.CallRinging || call.State == platform.CallAccepted:
		return true, nil
	default:
		return false, platform.Errorf(platform.EFORBIDDEN, "this call is %s", call.State)
	}
}

// mediaClaims go beside LiveKit's grants in a media token; the
// signalling server (souk/signal) reads them under these names. Session
// is the sign-in session the token is minted under: a join is refused
// once it has ended. TURN is whether the join gets relay credentials.
type mediaClaims struct {
	Session string `json:"sid"`
	TURN    bool   `json:"turn,omitempty"`
}

// mediaToken is the whole payload of a media token.
type mediaToken struct {
	jwt.RegisteredClaims
	auth.ClaimGrants
	mediaClaims
}

// signMediaToken grants joining one room, publishing and subscribing, and
// nothing else (no room admin, no recording, no listing rooms).
func (s *Server) signMediaToken(claims mediaClaims, identity, name, room string) (string, error) {
	keys := make([]string, 0, len(s.opts.MediaKeys))
	for k := range s.opts.MediaKeys {
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return "", errors.New("no media key configured")
	}
	sort.Strings(keys)
	ttl := s.opts.MediaTokenTTL
	if ttl <= 0 {
		ttl = 10 * time.Minute
	}
	yes := true
	now := time.Now()
	tok := mediaToken{
		RegisteredClaims: jwt.RegisteredClaims{Issuer: keys[0], Subject: identity,
			IssuedAt: jwt.NewNumericDate(now), NotBefore: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(ttl))},
		ClaimGrants: auth.ClaimGrants{Name: name,
			Video: &auth.VideoGrant{RoomJoin: true, Room: room, CanPublish: &yes, CanSubscribe: &yes, CanPublishData: &yes}},
		mediaClaims: claims,
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, tok).SignedString([]byte(s.opts.MediaKeys[keys[0]]))
}
