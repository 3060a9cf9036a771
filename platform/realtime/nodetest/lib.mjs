// Helpers shared by the scenarios. Each scenario prints one JSON object
// (its observations) on stdout; the Go test asserts on it.
import { io } from "socket.io-client";

// SOUK_TRANSPORTS picks the client's transports: "websocket" (the
// default here, as the product's web client asks), "polling" only, or
// "default" for the library's own defaults (polling, then the upgrade).
const transportChoice = process.env.SOUK_TRANSPORTS ?? "websocket";
const transports = { websocket: ["websocket"], polling: ["polling"], default: undefined }[transportChoice];

// engines records, per socket, the transport its connection opened on
// and the one it upgraded to; done() reports them.
const engines = [];

export function connect(url, token, opts = {}) {
  const { auth, reconnection = false, ...rest } = opts;
  const socket = io(url, {
    path: "/socket.io/",
    ...(transports ? { transports } : {}),
    query: token === undefined ? {} : { token },
    auth,
    reconnection,
    forceNew: true,
    ...rest,
  });
  const seen = { opened: null, upgradedTo: null };
  engines.push(seen);
  socket.io.on("open", () => {
    const engine = socket.io.engine;
    seen.opened = engine.transport.name;
    engine.on("upgrade", (t) => { seen.upgradedTo = t.name; });
  });
  return socket;
}

// connected resolves with the socket once it is connected, or with the
// connect_error's message and data.
export function connected(socket, ms = 5000) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, error: "timeout" }), ms);
    socket.once("connect", () => { clearTimeout(timer); resolve({ ok: true, id: socket.id }); });
    socket.once("connect_error", (err) => {
      clearTimeout(timer);
      resolve({ ok: false, error: err.message, data: err.data ?? null });
    });
  });
}

export function next(socket, event, ms = 5000) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { socket.off(event, on); resolve(null); }, ms);
    const on = (...args) => { clearTimeout(timer); resolve(args); };
    socket.once(event, on);
  });
}

export function ack(socket, event, ...args) {
  return socket.timeout(5000).emitWithAck(event, ...args).catch((err) => ({ ackError: err.message }));
}

// record keeps every payload of the given events, by event name.
export function record(socket, ...events) {
  const seen = {};
  for (const e of events) {
    seen[e] = [];
    socket.on(e, (...args) => seen[e].push(args.length === 1 ? args[0] : args));
  }
  return seen;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function parse(s) {
  try { return JSON.parse(s); } catch { return null; }
}

export function done(result, ...sockets) {
  result.engines = engines;
  for (const s of sockets) s.disconnect();
  process.stdout.write(JSON.stringify(result) + "\n");
  process.exit(0);
}

export function run(main) {
  const guard = setTimeout(() => { process.stdout.write(JSON.stringify({ fatal: "scenario timed out" }) + "\n"); process.exit(2); }, 60000);
  main().then(() => clearTimeout(guard), (err) => {
    process.stdout.write(JSON.stringify({ fatal: String(err && err.stack || err) }) + "\n");
    process.exit(1);
  });
}
