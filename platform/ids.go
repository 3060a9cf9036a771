package platform

import "regexp"

var roomNamePattern = regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,128}$`)

// ValidRoomName reports whether name may name a call room.
func ValidRoomName(name string) bool { return roomNamePattern.MatchString(name) }
