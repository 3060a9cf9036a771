package config

import (
	"fmt"
	"slices"
	"strings"
)

// Codecs says which codecs rooms allow, in order of preference. Clients
// see the list in JoinResponse.enabled_publish_codecs and publish only
// those.
type Codecs struct {
	// Audio codecs; "opus" is the only one browsers share. Default [opus].
	Audio []string `yaml:"audio"`
	// RED adds redundant audio (RFC 2198) for lossy networks. Default true.
	RED bool `yaml:"red"`
	// Video codecs in order of preference: vp8, h264, vp9, av1. Default all.
	Video []string `yaml:"video"`
	// H264Profiles are the profile-level-ids offered for H.264
	// (42e01f constrained baseline, 42001f baseline, 4d001f main).
	H264Profiles []string `yaml:"h264_profiles"`
}

// KnownAudioCodecs and KnownVideoCodecs are the codecs the SFU forwards.
var (
	knownAudioCodecs = []string{"opus"}
	knownVideoCodecs = []string{"vp8", "h264", "vp9", "av1"}
)

// DefaultCodecs allows every codec the SFU forwards.
func DefaultCodecs() Codecs {
	return Codecs{
		Audio:        []string{"opus"},
		RED:          true,
		Video:        []string{"vp8", "h264", "vp9", "av1"},
		H264Profiles: []string{"42e01f", "42001f", "4d001f"},
	}
}

func (c Codecs) validate() []error {
	var errs []error
	bad := func(key, msg string) { errs = append(errs, fmt.Errorf("media.codecs.%s: %s", key, msg)) }
	check := func(key string, list, known []string) {
		if len(list) == 0 {
			bad(key, "at least one codec is required")
		}
		for _, name := range list {
			if !slices.Contains(known, strings.ToLower(name)) {
				bad(key, fmt.Sprintf("%q is not one of %s", name, strings.Join(known, ", ")))
			}
		}
	}
	check("audio", c.Audio, knownAudioCodecs)
	check("video", c.Video, knownVideoCodecs)
	if slices.ContainsFunc(c.Video, func(s string) bool { return strings.EqualFold(s, "h264") }) && len(c.H264Profiles) == 0 {
		bad("h264_profiles", "h264 needs at least one profile")
	}
	for _, p := range c.H264Profiles {
		if len(p) != 6 || strings.Trim(strings.ToLower(p), "0123456789abcdef") != "" {
			bad("h264_profiles", fmt.Sprintf("%q is not a six-digit hex profile-level-id like 42e01f", p))
		}
	}
	return errs
}
