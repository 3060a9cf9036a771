// The line protocol between the Go test driver and a client process: one
// JSON command per line on stdin, {id, op, args}; one JSON line per reply
// on stdout, {id, ok, result} or {id, ok: false, error}; {log} lines carry
// what the client wants shown when a scenario fails. Commands run
// concurrently, so a slow wait does not hold up another participant.
import { createInterface } from 'node:readline';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const out = (obj) => process.stdout.write(`${JSON.stringify(obj)}\n`);

/** Sends a log line to the driver (kept with the scenario's output). */
export function log(line) {
  out({ log: String(line).slice(0, 500) });
}

/**
 * Serves handlers (op name → async (args) => result) until stdin closes or
 * the "quit" op; then runs onQuit and exits.
 */
export function serve(handlers, onQuit = async () => {}) {
  const rl = createInterface({ input: process.stdin });
  let quitting = false;
  const quit = async () => {
    if (quitting) return;
    quitting = true;
    try {
      await onQuit();
    } catch (e) {
      log(`quit: ${e}`);
    }
    process.exit(0);
  };
  rl.on('line', async (line) => {
    if (!line.trim()) return;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch (e) {
      log(`bad command line: ${line.slice(0, 200)}`);
      return;
    }
    if (msg.op === 'quit') {
      out({ id: msg.id, ok: true, result: null });
      await quit();
      return;
    }
    const h = handlers[msg.op];
    if (!h) {
      out({ id: msg.id, ok: false, error: `unknown op ${msg.op}` });
      return;
    }
    try {
      const result = await h(msg.args || {});
      out({ id: msg.id, ok: true, result: result === undefined ? null : result });
    } catch (e) {
      out({ id: msg.id, ok: false, error: String(e && e.stack ? e.stack : e).slice(0, 1500) });
    }
  });
  rl.on('close', quit);
  process.on('unhandledRejection', (e) => log(`unhandled rejection: ${e && e.stack ? e.stack : e}`));
  out({ ready: true });
}
