// node cluster.mjs <url1> <url2> <tokenA> <userA> <tokenB> <userB> <tokenE> <userE> <callRoom>
// A is on node 1, B and E on node 2; messages must cross nodes.
import { ack, connect, connected, done, next, parse, run } from "./lib.mjs";

const [url1, url2, tokenA, userA, tokenB, userB, tokenE, userE, callRoom] = process.argv.slice(2);

function received(args) {
  if (!args) return null;
  const env = parse(args[0]);
  return { env, msg: env && env.data ? parse(env.data) : null };
}

run(async () => {
  const a = connect(url1, tokenA);
  const b = connect(url2, tokenB);
  await Promise.all([connected(a), connected(b)]);
  const r = {};
  r.joinA = await ack(a, "join-room", "room_" + callRoom);
  const joinedAtA = next(a, "BEMITER_" + callRoom);
  r.joinB = await ack(b, "join-room", "room_" + callRoom);
  r.presenceAtA = (await joinedAtA)?.[0] ?? null;

  let atB = next(b, "room-message");
  r.sendA = await ack(a, "AuctionStreamAdapter_BROADCAST", { SocketIOUniqueChannelName: callRoom, data: JSON.stringify({ n: 1 }), wrapperId: "x1" });
  r.atB = received(await atB);
  let atA = next(a, "room-message");
  r.sendB = await ack(b, "AuctionStreamAdapter_BROADCAST", { SocketIOUniqueChannelName: callRoom, data: JSON.stringify({ n: 2 }), wrapperId: "x2" });
  r.atA = received(await atA);

  await ack(b, "join-room", "room_" + userB);
  atB = next(b, "room-message");
  r.invite = await ack(a, "AuctionStreamAdapter_BROADCAST", {
    SocketIOUniqueChannelName: userB,
    data: JSON.stringify({ type: "callInvitation", from: userA, roomName: "call-c2", messageId: "c1" }),
    wrapperId: "x3",
  });
  r.inviteAtB = received(await atB);

  r.offlineInvite = await ack(a, "AuctionStreamAdapter_BROADCAST", {
    SocketIOUniqueChannelName: userE,
    data: JSON.stringify({ type: "callInvitation", from: userA, roomName: "call-c3", messageId: "c2" }),
    wrapperId: "x4",
  });
  const e = connect(url2, tokenE);
  await connected(e);
  const atE = next(e, "room-message");
  await ack(e, "join-room", "room_" + userE);
  r.offlineAtE = received(await atE);
  await ack(a, "join-room", "room_" + userA);
  atA = next(a, "room-message");
  r.acceptE = await ack(e, "AuctionStreamAdapter_BROADCAST", {
    SocketIOUniqueChannelName: userA,
    data: JSON.stringify({ type: "acceptcallInvitation", from: userE, roomName: "call-c3", messageId: "c2" }),
    wrapperId: "x5",
  });
  r.acceptAtA = received(await atA);
  done(r, a, b, e);
});
