package metrics

import (
	"github.com/prometheus/client_golang/prometheus"

	"souk/platform/realtime"
	"souk/roomservice/webhook"
	"souk/sfu"
	"souk/turn"
)

// desc pairs a metric description with how to read its value from a
// snapshot.
type desc[S any] struct {
	d     *prometheus.Desc
	kind  prometheus.ValueType
	value func(S) float64
}

func gauge[S any](name, help string, v func(S) float64) desc[S] {
	return desc[S]{d: prometheus.NewDesc(name, help, nil, nil), kind: prometheus.GaugeValue, value: v}
}

func counter[S any](name, help string, v func(S) float64) desc[S] {
	return desc[S]{d: prometheus.NewDesc(name, help, nil, nil), kind: prometheus.CounterValue, value: v}
}

// snapshotCollector takes one snapshot per scrape and reports every
// metric from it, so the values of one scrape are consistent.
type snapshotCollector[S any] struct {
	read  func() S
	descs []desc[S]
}

func (c *snapshotCollector[S]) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range c.descs {
		ch <- d.d
	}
}

func (c *snapshotCollector[S]) Collect(ch chan<- prometheus.Metric) {
	s := c.read()
	for _, d := range c.descs {
		ch <- prometheus.MustNewConstMetric(d.d, d.kind, d.value(s))
	}
}

func mediaCollector(src MediaSource) prometheus.Collector {
	type s = sfu.Stats
	return &snapshotCollector[s]{read: src.Stats, descs: []desc[s]{
		gauge("souk_media_rooms", "Rooms open on this node.", func(m s) float64 { return float64(m.Rooms) }),
		gauge("souk_media_participants", "Participants in all rooms.", func(m s) float64 { return float64(m.Participants) }),
		gauge("souk_media_published_tracks", "Tracks being published.", func(m s) float64 { return float64(m.PublishedTracks) }),
		gauge("souk_media_subscribed_tracks", "Subscriptions (one per subscriber and track).", func(m s) float64 { return float64(m.SubscribedTracks) }),
		counter("souk_media_forwarded_packets_total", "RTP packets forwarded to subscribers.", func(m s) float64 { return float64(m.PacketsForwarded) }),
		counter("souk_media_forwarded_bytes_total", "RTP bytes (header and payload) forwarded to subscribers.", func(m s) float64 { return float64(m.BytesForwarded) }),
		counter("souk_media_nacks_received_total", "NACKs received from subscribers.", func(m s) float64 { return float64(m.NACKsReceived) }),
		counter("souk_media_plis_sent_total", "Keyframe requests (PLI) sent to publishers.", func(m s) float64 { return float64(m.PLIsSent) }),
		counter("souk_media_retransmitted_packets_total", "Packets retransmitted in answer to NACKs.", func(m s) float64 { return float64(m.PacketsRetransmitted) }),
		counter("souk_media_dropped_packets_total", "Packets the forwarder dropped.", func(m s) float64 { return float64(m.PacketsDropped) }),
		counter("souk_media_layer_switches_total", "Simulcast layer switches of down tracks.", func(m s) float64 { return float64(m.LayerSwitches) }),
		counter("souk_media_pauses_total", "Down tracks paused.", func(m s) float64 { return float64(m.Pauses) }),
		counter("souk_media_padding_bytes_total", "Padding bytes sent for bandwidth probing.", func(m s) float64 { return float64(m.PaddingBytes) }),
		counter("souk_media_rtx_sent_packets_total", "NACK answers sent on subscribers' RTX streams (part of the retransmitted packets).", func(m s) float64 { return float64(m.RTXSent) }),
		counter("souk_media_rtx_received_packets_total", "Retransmissions received from publishers over RTX.", func(m s) float64 { return float64(m.RTXReceived) }),
		gauge("souk_media_estimated_downlink_bits_per_second", "Bitrate the downlink allocator gives all subscriptions that flow.", func(m s) float64 { return float64(m.EstimatedBitrate) }),
		gauge("souk_media_paused_subscriptions", "Subscriptions paused by the subscriber or for bandwidth.", func(m s) float64 { return float64(m.PausedTracks) }),
		counter("souk_media_bandwidth_probes_total", "Bandwidth probes started toward subscribers.", func(m s) float64 { return float64(m.Probes) }),
		counter("souk_media_bandwidth_probes_succeeded_total", "Bandwidth probes that showed the upgrade sought fits.", func(m s) float64 { return float64(m.ProbesSucceeded) }),
		counter("souk_media_udp_datagrams_total", "Datagrams sent on the shared media UDP port.", func(m s) float64 { return float64(m.UDPDatagrams) }),
		counter("souk_media_udp_writes_total", "Kernel writes that carried them; fewer than datagrams when a frame's packets to one subscriber go as one segmented write.", func(m s) float64 { return float64(m.UDPWrites) }),
		counter("souk_media_udp_direct_packets_total", "RTP packets encrypted and queued on the shared UDP port by Souk's own send path rather than pion's.", func(m s) float64 { return float64(m.UDPDirect) }),
		counter("souk_media_udp_direct_received_packets_total", "Publishers' RTP packets read off the shared UDP port by Souk's own receive path rather than pion's.", func(m s) float64 { return float64(m.UDPDirectIn) }),
		counter("souk_media_udp_direct_rtcp_packets_total", "Subscribers' RTCP packets read off the shared UDP port by Souk's own receive path rather than pion's.", func(m s) float64 { return float64(m.UDPDirectRTCP) }),
		counter("souk_media_udp_direct_stun_answers_total", "Peers' ICE consent checks answered on the shared UDP port by Souk's own receive path rather than pion's.", func(m s) float64 { return float64(m.UDPDirectSTUN) }),
		gauge("souk_media_downlink_estimate_min_bits", "Lowest downlink bandwidth estimate among subscribers (bit/s; 0 with none).", func(m s) float64 { return float64(minEstimate(m.Downlinks)) }),
		gauge("souk_media_downlink_estimate_sum_bits", "Sum of subscribers' downlink bandwidth estimates (bit/s).", func(m s) float64 { return float64(sumEstimates(m.Downlinks)) }),
	}}
}

// Only downlinks with transport-wide feedback have a send-side estimate;
// the others' EstimatedBitrate means nothing yet.

func minEstimate(downlinks []sfu.DownlinkStats) uint64 {
	var m uint64
	found := false
	for _, d := range downlinks {
		if d.TransportCC && (!found || d.EstimatedBitrate < m) {
			m, found = d.EstimatedBitrate, true
		}
	}
	return m
}

func sumEstimates(downlinks []sfu.DownlinkStats) uint64 {
	var s uint64
	for _, d := range downlinks {
		if d.TransportCC {
			s += d.EstimatedBitrate
		}
	}
	return s
}

func turnCollector(src TURNSource) prometheus.Collector {
	type s = turn.Stats
	return &snapshotCollector[s]{read: src.Stats, descs: []desc[s]{
		gauge("souk_turn_allocations", "TURN allocations alive.", func(t s) float64 { return float64(t.Allocations) }),
		counter("souk_turn_peer_refusals_total", "TURN permissions refused by the relay policy.", func(t s) float64 { return float64(t.PeerRefusals) }),
		counter("souk_turn_quota_refusals_total", "TURN allocations refused by a quota.", func(t s) float64 { return float64(t.QuotaRefusals) }),
		counter("souk_turn_auth_failures_total", "TURN requests with a wrong or expired credential.", func(t s) float64 { return float64(t.AuthFailures) }),
		counter("souk_turn_dropped_packets_total", "Relayed packets dropped by the byte-rate quota.", func(t s) float64 { return float64(t.DroppedPackets) }),
	}}
}

func realtimeCollector(src RealtimeSource) prometheus.Collector {
	type s = realtime.Stats
	return &snapshotCollector[s]{read: src.Stats, descs: []desc[s]{
		gauge("souk_realtime_sockets", "Realtime sockets connected to this node.", func(r s) float64 { return float64(r.Sockets) }),
		counter("souk_realtime_messages_received_total", "Realtime events received from clients.", func(r s) float64 { return float64(r.MessagesReceived) }),
		counter("souk_realtime_messages_delivered_total", "Room messages delivered to this node's sockets.", func(r s) float64 { return float64(r.MessagesDelivered) }),
	}}
}

func webhookCollector(src WebhookSource) prometheus.Collector {
	type s = webhook.Stats
	return &snapshotCollector[s]{read: src.Stats, descs: []desc[s]{
		counter("souk_webhook_delivered_total", "Webhook events accepted by an endpoint.", func(w s) float64 { return float64(w.Delivered) }),
		counter("souk_webhook_dropped_total", "Webhook events dropped because an endpoint's queue was full.", func(w s) float64 { return float64(w.Dropped) }),
		counter("souk_webhook_failed_total", "Webhook events given up after every attempt failed.", func(w s) float64 { return float64(w.Failed) }),
	}}
}
