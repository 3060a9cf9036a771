// node invitations.mjs <url> <tokenA> <userA> <tokenB> <userB> <userOtherSite> <tokenE> <userE>
// A calls B (accepted), calls B again (rejected), forges a sender, calls
// a user of another site, and calls E while E is offline.
import { ack, connect, connected, done, next, parse, run } from "./lib.mjs";

const [url, tokenA, userA, tokenB, userB, userOther, tokenE, userE] = process.argv.slice(2);

function envelope(to, type, from, roomName, messageId) {
  return {
    SocketIOUniqueChannelName: to,
    data: JSON.stringify({ type, from, roomName, messageId }),
    wrapperId: "wr-" + messageId + "-" + type,
  };
}

// received unwraps a room-message: the envelope and the message in data.
function received(args) {
  if (!args) return null;
  const env = parse(args[0]);
  return { env, msg: env && env.data ? parse(env.data) : null };
}

run(async () => {
  const a = connect(url, tokenA);
  const b = connect(url, tokenB);
  await Promise.all([connected(a), connected(b)]);
  const r = {};
  await ack(a, "join-room", "room_" + userA);
  await ack(b, "join-room", "room_" + userB);

  let atB = next(b, "room-message");
  r.invite = await ack(a, "AuctionStreamAdapter_BROADCAST", envelope(userB, "callInvitation", userA, "call-x", "m1"));
  r.invitationAtB = received(await atB);
  r.callerJoins = await ack(a, "join-room", "room_call-x");
  r.calleeJoins = await ack(b, "join-room", "room_call-x");

  let atA = next(a, "room-message");
  r.accept = await ack(b, "AuctionStreamAdapter_BROADCAST", envelope(userA, "acceptcallInvitation", userB, "call-x", "m1"));
  r.acceptAtA = received(await atA);
  r.acceptAgain = await ack(b, "AuctionStreamAdapter_BROADCAST", envelope(userA, "acceptcallInvitation", userB, "call-x", "m1"));

  atB = next(b, "room-message");
  r.invite2 = await ack(a, "AuctionStreamAdapter_BROADCAST", envelope(userB, "callInvitation", userA, "call-y", "m2"));
  r.invitation2AtB = received(await atB);
  atA = next(a, "room-message");
  r.reject = await ack(b, "AuctionStreamAdapter_BROADCAST", envelope(userA, "rejectcallInvitation", userB, "call-y", "m2"));
  r.rejectAtA = received(await atA);

  r.forged = await ack(a, "AuctionStreamAdapter_BROADCAST", envelope(userB, "callInvitation", userB, "call-f", "m3"));
  r.personalRoomAsCall = await ack(a, "AuctionStreamAdapter_BROADCAST", envelope(userB, "callInvitation", userA, userA, "m7"));
  r.otherSite = await ack(a, "AuctionStreamAdapter_BROADCAST", envelope(userOther, "callInvitation", userA, "call-o", "m4"));
  r.answerUnknown = await ack(b, "AuctionStreamAdapter_BROADCAST", envelope(userA, "acceptcallInvitation", userB, "call-never", "m5"));

  r.offlineInvite = await ack(a, "AuctionStreamAdapter_BROADCAST", envelope(userE, "callInvitation", userA, "call-z", "m6"));
  const e = connect(url, tokenE);
  await connected(e);
  const atE = next(e, "room-message");
  r.offlineJoin = await ack(e, "join-room", "room_" + userE);
  r.offlineAtE = received(await atE);
  atA = next(a, "room-message");
  r.offlineAccept = await ack(e, "AuctionStreamAdapter_BROADCAST", envelope(userA, "acceptcallInvitation", userE, "call-z", "m6"));
  r.offlineAcceptAtA = received(await atA);
  done(r, a, b, e);
});
