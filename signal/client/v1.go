package client

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/url"
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/webrtc/v4"
	"google.golang.org/protobuf/proto"
)

// v1URL builds the single peer connection join: the whole JoinRequest
// travels in the join_request query value (uncompressed), and the client
// offers after the JoinResponse, as browsers without CompressionStream do.
func v1URL(u *url.URL, cfg Config) (string, error) {
	u.Path += "/v1"
	jr := &livekit.JoinRequest{
		ClientInfo:         &livekit.ClientInfo{Sdk: livekit.ClientInfo_GO, Version: "0.1.0", Protocol: 16},
		ConnectionSettings: &livekit.ConnectionSettings{AutoSubscribe: !cfg.NoAutoSubscribe},
	}
	raw, err := proto.Marshal(jr)
	if err != nil {
		return "", fmt.Errorf("encode join request: %w", err)
	}
	wrapped, err := proto.Marshal(&livekit.WrappedJoinRequest{Compression: livekit.WrappedJoinRequest_NONE, JoinRequest: raw})
	if err != nil {
		return "", fmt.Errorf("encode join request: %w", err)
	}
	q := url.Values{}
	q.Set("access_token", cfg.Token)
	q.Set("join_request", base64.URLEncoding.EncodeToString(wrapped))
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// v1 initial layout: receive-only sections the server can fill with
// subscribed tracks without a round trip.
const v1RecvSections = 3

func (c *Client) addRecvOnly(audio, video int) error {
	for kind, n := range map[webrtc.RTPCodecType]int{webrtc.RTPCodecTypeAudio: audio, webrtc.RTPCodecTypeVideo: video} {
		for range n {
			if _, err := c.pub.pc.AddTransceiverFromKind(kind, webrtc.RTPTransceiverInit{Direction: webrtc.RTPTransceiverDirectionRecvonly}); err != nil {
				return fmt.Errorf("receive-only transceiver: %w", err)
			}
		}
	}
	return nil
}

// addRecvSections answers media_sections_requirement: add the sections
// asked for, then offer again (which is also what {0,0} asks for).
func (c *Client) addRecvSections(req *livekit.MediaSectionsRequirement) {
	if err := c.addRecvOnly(int(req.GetNumAudios()), int(req.GetNumVideos())); err != nil {
		c.log.Warn("media sections", "err", err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := c.pub.negotiate(ctx); err != nil {
		c.log.Warn("renegotiation for subscribed media", "err", err)
	}
}
