// node reconnect.mjs <url> <token> <userId>
// Prints {"event":"connected"} once connected and in its room, then waits
// for the server to go away and come back: the client must reconnect by
// itself, and joins its room again.
import { ack, connect, run } from "./lib.mjs";

const [url, token, userId] = process.argv.slice(2);
const say = (o) => process.stdout.write(JSON.stringify(o) + "\n");

run(async () => {
  const s = connect(url, token, { reconnection: true, reconnectionAttempts: 30, reconnectionDelay: 200, reconnectionDelayMax: 1000 });
  let connects = 0;
  const reasons = [];
  s.on("disconnect", (reason) => reasons.push(reason));
  await new Promise((resolve) => {
    s.on("connect", async () => {
      connects++;
      const joined = await ack(s, "join-room", "room_" + userId);
      if (connects === 1) {
        say({ event: "connected", joined });
      } else {
        say({ event: "reconnected", connects, joined, reasons, attempts: s.io.reconnectionAttempts() });
        resolve();
      }
    });
  });
  s.disconnect();
  process.exit(0);
});
