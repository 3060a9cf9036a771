package sfu

import (
	"testing"

	"souk/config"
)

// A Config left at zero must enforce the limits an operator gets by
// default, so that tests and the binary agree on them.
func TestZeroConfigTakesTheOperatorDefaults(t *testing.T) {
	got, want := Config{}.withDefaults(), config.DefaultMedia()
	for _, tc := range []struct {
		key       string
		got, want any
	}{
		{"empty_timeout", got.EmptyTimeout, want.EmptyTimeout},
		{"reconnect_window", got.ReconnectWindow, want.ReconnectWindow},
		{"max_participants", got.MaxParticipants, want.MaxParticipants},
		{"max_tracks_per_participant", got.MaxTracksPerParticipant, want.MaxTracksPerParticipant},
		{"max_data_packet_bytes", got.MaxDataPacketBytes, want.MaxDataPacketBytes},
	} {
		if tc.got != tc.want {
			t.Errorf("media.%s: zero Config gives %v, the configuration's default is %v", tc.key, tc.got, tc.want)
		}
	}
	set := Config{MaxParticipants: 3}.withDefaults()
	if set.MaxParticipants != 3 {
		t.Errorf("a set MaxParticipants became %d", set.MaxParticipants)
	}
}
