// Package bwe decides how much video each subscriber can take: a
// loss-driven send-side estimate per subscriber (the loss half of Google
// congestion control, fed by the subscriber's receiver reports) and an
// allocator that shares the estimate across the subscriber's video tracks
// by priority, pausing the least important ones when even their lowest
// layer does not fit. Audio is never allocated: it always flows.
//
// Imports allowed: the standard library only. It knows nothing of RTP,
// peer connections or signalling.
package bwe
