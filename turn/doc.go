// Package turn runs the embedded TURN server (pion/turn) that the SFU
// advertises to clients in JoinResponse.ice_servers, with short-lived
// credentials derived from a per-process secret (TURN REST style:
// username "<expiry>:<identity>", password HMAC-SHA1 of it).
//
// It imports only the standard library, pion/turn and livekit protocol types
// (for the ICEServer message). Nothing in the server imports it except the
// main binary, which hands Server.ICEServers to sfu.Config.ICEServers.
package turn
