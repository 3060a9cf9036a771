// LiveKit's Node server SDK against Souk (started by roomservice/sdk_test.go,
// which passes SOUK_URL, SOUK_API_KEY and SOUK_API_SECRET). Participants are
// real signalling clients joined through the harness's /ctl endpoints.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  AccessToken,
  DataPacket_Kind,
  RoomServiceClient,
  WebhookReceiver,
} from 'livekit-server-sdk';

const url = process.env.SOUK_URL;
const key = process.env.SOUK_API_KEY;
const secret = process.env.SOUK_API_SECRET;
const svc = new RoomServiceClient(url, key, secret);

async function ctl(path, body) {
  const res = await fetch(url + path, body === undefined ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const seen = (identity) => ctl(`/ctl/seen?identity=${encodeURIComponent(identity)}`);

// until polls fn until it returns a truthy value (generous deadline for a
// busy machine).
async function until(what, fn, ms = 20000) {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    last = await fn();
    if (last) return last;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function rejectsWith(promise, status, code) {
  await assert.rejects(promise, (err) => {
    assert.equal(err.status, status, `status of ${err.message}`);
    assert.equal(err.code, code, `code of ${err.message}`);
    assert.ok(err.message.length > 0);
    return true;
  });
}

const text = (s) => new TextEncoder().encode(s);
// data is null until the client has received a packet.
const payloads = (data) => (data ?? []).map((d) => ({
  payload: Buffer.from(d.user?.payload ?? '', 'base64').toString(), topic: d.user?.topic ?? '',
}));

test('rooms: CreateRoom, ListRooms, UpdateRoomMetadata, DeleteRoom', async () => {
  const room = await svc.createRoom({ name: 'ops-empty', emptyTimeout: 300, maxParticipants: 10, metadata: 'm0' });
  assert.equal(room.name, 'ops-empty');
  assert.match(room.sid, /^RM_/);
  assert.equal(room.metadata, 'm0');
  assert.equal(room.maxParticipants, 10);
  assert.equal(room.emptyTimeout, 300);

  const again = await svc.createRoom({ name: 'ops-empty' });
  assert.equal(again.sid, room.sid, 'creating an existing room returns it');

  assert.ok((await svc.listRooms()).some((r) => r.name === 'ops-empty'));
  assert.deepEqual((await svc.listRooms(['ops-empty'])).map((r) => r.sid), [room.sid]);
  assert.deepEqual(await svc.listRooms(['no-such-room']), []);

  const updated = await svc.updateRoomMetadata('ops-empty', 'm1');
  assert.equal(updated.metadata, 'm1');
  assert.equal((await svc.listRooms(['ops-empty']))[0].metadata, 'm1');

  await svc.deleteRoom('ops-empty');
  assert.deepEqual(await svc.listRooms(['ops-empty']), []);
  await rejectsWith(svc.deleteRoom('ops-empty'), 404, 'not_found');
  await rejectsWith(svc.createRoom({ name: '' }), 400, 'invalid_argument');
  await rejectsWith(svc.createRoom({ name: 'too-many', maxParticipants: 100000 }), 400, 'invalid_argument');
});

test('participants: every per-room method against joined clients', async () => {
  const room = 'ops';
  const alice = await ctl('/ctl/join', { room, identity: 'alice', publish: true });
  await ctl('/ctl/join', { room, identity: 'bob', noAutoSubscribe: true });
  await ctl('/ctl/join', { room, identity: 'carol' });
  assert.match(alice.trackSid, /^TR_/);

  // ListParticipants and GetParticipant
  const list = await svc.listParticipants(room);
  assert.deepEqual(list.map((p) => p.identity), ['alice', 'bob', 'carol']);
  const a = await svc.getParticipant(room, 'alice');
  assert.equal(a.sid, alice.sid);
  assert.deepEqual(a.tracks.map((t) => t.sid), [alice.trackSid]);
  await rejectsWith(svc.getParticipant(room, 'nobody'), 404, 'not_found');
  await rejectsWith(svc.listParticipants('no-such-room'), 404, 'not_found');

  // UpdateParticipant: metadata, name, attributes and permissions reach
  // the participant itself and the others.
  const bob = await svc.updateParticipant(room, 'bob', {
    metadata: 'vip', name: 'Bob B', attributes: { team: 'red' },
    permission: { canPublish: false, canSubscribe: true, canPublishData: true },
  });
  assert.equal(bob.metadata, 'vip');
  assert.equal(bob.name, 'Bob B');
  assert.equal(bob.attributes.team, 'red');
  assert.equal(bob.permission.canPublish, false);
  await until('carol sees bob updated', async () => {
    const b = (await seen('carol')).participants.bob;
    return b && b.metadata === 'vip' && b.name === 'Bob B' && b.attributes.team === 'red';
  });
  await until('bob learns his new permissions', async () => {
    const b = (await seen('bob')).participants.bob;
    return b && b.permission.canPublish === false && b.permission.canSubscribe === true;
  });

  // UpdateRoomMetadata reaches everyone as a RoomUpdate.
  assert.equal((await svc.updateRoomMetadata(room, 'agenda')).metadata, 'agenda');
  await until('alice gets the room update', async () => (await seen('alice')).roomMetadata.includes('agenda'));

  // MutePublishedTrack: the publisher is asked to mute, everyone sees the
  // publication muted; unmuting is refused.
  const muted = await svc.mutePublishedTrack(room, 'alice', alice.trackSid, true);
  assert.equal(muted.sid, alice.trackSid);
  assert.equal(muted.muted, true);
  await until('alice is asked to mute', async () =>
    (await seen('alice')).mutes.some((m) => m.sid === alice.trackSid && m.muted === true));
  await until('carol sees the track muted', async () =>
    (await seen('carol')).participants.alice?.tracks?.[0]?.muted === true);
  await rejectsWith(svc.mutePublishedTrack(room, 'alice', alice.trackSid, false), 412, 'failed_precondition');
  await rejectsWith(svc.mutePublishedTrack(room, 'alice', 'TR_nothere', true), 404, 'not_found');

  // UpdateSubscriptions: bob does not auto-subscribe; the operator
  // subscribes him and media arrives.
  assert.equal((await seen('bob')).tracks[alice.trackSid], undefined);
  await svc.updateSubscriptions(room, 'bob', [alice.trackSid], true);
  await until('bob receives alice\'s audio', async () => (await seen('bob')).tracks[alice.trackSid] > 0);
  await svc.updateSubscriptions(room, 'bob', [alice.trackSid], false);
  await rejectsWith(svc.updateSubscriptions(room, 'bob', [], true), 400, 'invalid_argument');

  // SendData: to one identity, then to everyone.
  await svc.sendData(room, text('to carol'), DataPacket_Kind.RELIABLE, { destinationIdentities: ['carol'], topic: 'ops' });
  await until('carol gets her packet', async () =>
    payloads((await seen('carol')).data).some((d) => d.payload === 'to carol' && d.topic === 'ops'));
  await svc.sendData(room, text('to all'), DataPacket_Kind.RELIABLE, { topic: 'all' });
  for (const who of ['alice', 'bob', 'carol']) {
    await until(`${who} gets the broadcast`, async () =>
      payloads((await seen(who)).data).some((d) => d.payload === 'to all'));
  }
  assert.ok(!payloads((await seen('alice')).data).some((d) => d.payload === 'to carol'), 'a packet for carol reached alice');

  // Revoking canPublish unpublishes what alice publishes: she is told to
  // stop sending, and the others lose the track.
  await svc.updateParticipant(room, 'alice', { permission: { canPublish: false, canSubscribe: true, canPublishData: true } });
  await until('alice is told her track is unpublished', async () => (await seen('alice')).unpublished.includes(alice.trackSid));
  await until('carol sees alice without tracks', async () => ((await seen('carol')).participants.alice?.tracks ?? [1]).length === 0);
  assert.deepEqual((await svc.getParticipant(room, 'alice')).tracks, []);

  // RemoveParticipant: carol is told why and is gone.
  await svc.removeParticipant(room, 'carol');
  await until('carol is told she was removed', async () => (await seen('carol')).leave === 'PARTICIPANT_REMOVED');
  assert.deepEqual((await svc.listParticipants(room)).map((p) => p.identity), ['alice', 'bob']);
  await until('alice sees carol leave', async () => (await seen('alice')).participants.carol?.state === 'DISCONNECTED');
  await rejectsWith(svc.removeParticipant(room, 'carol'), 404, 'not_found');

  // DeleteRoom: everyone leaves with ROOM_DELETED.
  await svc.deleteRoom(room);
  for (const who of ['alice', 'bob']) {
    await until(`${who} leaves with ROOM_DELETED`, async () => (await seen(who)).leave === 'ROOM_DELETED');
  }
  assert.deepEqual(await svc.listRooms([room]), []);
});

test('authorization: tokens without the grant are refused', async () => {
  // The SDK takes a ready-made token when it is given one.
  const as = async (grant, signKey = key, signSecret = secret) => {
    const at = new AccessToken(signKey, signSecret, { identity: 'tester', ttl: '5m' });
    at.addGrant(grant);
    return new RoomServiceClient(url, undefined, undefined, { token: await at.toJwt() });
  };
  const joinOnly = await as({ roomJoin: true, room: 'ops' });
  await rejectsWith(joinOnly.listRooms(), 403, 'permission_denied');
  await rejectsWith(joinOnly.createRoom({ name: 'x' }), 403, 'permission_denied');
  await rejectsWith(joinOnly.listParticipants('ops'), 403, 'permission_denied');
  await rejectsWith(joinOnly.sendData('ops', text('x'), DataPacket_Kind.RELIABLE), 403, 'permission_denied');
  await rejectsWith((await as({ roomList: true })).deleteRoom('x'), 403, 'permission_denied');
  await rejectsWith((await as({ roomAdmin: true, room: 'ops' })).listParticipants('other'), 403, 'permission_denied');
  await rejectsWith((await as({ roomList: true }, 'unknown-key')).listRooms(), 401, 'unauthenticated');
  await rejectsWith(new RoomServiceClient(url, key, 'a-wrong-secret-a-wrong-secret-00').listRooms(), 401, 'unauthenticated');
  assert.ok(Array.isArray(await (await as({ roomList: true })).listRooms()), 'roomList is enough for ListRooms');

  const raw = await fetch(`${url}/twirp/livekit.RoomService/ListRooms`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}',
  });
  assert.equal(raw.status, 401);
  assert.equal(raw.headers.get('content-type'), 'application/json');
  assert.equal((await raw.json()).code, 'unauthenticated');
});

test('webhooks: WebhookReceiver validates a join-publish-leave sequence, in order', async () => {
  const room = 'hooks';
  const alice = await ctl('/ctl/join', { room, identity: 'hook-alice', publish: true });
  await ctl('/ctl/leave', { identity: 'hook-alice' });

  const receiver = new WebhookReceiver(key, secret);
  const forRoom = async () => {
    const events = [];
    for (const h of await ctl('/ctl/hooks')) {
      assert.equal(h.contentType, 'application/webhook+json');
      const ev = await receiver.receive(h.body, h.authorization);
      if (ev.room?.name === room) events.push(ev);
    }
    return events;
  };
  const events = await until('room_finished of the hooks room', async () => {
    const evs = await forRoom();
    return evs.some((e) => e.event === 'room_finished') && evs;
  });
  assert.deepEqual(events.map((e) => e.event), [
    'room_started', 'participant_joined', 'track_published', 'track_unpublished', 'participant_left', 'room_finished',
  ]);
  for (const e of events) {
    assert.match(e.id, /^EV_/);
    assert.ok(e.createdAt > 0n, 'createdAt is set');
    assert.equal(e.room.sid, events[0].room.sid);
  }
  assert.equal(new Set(events.map((e) => e.id)).size, events.length, 'event ids are unique');
  const [, joined, published, unpublished, left] = events;
  assert.equal(joined.participant.identity, 'hook-alice');
  assert.equal(joined.participant.sid, alice.sid);
  assert.equal(published.track.sid, alice.trackSid);
  assert.equal(unpublished.track.sid, alice.trackSid);
  assert.equal(left.participant.identity, 'hook-alice');

  // The signature really covers the body and the secret.
  const one = (await ctl('/ctl/hooks')).find((h) => h.body.includes('participant_joined') && h.body.includes('hook-alice'));
  assert.ok(one, 'the join event was recorded');
  await assert.rejects(receiver.receive(one.body.replace('hook-alice', 'hook-mallory'), one.authorization), /sha256/);
  await assert.rejects(new WebhookReceiver(key, 'another-secret-another-secret-0000').receive(one.body, one.authorization));
});
