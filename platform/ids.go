package platform

import (
	"regexp"
	"strings"
)

var roomNamePattern = regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,128}$`)

// ValidRoomName reports whether name may name a call room.
func ValidRoomName(name string) bool { return roomNamePattern.MatchString(name) }

// diagnosticsRoomPrefix marks the rooms of the connection test. No call
// may take such a name, so the test never meets anyone.
const diagnosticsRoomPrefix = "diagnostics:"

// DiagnosticsRoom is the room in which userID runs the connection test:
// a room of its own, so that the test neither replaces the user in their
// personal room nor shows their camera to anyone else.
func DiagnosticsRoom(userID string) string { return diagnosticsRoomPrefix + userID }

// IsDiagnosticsRoom reports whether name is reserved for connection tests.
func IsDiagnosticsRoom(name string) bool { return strings.HasPrefix(name, diagnosticsRoomPrefix) }
