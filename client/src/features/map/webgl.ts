let answer: boolean | undefined;

/**
 * Whether this browser can draw the map (MapLibre needs WebGL 2). Asked once per page, before the
 * map's code is fetched: a browser without it is not sent MapLibre's 200 KB for nothing.
 */
export function hasWebGl2(): boolean {
  if (answer === undefined) {
    try {
      const canvas = document.createElement('canvas');
      const gl = canvas.getContext('webgl2');
      answer = gl !== null;
      // The probe's context is given back at once (a page has only a few).
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    } catch {
      answer = false;
    }
  }
  return answer;
}
