import './index.css';

// The entry: the styles, and the app (boot.tsx, with React and Apollo) as its own chunk.
//
// A page the server rendered (docs/decisions/0035-server-rendering.md) is already there to read, its
// first photo asked for in the head before any script. The app's code is asked for at once, all of it
// together (the page lists its chunks), and takes the page over in place. Until it runs, what the
// visitor does on the page is kept and done again once it does (earlyInput below): a filter changed
// or a button tapped in the first second is not lost (issue 28 item 3).
const modules = document.getElementById('ssr-modules');
if (document.getElementById('ssr-state') && modules) {
  const early = earlyInput(document.getElementById('root'));
  // The page is painted first: this script may run before the first frame (a page that arrived
  // whole is parsed in one go), and asking for 30 files and starting React would hold that frame up.
  afterFirstPaint(() => {
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
    startInSteps()
      .then((app) => app.started)
      .then(early.replay, (error: unknown) => {
        early.stop();
        throw error;
      });
  });
} else {
  void import('./boot');
}

/**
 * Runs `then` once the browser has painted the page's content (its first contentful paint), at
 * once if it already has; in a tab that is not shown, which paints nothing, at once too. A browser
 * that does not report paints, or one that has not painted in a second, starts the app anyway.
 */
function afterFirstPaint(then: () => void) {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (document.visibilityState !== 'visible' || painted() || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    setTimeout(then, 0);
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    // The task after the paint's.
    setTimeout(then, 0);
  };
  const observer = new PerformanceObserver(() => {
    if (painted()) run();
  });
  observer.observe({ type: 'paint' });
  const timer = setTimeout(run, 1_000);
}

/**
 * The app's code is run in a few tasks rather than one, each short enough not to hold up a tap
 * (issue 28 item 4; on a phone with Lighthouse's 4× slower CPU each is about 50 ms, together about
 * 250): React DOM's own start; the first uses of `Intl` (the browser loads its locale and time-zone
 * data then, whichever format asks first); Apollo Client with the app's client (its cache and
 * links, the page's answers; importing the package on its own would keep all of it in the build);
 * then the rest of the app. The files are already on their way, all at once (the modulepreload
 * links above).
 */
async function startInSteps(): Promise<typeof import('./boot')> {
  await import('react-dom/client');
  await nextTask();
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1);
  await nextTask();
  new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York' }).format(0);
  await nextTask();
  await import('./lib/apollo/client');
  await nextTask();
  return import('./boot');
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A control the visitor used before the app ran, and what they did with it. */
type Kept =
  | { control: HTMLElement; kind: 'click' }
  | { control: HTMLSelectElement; kind: 'select'; value: string }
  | { control: HTMLInputElement; kind: 'check'; checked: boolean };

/**
 * Keeps the taps on the page's buttons, tick boxes and radio buttons and the choices made in its
 * selects, from now until the app has taken the page over, then does them again in order. A tap is
 * held back (its default action is prevented) so that it happens once, when the app can answer it.
 * Links are left alone: they work without the app (the next page comes from the server).
 */
function earlyInput(root: HTMLElement | null): { replay: () => void; stop: () => void } {
  const kept: Kept[] = [];
  // This script runs once the page is parsed, and a long page is painted (and can be used) before
  // that: a choice already made in a select or a tick box is taken as it stands against the page as
  // rendered (its default).
  for (const select of root?.querySelectorAll('select') ?? []) {
    const rendered = [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
    if (rendered && select.value !== rendered.value) kept.push({ control: select, kind: 'select', value: select.value });
  }
  for (const input of root?.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]') ?? []) {
    if (input.checked !== input.defaultChecked && (input.type === 'checkbox' || input.checked))
      kept.push({ control: input, kind: 'check', checked: input.checked });
  }
  document.documentElement.dataset.app = 'starting';
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>('button, label, input[type="checkbox"], input[type="radio"], [role="button"]');
    if (!control || !root?.contains(control) || control.closest('a[href]')) return;
    if (control instanceof HTMLButtonElement && control.disabled) return;
    event.preventDefault();
    // Tapped again because nothing answered: one tap.
    if (kept.at(-1)?.control === control) return;
    kept.push({ control, kind: 'click' });
  };
  const onChange = (event: Event) => {
    const control = event.target;
    if (control instanceof HTMLSelectElement && root?.contains(control))
      kept.push({ control, kind: 'select', value: control.value });
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('change', onChange, true);
  const stop = () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('change', onChange, true);
  };
  const replay = () => {
    stop();
    for (const item of kept) {
      if (!item.control.isConnected) continue;
      if (item.kind === 'click') {
        item.control.click();
      } else if (item.kind === 'check') {
        // Ticked again by a click, so that the app hears of it, whatever hydration left in the box.
        item.control.checked = !item.checked;
        item.control.click();
      } else {
        // Hydration put back the value the page was rendered with; the visitor's choice is made again.
        item.control.value = item.value;
        item.control.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }
  };
  return { replay, stop };
}
