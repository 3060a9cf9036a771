package roomservice

import (
	"encoding/json"
	"errors"
	"net/http"

	"souk/sfu"
)

// twirpError is an error as Twirp clients read it: a code from Twirp's
// fixed list and a message, sent as JSON with the code's HTTP status.
type twirpError struct {
	Code string `json:"code"`
	Msg  string `json:"msg"`
}

func (e *twirpError) Error() string { return e.Code + ": " + e.Msg }

func twirpErr(code, msg string) *twirpError { return &twirpError{Code: code, Msg: msg} }

// Twirp's codes and the statuses its clients expect.
var twirpStatus = map[string]int{
	"canceled":            408,
	"unknown":             500,
	"invalid_argument":    400,
	"malformed":           400,
	"deadline_exceeded":   408,
	"not_found":           404,
	"bad_route":           404,
	"already_exists":      409,
	"permission_denied":   403,
	"unauthenticated":     401,
	"resource_exhausted":  429,
	"failed_precondition": 412,
	"aborted":             409,
	"out_of_range":        400,
	"unimplemented":       501,
	"internal":            500,
	"unavailable":         503,
	"dataloss":            500,
}

// asTwirp maps a room layer error to a Twirp error with a clear message.
func asTwirp(err error) *twirpError {
	var te *twirpError
	switch {
	case errors.As(err, &te):
		return te
	case errors.Is(err, sfu.ErrRoomNotFound), errors.Is(err, sfu.ErrParticipantNotFound), errors.Is(err, sfu.ErrTrackNotFound):
		return twirpErr("not_found", err.Error())
	case errors.Is(err, sfu.ErrRemoteUnmute):
		return twirpErr("failed_precondition", err.Error()+": only the participant can unmute its track")
	case errors.Is(err, sfu.ErrOverLimit):
		return twirpErr("invalid_argument", err.Error())
	}
	return twirpErr("internal", "internal error")
}

// writeError sends the Twirp error body. The JavaScript server SDK reads
// the body as JSON only when the content type is exactly application/json.
func writeError(w http.ResponseWriter, e *twirpError) {
	status, ok := twirpStatus[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	body, _ := json.Marshal(e)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
