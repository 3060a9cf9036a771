// node sessions.mjs logout <apiUrl> <url1> <url2> <accessTokenA> <apiTokenA> <apiTokenB> <userId>
//   Session A has a socket on each node, session B (same user) one on
//   node 1. Signing A out over HTTP must close both of A's sockets with a
//   reason, keep B's, and refuse A's token afterwards.
// node sessions.mjs expiry <url> <apiToken>
//   The socket of a short session must be closed when it expires.
import { ack, connect, connected, done, run } from "./lib.mjs";

const [mode, ...args] = process.argv.slice(2);

// ended resolves with how the socket was closed: the disconnect-reason
// payload, the client's disconnect reason and when it happened.
function ended(socket, ms) {
  return new Promise((resolve) => {
    let payload = null;
    const timer = setTimeout(() => resolve({ closed: false }), ms);
    socket.on("disconnect-reason", (p) => { payload = p; });
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve({ closed: true, reason, payload, at: Date.now() });
    });
  });
}

async function logout() {
  const [apiUrl, url1, url2, accessA, tokenA, tokenB, userId] = args;
  const a1 = connect(url1, tokenA);
  const a2 = connect(url2, tokenA);
  const b1 = connect(url1, tokenB);
  const up = await Promise.all([a1, a2, b1].map((s) => connected(s)));
  const r = { connected: up.every((u) => u.ok) };
  r.joinA1 = (await ack(a1, "join-room", "room_" + userId)).ok ?? false;
  r.joinA2 = (await ack(a2, "join-room", "room_" + userId)).ok ?? false;
  const endA1 = ended(a1, 10000);
  const endA2 = ended(a2, 10000);
  const start = Date.now();
  const res = await fetch(apiUrl + "/api/auth/logout", { method: "POST", headers: { Authorization: "Bearer " + accessA } });
  r.logoutStatus = res.status;
  const [e1, e2] = await Promise.all([endA1, endA2]);
  r.a1 = { ...e1, ms: e1.closed ? e1.at - start : null };
  r.a2 = { ...e2, ms: e2.closed ? e2.at - start : null };
  r.otherSessionConnected = b1.connected;
  r.otherSessionJoins = (await ack(b1, "join-room", "room_" + userId)).ok ?? false;
  const again = connect(url1, tokenA);
  r.reconnect = await connected(again);
  done(r, b1, again);
}

async function expiry() {
  const [url, token] = args;
  const s = connect(url, token);
  const up = await connected(s);
  if (!up.ok) done({ connected: false, error: up }, s);
  const e = await ended(s, 30000);
  done({ connected: up.ok, ...e }, s);
}

run(mode === "logout" ? logout : expiry);
