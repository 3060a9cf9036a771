package httpapi

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"syscall"

	"github.com/danielgtaylor/huma/v2"

	"souk/platform"
)

var statusByCode = map[string]int{
	platform.EINVALID:      http.StatusUnprocessableEntity,
	platform.ENOTFOUND:     http.StatusNotFound,
	platform.ECONFLICT:     http.StatusConflict,
	platform.EUNAUTHORIZED: http.StatusUnauthorized,
	platform.EFORBIDDEN:    http.StatusForbidden,
	platform.ERATELIMIT:    http.StatusTooManyRequests,
	platform.ETOOLARGE:     http.StatusRequestEntityTooLarge,
	platform.EUNAVAILABLE:  http.StatusServiceUnavailable,
	platform.EINTERNAL:     http.StatusInternalServerError,
}

// StatusOf maps a domain error to its HTTP status.
func StatusOf(err error) int {
	if s, ok := statusByCode[platform.ErrorCode(err)]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// Problem converts any error returned by a service into a huma error that
// renders as problem details. Field errors keep their field names as
// "body.<field>" locations, the same shape huma's own validation uses.
// Internal errors are logged and shown without detail.
func Problem(ctx context.Context, err error) error {
	var se huma.StatusError
	if errors.As(err, &se) {
		return se
	}
	status := StatusOf(err)
	if status == http.StatusInternalServerError && dependencyDown(err) {
		LoggerFrom(ctx).Warn("request failed: a dependency is not answering", "err", err)
		return huma.ErrorWithHeaders(
			huma.Error503ServiceUnavailable("the database is not answering; nothing was saved, try again shortly"),
			http.Header{"Retry-After": {"5"}})
	}
	if status == http.StatusInternalServerError {
		LoggerFrom(ctx).Error("request failed", "err", err)
		return huma.Error500InternalServerError("internal error; the request id in the X-Request-Id header identifies it in the server log")
	}
	var details []error
	var perr *platform.Error
	if errors.As(err, &perr) {
		for _, f := range perr.Fields {
			details = append(details, &huma.ErrorDetail{Location: "body." + f.Field, Message: f.Message})
		}
	}
	problem := huma.NewError(status, platform.ErrorMessage(err), details...)
	if status == http.StatusServiceUnavailable {
		return huma.ErrorWithHeaders(problem, http.Header{"Retry-After": {"5"}})
	}
	return problem
}

// dependencyDown recognises a store (or other backend) that cannot be
// reached: refused, reset or timed-out connections, and connections the
// driver gave up on. These are 503 (the client may retry), not 500.
func dependencyDown(err error) bool {
	var ne net.Error
	switch {
	case errors.As(err, &ne),
		errors.Is(err, driver.ErrBadConn),
		errors.Is(err, syscall.ECONNREFUSED),
		errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, io.ErrUnexpectedEOF),
		// A pooled connection the server closed: the driver sees EOF.
		errors.Is(err, io.EOF):
		return true
	}
	return false
}

// writeProblem writes a problem document outside huma (404s, panics,
// unknown sites), in the same shape huma produces.
func writeProblem(w http.ResponseWriter, status int, detail string) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	body, err := json.Marshal(huma.ErrorModel{Title: http.StatusText(status), Status: status, Detail: detail})
	if err != nil {
		slog.Error("encode problem", "err", err)
		return
	}
	w.Write(body)
}
