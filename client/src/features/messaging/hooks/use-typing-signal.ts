import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef } from 'react';
import { SetTypingDocument } from '../operations';

/** At most one 'typing' signal this often while the person types (the server allows 60 a minute). */
const REPEAT_MS = 2_500;
/** 'Stopped typing' after this long without a keystroke. */
const IDLE_MS = 3_000;

/**
 * Tells the other participant when the viewer types: 'typing' at most every 2.5 s while text is
 * being typed, 'stopped' after 3 s without a keystroke, when the text is emptied, when the message
 * is sent, and when the conversation is left. Signals are best effort: a refused one is dropped.
 */
export function useTypingSignal(threadId: string): { onInput(value: string): void; stop(): void } {
  const [setTyping] = useMutation(SetTypingDocument);
  const state = useRef<{ active: boolean; lastSent: number; idle?: ReturnType<typeof setTimeout> }>({
    active: false,
    lastSent: 0,
  });

  const signal = useCallback(
    (typing: boolean) => {
      setTyping({ variables: { threadId, typing } }).catch(() => undefined);
    },
    [setTyping, threadId],
  );

  const stop = useCallback(() => {
    const s = state.current;
    clearTimeout(s.idle);
    if (!s.active) return;
    s.active = false;
    s.lastSent = 0;
    signal(false);
  }, [signal]);

  const onInput = useCallback(
    (value: string) => {
      const s = state.current;
      if (value.trim() === '') {
        stop();
        return;
      }
      const now = Date.now();
      if (!s.active || now - s.lastSent >= REPEAT_MS) {
        s.active = true;
        s.lastSent = now;
        signal(true);
      }
      clearTimeout(s.idle);
      s.idle = setTimeout(stop, IDLE_MS);
    },
    [signal, stop],
  );

  useEffect(() => stop, [stop]);
  return { onInput, stop };
}
