/**
 * The path to return to after signing in, when `raw` is a path of this site; otherwise '/'.
 *
 * Accepted: a path that starts with exactly one '/' and is not read by a browser as another host.
 * Refused: absolute URLs, protocol-relative '//host' and '/\host' (browsers treat '\' as '/'), the
 * same once percent-decoded (e.g. '/%2F%5Chost'), and any control character (browsers drop tabs and
 * newlines from URLs, so '/\t/host' would become '//host').
 */
export function safeRedirectPath(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw === '' || raw.length > 2048) return '/';
  let decoded = raw;
  // Decode until stable (a few rounds at most), so double-encoded tricks are seen too.
  for (let round = 0; round < 3; round++) {
    if (!isSafe(decoded)) return '/';
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return '/';
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (!isSafe(decoded)) return '/';
  // Last guard: resolved against a stand-in origin, the path must stay on it.
  try {
    const base = 'http://same-origin.invalid';
    if (new URL(raw, base).origin !== base) return '/';
  } catch {
    return '/';
  }
  return raw;
}

function isSafe(path: string): boolean {
  if (!path.startsWith('/')) return false;
  const second = path.charAt(1);
  if (second === '/' || second === '\\') return false;
  // C0 controls, DEL and C1 controls.
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f-\u009f]/.test(path);
}

/** Where to go after signing in: the `redirect` query parameter when it is a path of this site, else '/'. */
export function redirectTarget(search: string): string {
  return safeRedirectPath(new URLSearchParams(search).get('redirect'));
}

/** The sign-in screen (`/auth`, or `/login` for the save control) that brings the visitor back to `back`. */
export function signInPath(back: string, screen: '/auth' | '/login' = '/auth'): string {
  return `${screen}?redirect=${encodeURIComponent(safeRedirectPath(back))}`;
}
