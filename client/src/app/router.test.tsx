import { act, render, screen as view } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Link, MemoryRouter, useRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavigationProgress } from './layout/navigation-progress';
import { screen, Screens } from './router';

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Nav() {
  return (
    <nav>
      <Link to="/">Home</Link> <Link to="/slow">Slow</Link> <Link to="/broken">Broken</Link>
    </nav>
  );
}

function Tree({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Renders the screens at an address, waiting for what the first screen loads (as React's `act` asks). */
async function renderApp(children: RouteObject[], at = '/') {
  const routes: RouteObject[] = [{ path: '/', Component: Screens, children }];
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[at]}>
        <div data-testid="bar">
          <NavigationProgress />
        </div>
        <Nav />
        <Tree routes={routes} />
      </MemoryRouter>,
    );
  });
}

const Home = () => <h1>Home screen</h1>;
const Slow = () => <h1>Slow screen</h1>;

describe("the app's screens under the declarative router", () => {
  it("keep the old screen while the next one's code loads, with the bar shown, then show it", async () => {
    const user = userEvent.setup();
    const code = deferred<{ default: () => React.JSX.Element }>();
    const home = screen(() => Promise.resolve({ default: Home }));
    await home.preload();
    await renderApp([
      { index: true, ...home },
      { path: 'slow', ...screen(() => code.promise) },
    ]);
    expect(view.getByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(view.getByTestId('bar')).toBeEmptyDOMElement();

    await user.click(view.getByRole('link', { name: 'Slow' }));
    // The old screen stays (a transition), and the bar says something loads.
    expect(view.getByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(view.getByTestId('bar')).not.toBeEmptyDOMElement();

    await act(async () => code.resolve({ default: Slow }));
    expect(await view.findByRole('heading', { name: 'Slow screen' })).toBeInTheDocument();
    expect(view.queryByRole('heading', { name: 'Home screen' })).not.toBeInTheDocument();
    expect(view.getByTestId('bar')).toBeEmptyDOMElement();
  });

  it('show a failed screen inside the frame, and the next address its own screen', async () => {
    const user = userEvent.setup();
    const errors = console.error;
    console.error = () => {};
    try {
      function Broken(): React.JSX.Element {
        throw new Error('boom');
      }
      const home = screen(() => Promise.resolve({ default: Home }));
      // The app loads the first screen's code before it renders (boot.tsx).
      const broken = screen(() => Promise.resolve({ default: Broken }));
      await broken.preload();
      await renderApp(
        [
          { index: true, ...home },
          { path: 'broken', ...broken },
        ],
        '/broken',
      );
      expect(await view.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
      // The frame (here the links) stays, and another address is shown.
      await user.click(view.getByRole('link', { name: 'Home' }));
      expect(await view.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
      expect(view.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    } finally {
      console.error = errors;
    }
  });

  it('show a screen whose code failed to load as failed, and load it again on the next visit', async () => {
    const user = userEvent.setup();
    const errors = console.error;
    console.error = () => {};
    try {
      let attempts = 0;
      const home = screen(() => Promise.resolve({ default: Home }));
      await home.preload();
      await renderApp([
        { index: true, ...home },
        {
          path: 'slow',
          ...screen(() => {
            attempts += 1;
            return attempts === 1 ? Promise.reject(new Error('chunk gone')) : Promise.resolve({ default: Slow });
          }),
        },
      ]);
      await user.click(view.getByRole('link', { name: 'Slow' }));
      expect(await view.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
      expect(view.getByTestId('bar')).toBeEmptyDOMElement();
      await user.click(view.getByRole('link', { name: 'Home' }));
      await view.findByRole('heading', { name: 'Home screen' });
      await user.click(view.getByRole('link', { name: 'Slow' }));
      expect(await view.findByRole('heading', { name: 'Slow screen' })).toBeInTheDocument();
      expect(attempts).toBe(2);
    } finally {
      console.error = errors;
    }
  });

  it('load a first screen whose code failed before the app started again as it renders', async () => {
    let attempts = 0;
    const slow = screen(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('network blip')) : Promise.resolve({ default: Slow });
    });
    // What boot.tsx does before the first render (it goes on when that fails).
    await slow.preload().catch(() => undefined);
    await renderApp([{ path: 'slow', ...slow }], '/slow');
    expect(await view.findByRole('heading', { name: 'Slow screen' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
