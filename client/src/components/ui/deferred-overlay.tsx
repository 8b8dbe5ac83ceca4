// The root and trigger of an overlay (a popover, a menu) whose code is fetched when it is about to
// open (docs/decisions/0053-deferred-controls.md): until then the trigger is a plain button of the
// same look, and a tap before the code is in opens the overlay as soon as it is.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { DeferredModule } from '@/lib/deferred-module';

/** What a Radix overlay module gives: its root (controlled) and its trigger button. */
export interface OverlayParts {
  Root: ComponentType<{ open?: boolean; onOpenChange?: (open: boolean) => void; modal?: boolean; children?: ReactNode }>;
  Trigger: ComponentType<ComponentProps<'button'>>;
}

interface OverlayState {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Whether the plain trigger has the focus: when the code arrives, the real one takes it over. */
  setFocused: (focused: boolean) => void;
  wasFocused: () => boolean;
}

export interface RootProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  defaultOpen?: boolean;
  modal?: boolean;
  children: ReactNode;
}

export function deferredOverlay<M extends OverlayParts>(parts: DeferredModule<M>, haspopup: 'dialog' | 'menu') {
  const State = createContext<OverlayState | null>(null);

  function Root({ open, onOpenChange, defaultOpen = false, modal, children }: RootProps) {
    const [own, setOwn] = useState(defaultOpen);
    const current = open ?? own;
    const setOpen = useCallback(
      (next: boolean) => {
        setOwn(next);
        onOpenChange?.(next);
      },
      [onOpenChange],
    );
    const focused = useRef(false);
    const state = useMemo(
      () => ({
        open: current,
        setOpen,
        setFocused: (next: boolean) => {
          focused.current = next;
        },
        wasFocused: () => focused.current,
      }),
      [current, setOpen],
    );
    const loaded = parts.useModule();
    // Opened without its trigger (a dialog shown by the page): its code is needed now.
    useEffect(() => {
      if (current && !loaded) parts.request();
    }, [current, loaded]);
    return (
      <State.Provider value={state}>
        {loaded ? (
          <loaded.Root open={current} onOpenChange={setOpen} modal={modal}>
            {children}
          </loaded.Root>
        ) : (
          children
        )}
      </State.Provider>
    );
  }

  function Trigger({ onClick, onFocus, onBlur, onPointerEnter, ...props }: ComponentProps<'button'>) {
    const state = useContext(State);
    if (!state) throw new Error('A trigger is used outside its root.');
    const loaded = parts.useModule();
    const ref = useRef<HTMLButtonElement>(null);
    useLayoutEffect(() => {
      if (!loaded || !state.wasFocused()) return;
      state.setFocused(false);
      ref.current?.focus();
    }, [loaded, state]);
    if (loaded) {
      return (
        <loaded.Trigger
          ref={ref}
          onClick={onClick}
          onFocus={onFocus}
          onBlur={onBlur}
          onPointerEnter={onPointerEnter}
          {...props}
        />
      );
    }
    return (
      <button
        type="button"
        aria-haspopup={haspopup}
        aria-expanded={state.open}
        data-state={state.open ? 'open' : 'closed'}
        {...props}
        onPointerEnter={(event) => {
          parts.request();
          onPointerEnter?.(event);
        }}
        onFocus={(event) => {
          state.setFocused(true);
          parts.request();
          onFocus?.(event);
        }}
        onBlur={(event) => {
          state.setFocused(false);
          onBlur?.(event);
        }}
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented) return;
          state.setOpen(!state.open);
          parts.request();
        }}
      />
    );
  }

  return { Root, Trigger };
}

/** A part shown inside an open overlay (its panel, a title, a menu item): nothing until the code is in. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props, as React's own types do
export function deferredPart<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  parts: DeferredModule<M>,
  name: K,
) {
  type Props = ComponentProps<M[K]>;
  function Part(props: Props) {
    const loaded = parts.useModule();
    if (!loaded) return null;
    const Component = loaded[name] as ComponentType<Props>;
    return <Component {...props} />;
  }
  Part.displayName = name;
  return Part;
}
