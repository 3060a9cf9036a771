// node auth.mjs <url> <valid token>
// Connects with the token in the query, in the auth payload, with none and
// with a wrong one.
import { connect, connected, done, run } from "./lib.mjs";

const [url, token] = process.argv.slice(2);

run(async () => {
  const viaQuery = connect(url, token);
  const viaAuth = connect(url, undefined, { auth: { token } });
  const none = connect(url, undefined);
  const wrong = connect(url, "not-a-token");
  // Listen before awaiting anything, so no outcome is missed.
  const outcomes = [viaQuery, viaAuth, none, wrong].map((s) => connected(s));
  const [query, auth, missing, bad] = await Promise.all(outcomes);
  const result = { query, auth, none: missing, wrong: bad };
  done(result, viaQuery, viaAuth, none, wrong);
});
