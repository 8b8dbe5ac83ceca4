import './index.css';

// The entry: the styles, and the app (boot.tsx, with React and Apollo) as its own chunk.
//
// A page the server rendered (docs/decisions/0035-server-rendering.md) is already there to read: its
// first photos and styles get the connection to themselves, and the app's code (about 250 KB gzip)
// is fetched once the page is painted and those photos are in (at most a second later), all of it
// at once (the page lists its chunks), then takes the page over in place. Fetched alongside, the code
// would share a slow connection with the photos and hold back the paint of what is already there.
const start = () => void import('./boot');

const modules = document.getElementById('ssr-modules');
if (document.getElementById('ssr-state') && modules) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    try {
      for (const href of JSON.parse(modules.textContent ?? '[]') as string[]) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      }
    } catch {
      // The list is an optimisation only: boot.tsx loads what it needs either way.
    }
    start();
  };
  const photos = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  const painted = new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const loaded = Promise.all(
    photos.map(
      (img) =>
        img.complete ||
        new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
  void Promise.all([painted, loaded]).then(once);
  // A tab opened in the background gets no frames; a photo may never arrive.
  setTimeout(once, 1000);
} else {
  start();
}
