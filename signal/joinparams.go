package signal

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"

	"github.com/livekit/protocol/livekit"
	"google.golang.org/protobuf/proto"
)

// maxJoinRequestBytes bounds a decompressed join request (it carries an SDP
// offer, a few KiB in practice) so a small gzip bomb cannot exhaust memory.
const maxJoinRequestBytes = 256 << 10

// decodeJoinRequest decodes the v1 `join_request` query value:
// base64url (padded, as the client sends it; unpadded also accepted) of a
// WrappedJoinRequest whose payload may be gzipped.
func decodeJoinRequest(v string) (*livekit.JoinRequest, error) {
	if v == "" {
		return nil, errors.New("join_request is empty")
	}
	raw, err := base64.URLEncoding.DecodeString(v)
	if err != nil {
		if raw, err = base64.RawURLEncoding.DecodeString(v); err != nil {
			return nil, fmt.Errorf("join_request is not base64url: %w", err)
		}
	}
	var w livekit.WrappedJoinRequest
	if err := proto.Unmarshal(raw, &w); err != nil {
		return nil, fmt.Errorf("join_request wrapper: %w", err)
	}
	payload := w.GetJoinRequest()
	switch w.GetCompression() {
	case livekit.WrappedJoinRequest_NONE:
	case livekit.WrappedJoinRequest_GZIP:
		zr, err := gzip.NewReader(bytes.NewReader(payload))
		if err != nil {
			return nil, fmt.Errorf("join_request gzip: %w", err)
		}
		payload, err = io.ReadAll(io.LimitReader(zr, maxJoinRequestBytes+1))
		if err != nil {
			return nil, fmt.Errorf("join_request gzip: %w", err)
		}
		if len(payload) > maxJoinRequestBytes {
			return nil, fmt.Errorf("join_request larger than %d bytes", maxJoinRequestBytes)
		}
	default:
		return nil, fmt.Errorf("join_request: unknown compression %d", w.GetCompression())
	}
	var jr livekit.JoinRequest
	if err := proto.Unmarshal(payload, &jr); err != nil {
		return nil, fmt.Errorf("join_request: %w", err)
	}
	if o := jr.GetPublisherOffer(); o != nil && (o.GetType() != "offer" || o.GetSdp() == "") {
		return nil, errors.New("join_request: publisher_offer is not an offer")
	}
	return &jr, nil
}

// joinRequestFromV0 builds the equivalent JoinRequest from legacy /rtc
// query parameters.
func joinRequestFromV0(q url.Values) *livekit.JoinRequest {
	atoi := func(k string) int32 {
		n, _ := strconv.Atoi(q.Get(k))
		return int32(n)
	}
	flag := func(k string, def bool) bool {
		switch q.Get(k) {
		case "1", "true":
			return true
		case "0", "false":
			return false
		}
		return def
	}
	ci := &livekit.ClientInfo{Version: q.Get("version"), Protocol: atoi("protocol"), ClientProtocol: atoi("client_protocol"),
		Os: q.Get("os"), Browser: q.Get("browser"), Network: q.Get("network")}
	switch q.Get("sdk") {
	case "js":
		ci.Sdk = livekit.ClientInfo_JS
	case "go":
		ci.Sdk = livekit.ClientInfo_GO
	}
	return &livekit.JoinRequest{
		ClientInfo:         ci,
		ConnectionSettings: &livekit.ConnectionSettings{AutoSubscribe: flag("auto_subscribe", true), AdaptiveStream: flag("adaptive_stream", false)},
		Reconnect:          flag("reconnect", false),
		ReconnectReason:    livekit.ReconnectReason(atoi("reconnect_reason")),
		ParticipantSid:     q.Get("sid"),
	}
}
