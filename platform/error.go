package platform

import (
	"errors"
	"fmt"
)

// Error codes, independent of transport. The HTTP layer maps them to
// statuses; the realtime layer to error acknowledgements.
const (
	EINVALID      = "invalid"      // bad input; see Fields
	ENOTFOUND     = "not_found"    // missing, or not visible to the caller
	ECONFLICT     = "conflict"     // e.g. an e-mail already registered
	EUNAUTHORIZED = "unauthorized" // no valid credentials
	EFORBIDDEN    = "forbidden"    // valid credentials, not allowed
	ERATELIMIT    = "rate_limited" // too many attempts
	ETOOLARGE     = "too_large"    // payload over a limit
	EUNAVAILABLE  = "unavailable"  // busy or overloaded; try again shortly
	EINTERNAL     = "internal"     // a bug or an unavailable dependency
)

// Error is a domain error that is safe to show to users: Message is written
// for them, Fields names each invalid input.
type Error struct {
	Code    string
	Message string
	Fields  []FieldError
}

// FieldError describes one invalid input field.
type FieldError struct {
	Field   string
	Message string
}

func (e *Error) Error() string {
	if len(e.Fields) == 0 {
		return fmt.Sprintf("%s: %s", e.Code, e.Message)
	}
	return fmt.Sprintf("%s: %s (%s: %s)", e.Code, e.Message, e.Fields[0].Field, e.Fields[0].Message)
}

// Errorf returns an Error with a formatted, user-facing message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid returns an EINVALID error listing field problems.
func Invalid(fields ...FieldError) *Error {
	return &Error{Code: EINVALID, Message: "some fields are invalid", Fields: fields}
}

// ErrorCode returns the code of err, EINTERNAL for errors that are not
// domain errors, and "" for nil.
func ErrorCode(err error) string {
	var e *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return e.Code
	default:
		return EINTERNAL
	}
}

// ErrorMessage returns the user-facing message of err; internal errors get
// a generic text so that details never leak.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "internal error"
}
