// Package bwe decides how much media each subscriber can take and shares
// it across the subscriber's tracks.
//
// SendSide is the send-side estimate from transport-wide congestion
// control (TWCC): every packet the SFU sends a subscriber carries one
// transport-wide sequence number, stamped from a per-subscriber counter
// into a fixed ring of send times and sizes (history.go; one short lock,
// no allocation). The subscriber's TransportLayerCC feedback (twcc.go) says
// when each packet arrived. From that:
//
//   - the delay-based detector (delay.go) groups packets sent within 5 ms,
//     accumulates and smooths the one-way delay variation between groups
//     and fits a trend over the last 20 groups; a trend above an adaptive
//     threshold means a queue is filling (overusing), below its negative a
//     queue is draining (underusing) — the arrival-time filter of Google
//     congestion control;
//   - the rate controller (sendside.go) cuts the estimate to 85 % of the
//     rate the subscriber acknowledges receiving when overusing, holds
//     while underusing, and otherwise grows by 8 % per second but never
//     beyond 1.5 times the acknowledged rate, since an application-limited
//     sender learns nothing about capacity above what it sends;
//   - loss from the same feedback (OnLoss, once a second): above 10 % the
//     estimate drops in proportion (never below 85 % of what got
//     through), between 2 % and 10 % it holds;
//   - probes (probe.go): to learn whether a higher layer would fit, the
//     caller opens a probe cluster and sends extra padding for a few
//     hundred milliseconds; every packet stamped meanwhile belongs to the
//     cluster, and once feedback covered it the rate the cluster arrived
//     at (never more than it was sent at) raises the estimate at once
//     unless the delay signal says a queue built up.
//
// Estimator is the older loss-only estimate from receiver reports, used
// for subscribers that do not negotiate TWCC. Allocate shares an estimate
// across a subscriber's video tracks by priority, pausing the least
// important ones when even their lowest layer does not fit. Audio is
// never allocated: it always flows.
//
// Imports allowed: the standard library and github.com/pion/rtcp (the
// feedback packet type). It knows nothing of peer connections, rooms or
// signalling.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: github.com/pion/rtcp
package bwe
