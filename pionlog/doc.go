// Package pionlog routes the loggers of the pion libraries (ICE, DTLS, SCTP,
// TURN, interceptors) into log/slog, so that every line the media stack
// writes carries the component name and ends up in the process's structured
// log instead of on stderr.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: github.com/pion/logging
package pionlog
