import { API, FIXED_CAPTCHA } from '../../e2e/fixtures/server.js';

/** Logs in as a demo staff member (password demo1234) through the API; answers the `Authorization` header value. */
export async function staffLogin(baseURL: string, username: string): Promise<string> {
  const cap = (await (await fetch(`${baseURL}${API}/captcha`)).json()) as { data?: { key?: string } };
  const res = await fetch(`${baseURL}${API}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 1, username, password: 'demo1234', captcha: FIXED_CAPTCHA, key: cap.data?.key }),
  });
  const body = (await res.json()) as { result: string; message?: string; data?: { token_type: string; access_token: string } };
  if (body.result !== 'success' || !body.data) throw new Error(`${username} login failed: ${body.message ?? res.status}`);
  return `${body.data.token_type} ${body.data.access_token}`;
}

/** Logs in as the demo admin (every store). */
export const adminLogin = (baseURL: string): Promise<string> => staffLogin(baseURL, 'admin');
