// The root and trigger of an overlay (a popover, a menu, a dialog) whose code is fetched when it is
// about to open (docs/decisions/0053-deferred-controls.md): until then the trigger is a plain button of
// the same look, and a tap before the code is in opens the overlay as soon as it is.
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

interface OverlayState<M> {
  /** The overlay's code, once this overlay has taken it up (never between a press and its click). */
  loaded: M | null;
  /** A press on the plain trigger starts: the real trigger waits for it to end. */
  pressing: (down: boolean) => void;
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
  const State = createContext<OverlayState<M> | null>(null);

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
    const module = parts.useModule();
    // The real trigger is a new element: were it to replace the plain one between a press and its
    // click, the click would reach neither, and the tap would be lost. So it waits for the press to end.
    const [pressed, setPressed] = useState(false);
    const loaded = module && !pressed ? module : null;
    const state = useMemo(
      () => ({
        loaded,
        pressing: (down: boolean) => {
          if (down) {
            setPressed(true);
            // The press ends wherever the pointer is released; after its click, which is dispatched
            // in the same task as the release.
            window.addEventListener('pointerup', () => setTimeout(() => setPressed(false), 0), { once: true, capture: true });
          }
        },
        open: current,
        setOpen,
        setFocused: (next: boolean) => {
          focused.current = next;
        },
        wasFocused: () => focused.current,
      }),
      [loaded, current, setOpen],
    );
    // Opened without its trigger (a dialog shown by the page): its code is needed now.
    useEffect(() => {
      if (current && !module) parts.request();
    }, [current, module]);
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

  function Trigger({ onClick, onFocus, onBlur, onPointerEnter, onPointerDown, ...props }: ComponentProps<'button'>) {
    const state = useContext(State);
    if (!state) throw new Error('A trigger is used outside its root.');
    const { loaded } = state;
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
          onPointerDown={onPointerDown}
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
        onPointerDown={(event) => {
          state.pressing(true);
          onPointerDown?.(event);
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

  /** A part shown inside the open overlay (its panel, a title, a menu item): nothing until the code is in. */
  function part<K extends keyof M & string>(name: K) {
    type Props = (M[K] extends ComponentType<infer P> ? P : never) & object;
    function Part(props: Props) {
      const loaded = useContext(State)?.loaded;
      if (!loaded) return null;
      const Component = loaded[name] as unknown as ComponentType<Props>;
      return <Component {...props} />;
    }
    return Part;
  }

  return { Root, Trigger, part };
}
