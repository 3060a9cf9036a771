// The reference for the fan-out benchmark: a plain socket.io 4.8.4 server
// doing what souk's realtime channels do in the measured scenario, with
// the same transport settings. Token "bench-<n>" is user "u<n>"; every
// user may join room_bench and their own room.
//   node reference-server.mjs [port] [transports]
// transports is a comma-separated list, websocket by default (the
// session-cost benchmark, sessions.sh, passes polling,websocket).
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import { Server } from "socket.io";

const port = Number(process.argv[2] ?? 7991);
const http = createServer();
const io = new Server(http, {
  path: "/socket.io/",
  transports: (process.argv[3] ?? "websocket").split(","),
  pingInterval: 25000,
  pingTimeout: 20000,
  maxHttpBufferSize: 1e6,
  serveClient: false,
});

const roomName = (ch) => (ch.startsWith("room") ? ch : "room_" + ch);
const channelOf = (room) => (room.startsWith("room_") ? room.slice(5) : room);
const refuse = (ack, code, message) => ack?.({ ok: false, error: { code, message } });

io.use((socket, next) => {
  const token = socket.handshake.auth?.token || socket.handshake.query.token;
  if (typeof token !== "string" || !token.startsWith("bench-")) {
    const err = new Error("invalid or expired apiToken");
    err.data = { code: "unauthorized", message: err.message };
    return next(err);
  }
  socket.data.userId = "u" + token.slice("bench-".length);
  next();
});

io.on("connection", (socket) => {
  const userId = socket.data.userId;
  socket.on("join-room", (name, ack) => {
    if (typeof name !== "string" || name === "") return refuse(ack, "invalid", "room is required");
    const room = roomName(name);
    if (room !== "room_" + userId && room !== "room_bench") return refuse(ack, "forbidden", "not your room");
    if (!socket.rooms.has(room)) {
      socket.join(room);
      socket.to(room).emit("BEMITER_" + channelOf(room), { event: "join", room, userId });
    }
    ack?.({ ok: true, room });
  });
  socket.on("AuctionStreamAdapter_BROADCAST", (env, ack) => {
    if (!env || typeof env.SocketIOUniqueChannelName !== "string") return refuse(ack, "invalid", "envelope is required");
    const room = roomName(env.SocketIOUniqueChannelName);
    if (!socket.rooms.has(room)) return refuse(ack, "forbidden", "join the room before broadcasting to it");
    const wrapperId = env.wrapperId || randomUUID();
    const payload = JSON.stringify({
      SocketIOUniqueChannelName: env.SocketIOUniqueChannelName,
      room,
      data: env.data,
      wrapperId,
      sourcesrv: "reference",
      senderId: userId,
    });
    socket.to(room).emit("room-message", payload);
    socket.emit("room-message-log", payload);
    socket.emit("EMITER_" + channelOf(room), payload);
    ack?.({ ok: true, wrapperId });
  });
});

http.listen(port, "127.0.0.1", () => process.stderr.write(`socket.io reference server on 127.0.0.1:${port}\n`));
const stop = () => io.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
