// The HTTP API, and a seat's token kept in this browser.

/** Call the HTTP API; a refusal throws an Error with the server's reason. A body that
 *  is a string (a record file's text) is sent as it is, anything else as JSON. A
 *  seat's `token` for a request without a body goes in a header, not in the address,
 *  where a proxy's log would keep it. */
export async function api(method, path, body, token) {
  const opts = { method, headers: {} };
  if (token) opts.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  let res;
  try { res = await fetch(path, opts); } catch (e) { throw new Error("the server cannot be reached"); }
  let data = null;
  try { data = await res.json(); } catch (e) { /* not JSON */ }
  if (!res.ok) {
    const refused = new Error(data?.error?.reason || `the server answered ${res.status}`);
    refused.status = res.status;
    throw refused;
  }
  return data;
}

export const tokenKey = (game) => `cutthroat:token:${game}`;

/** Keep a seat's token in this browser and go to the table. */
export function enterGame(answer) {
  localStorage.setItem(tokenKey(answer.game), answer.token);
  location.assign(`/?game=${encodeURIComponent(answer.game)}`);
}
