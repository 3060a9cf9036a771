// node rooms.mjs <url> <tokenA> <userA> <tokenB> <userB> <tokenC> <userC> <callRoom>
// A and B are the caller and invitee of callRoom; C is an outsider.
import { ack, connect, connected, done, next, parse, record, run, sleep } from "./lib.mjs";

const [url, tokenA, userA, tokenB, userB, tokenC, , callRoom] = process.argv.slice(2);
const room = (name) => (name.startsWith("room") ? name : "room_" + name);

run(async () => {
  const [a, b, c] = [tokenA, tokenB, tokenC].map((t) => connect(url, t));
  await Promise.all([a, b, c].map((s) => connected(s)));
  const r = {};
  const atA = record(a, "room-message", "room-message-log", "EMITER_" + callRoom, "BEMITER_" + callRoom, "REMITER_" + callRoom);
  const atB = record(b, "room-message", "chatMessage");
  const atC = record(c, "room-message", "chatMessage");

  r.ownRoom = await ack(a, "join-room", room(userA));
  r.otherUsersRoom = await ack(a, "join-room", room(userB));
  const refusedNoAck = next(a, "EEMITER_" + userB);
  a.emit("join-room", room(userB));
  r.refusedWithoutAck = (await refusedNoAck)?.[0] ?? null;
  r.garbageRoom = await ack(a, "join-room", { nope: 1 });

  r.callJoinA = await ack(a, "join-room", room(callRoom));
  r.callJoinB = await ack(b, "join-room", room(callRoom));
  r.callJoinC = await ack(c, "join-room", room(callRoom));

  r.broadcast = await ack(a, "AuctionStreamAdapter_BROADCAST", {
    SocketIOUniqueChannelName: callRoom,
    data: JSON.stringify({ text: "hello" }),
    wrapperId: "w1",
  });
  r.outsiderBroadcast = await ack(c, "AuctionStreamAdapter_BROADCAST", {
    SocketIOUniqueChannelName: callRoom, data: "{}", wrapperId: "w-c",
  });

  const chat = next(b, "chatMessage");
  r.chat = await ack(a, "chatMessage", { SocketIOUniqueChannelName: callRoom, wrapperId: "w2" }, Buffer.from([1, 2, 3, 255]), "tail");
  const chatArgs = (await chat) ?? [];
  r.chatAtB = {
    envelope: parse(chatArgs[0]),
    bytes: chatArgs[1] ? Array.from(chatArgs[1]) : null,
    tail: chatArgs[2] ?? null,
  };

  r.leave = await ack(b, "leave-room", room(callRoom));
  r.unknownEvent = await ack(a, "no-such-event", 1);
  await sleep(300);

  r.atB = atB["room-message"].map(parse);
  r.atC = { roomMessages: atC["room-message"].length, chat: atC.chatMessage.length };
  r.atA = {
    roomMessages: atA["room-message"].length,
    log: atA["room-message-log"].map(parse),
    emiter: atA["EMITER_" + callRoom].map(parse),
    joins: atA["BEMITER_" + callRoom],
    leaves: atA["REMITER_" + callRoom],
  };
  done(r, a, b, c);
});
