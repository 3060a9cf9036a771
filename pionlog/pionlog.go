package pionlog

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/pion/logging"
)

// LevelTrace is below slog's debug level; pion's trace lines land there.
const LevelTrace = slog.LevelDebug - 4

// Factory makes pion loggers that write to one slog.Logger. pion's info
// lines describe connection state changes that our own code logs where
// they matter, so they are demoted to debug.
type Factory struct {
	log *slog.Logger
}

// New returns a factory writing to log.
func New(log *slog.Logger) *Factory { return &Factory{log: log} }

// NewLogger implements logging.LoggerFactory; scope names the pion
// component ("ice", "dtls", "sctp", "turn", ...).
func (f *Factory) NewLogger(scope string) logging.LeveledLogger {
	return &logger{log: f.log.With("component", "pion/"+scope)}
}

type logger struct {
	log *slog.Logger
}

// shutdownNoise matches errors that only say a peer or socket went away.
// They are expected whenever a participant leaves, so they are not errors
// of ours.
var shutdownNoise = []string{
	"closed pipe",
	"use of closed network connection",
	"connection reset by peer",
	"broken pipe",
	"eof",
	"context canceled",
	"conn is closed",
	"connection closed",
	"already closed",
	"transport is closed",
	"association closed",
	"the agent is closed",
	"buffer: closed",
	"state=closed",
}

// routine matches warnings pion gives for states that are normal in an
// SFU: pinging before the remote candidates arrived, RTCP for a stream
// before its track is known.
var routine = []string{
	"failed to ping without candidate pairs",
	"incoming unhandled rtcp ssrc",
	"undeclaredmediaprocessor failed to open",
	"failed to start sctp: dtls not established",
	"no endpoint for packet starting with",
	// A TURN client that fails TLS (scanners, wrong names) is the
	// client's problem; logging each at error level would let anyone
	// flood the log.
	"tls handshake failed",
}

// IsShutdownNoise reports whether msg only says that a peer went away.
func IsShutdownNoise(msg string) bool {
	m := strings.ToLower(msg)
	for _, n := range shutdownNoise {
		if strings.Contains(m, n) {
			return true
		}
	}
	return false
}

func (l *logger) emit(level slog.Level, msg string) {
	if level >= slog.LevelWarn && (IsShutdownNoise(msg) || isRoutine(msg)) {
		level = slog.LevelDebug
	}
	ctx := context.Background()
	if !l.log.Enabled(ctx, level) {
		return
	}
	l.log.Log(ctx, level, msg)
}

func (l *logger) Trace(msg string)                  { l.emit(LevelTrace, msg) }
func (l *logger) Tracef(format string, args ...any) { l.emitf(LevelTrace, format, args) }
func (l *logger) Debug(msg string)                  { l.emit(slog.LevelDebug, msg) }
func (l *logger) Debugf(format string, args ...any) { l.emitf(slog.LevelDebug, format, args) }
func (l *logger) Info(msg string)                   { l.emit(slog.LevelDebug, msg) }
func (l *logger) Infof(format string, args ...any)  { l.emitf(slog.LevelDebug, format, args) }
func (l *logger) Warn(msg string)                   { l.emit(slog.LevelWarn, msg) }
func (l *logger) Warnf(format string, args ...any)  { l.emitf(slog.LevelWarn, format, args) }
func (l *logger) Error(msg string)                  { l.emit(slog.LevelError, msg) }
func (l *logger) Errorf(format string, args ...any) { l.emitf(slog.LevelError, format, args) }

// emitf formats only when the level is enabled: pion formats trace lines
// per packet.
func (l *logger) emitf(level slog.Level, format string, args []any) {
	if !l.log.Enabled(context.Background(), min(level, slog.LevelDebug)) && !l.log.Enabled(context.Background(), level) {
		return
	}
	l.emit(level, fmt.Sprintf(format, args...))
}

func isRoutine(msg string) bool {
	m := strings.ToLower(msg)
	for _, r := range routine {
		if strings.Contains(m, r) {
			return true
		}
	}
	return false
}
