package sfu

import (
	"strings"
	"testing"

	"github.com/pion/sdp/v3"
)

const chromeLikeOffer = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0 1\r\n" +
	"m=video 9 UDP/TLS/RTP/SAVPF 96 97 102 103 45\r\nc=IN IP4 0.0.0.0\r\na=mid:0\r\na=sendonly\r\na=msid:stream cam\r\n" +
	"a=rtpmap:96 VP8/90000\r\na=rtpmap:97 rtx/90000\r\na=fmtp:97 apt=96\r\n" +
	"a=rtpmap:102 H264/90000\r\na=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42001f\r\n" +
	"a=rtpmap:103 rtx/90000\r\na=fmtp:103 apt=102\r\na=rtpmap:45 AV1/90000\r\n" +
	"m=video 9 UDP/TLS/RTP/SAVPF 96 97 102 103\r\nc=IN IP4 0.0.0.0\r\na=mid:1\r\na=sendonly\r\na=msid:stream screen\r\n" +
	"a=rtpmap:96 VP8/90000\r\na=rtpmap:97 rtx/90000\r\na=fmtp:97 apt=96\r\na=rtpmap:102 H264/90000\r\na=rtpmap:103 rtx/90000\r\na=fmtp:103 apt=102\r\n"

func formats(t *testing.T, offer string) [][]string {
	t.Helper()
	var sd sdp.SessionDescription
	if err := sd.UnmarshalString(offer); err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for _, m := range sd.MediaDescriptions {
		out = append(out, m.MediaName.Formats)
	}
	return out
}

func TestPreferCodecs(t *testing.T) {
	cases := []struct {
		name string
		want map[string]string
		cam  string
	}{
		{"h264 first with its rtx", map[string]string{"cam": "video/h264"}, "102 103 96 97 45"},
		{"vp8 already first", map[string]string{"cam": "video/VP8"}, "96 97 102 103 45"},
		{"av1 without rtx", map[string]string{"cam": "video/AV1"}, "45 96 97 102 103"},
		{"codec not offered", map[string]string{"cam": "video/VP9"}, "96 97 102 103 45"},
		{"other track", map[string]string{"mic": "video/h264"}, "96 97 102 103 45"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := formats(t, preferCodecs(chromeLikeOffer, tc.want))
			if strings.Join(got[0], " ") != tc.cam {
				t.Errorf("cam m-section %v, want %s", got[0], tc.cam)
			}
			if strings.Join(got[1], " ") != "96 97 102 103" {
				t.Errorf("screen m-section reordered: %v", got[1])
			}
		})
	}
	if preferCodecs("not sdp", map[string]string{"cam": "video/h264"}) != "not sdp" {
		t.Error("unparsable offer changed")
	}
}
