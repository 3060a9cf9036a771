// node callstate.mjs <url> <tokenA> <userA> <tokenB> <userB>
// A calls B, who has two tabs open (b1, b2). A cancels a ringing call;
// b1 answers a call and b2 is told; an invitation nobody answers expires
// (the node runs with a short invitation TTL) and both sides are told.
import { ack, connect, connected, done, next, parse, run } from "./lib.mjs";

const [url, tokenA, userA, tokenB, userB] = process.argv.slice(2);

function envelope(to, type, from, roomName, messageId) {
  return {
    SocketIOUniqueChannelName: to,
    data: JSON.stringify({ type, from, roomName, messageId }),
    wrapperId: "wr-" + messageId + "-" + type,
  };
}

function msg(args) {
  if (!args) return null;
  const env = parse(args[0]);
  return env && env.data ? parse(env.data) : null;
}

// nextState waits for the call-state notice that roomName is in state.
function nextState(socket, roomName, state, ms = 15000) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { socket.off("call-state", on); resolve(null); }, ms);
    const on = (notice) => {
      if (!notice || notice.roomName !== roomName || notice.state !== state) return;
      clearTimeout(timer);
      socket.off("call-state", on);
      resolve(notice);
    };
    socket.on("call-state", on);
  });
}

run(async () => {
  const a = connect(url, tokenA);
  const b1 = connect(url, tokenB);
  const b2 = connect(url, tokenB);
  await Promise.all([connected(a), connected(b1), connected(b2)]);
  const r = {};
  await ack(a, "join-room", "room_" + userA);
  await ack(b1, "join-room", "room_" + userB);
  await ack(b2, "join-room", "room_" + userB);

  // Cancel while ringing.
  let at1 = next(b1, "room-message");
  let at2 = next(b2, "room-message");
  r.invite = await ack(a, "AuctionStreamAdapter_BROADCAST", envelope(userB, "callInvitation", userA, "call-c", "c1"));
  r.ringsAtB1 = msg(await at1);
  r.ringsAtB2 = msg(await at2);
  let s1 = nextState(b1, "call-c", "ended");
  let s2 = nextState(b2, "call-c", "ended");
  at1 = next(b1, "room-message");
  r.cancel = await ack(a, "AuctionStreamAdapter_BROADCAST", envelope(userB, "cancelcallInvitation", userA, "call-c", "c1"));
  r.cancelAtB1 = msg(await at1);
  r.cancelStateAtB1 = await s1;
  r.cancelStateAtB2 = await s2;
  r.acceptCancelled = await ack(b1, "AuctionStreamAdapter_BROADCAST", envelope(userA, "acceptcallInvitation", userB, "call-c", "c1"));
  r.cancelAgain = await ack(a, "AuctionStreamAdapter_BROADCAST", envelope(userB, "cancelcallInvitation", userA, "call-c", "c1"));

  // Only the caller cancels: B cannot withdraw A's invitation to B by
  // naming itself as the one invited, nor cancel in A's place.
  r.invite2 = await ack(a, "AuctionStreamAdapter_BROADCAST", envelope(userB, "callInvitation", userA, "call-d", "d1"));
  r.cancelByCallee = await ack(b1, "AuctionStreamAdapter_BROADCAST", envelope(userA, "cancelcallInvitation", userB, "call-d", "d1"));

  // One tab answers; the other stops ringing; the caller is told too.
  s2 = nextState(b2, "call-d", "accepted");
  const sa = nextState(a, "call-d", "accepted");
  r.accept = await ack(b1, "AuctionStreamAdapter_BROADCAST", envelope(userA, "acceptcallInvitation", userB, "call-d", "d1"));
  r.answeredStateAtB2 = await s2;
  r.answeredStateAtA = await sa;

  // Nobody answers.
  r.invite3 = await ack(a, "AuctionStreamAdapter_BROADCAST", envelope(userB, "callInvitation", userA, "call-e", "e1"));
  r.callerJoins = await ack(a, "join-room", "room_call-e");
  const roomNotice = new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 15000);
    a.on("ALLEMITER_call-e", (n) => { if (n && n.state === "expired") { clearTimeout(timer); resolve(n); } });
  });
  const expiredAtA = nextState(a, "call-e", "expired");
  s1 = nextState(b1, "call-e", "expired");
  r.expiredAtA = await expiredAtA;
  r.expiredAtB1 = await s1;
  r.expiredInRoom = await roomNotice;
  r.acceptExpired = await ack(b1, "AuctionStreamAdapter_BROADCAST", envelope(userA, "acceptcallInvitation", userB, "call-e", "e1"));

  // A fresh invitation to the same room rings again.
  at1 = next(b1, "room-message");
  r.inviteAgain = await ack(a, "AuctionStreamAdapter_BROADCAST", envelope(userB, "callInvitation", userA, "call-e", "e2"));
  r.ringsAgainAtB1 = msg(await at1);
  done(r, a, b1, b2);
});
