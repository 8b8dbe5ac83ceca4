import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { MessageItem_MessageFragment } from '@/gql/graphql';
import { cn } from '@/lib/cn';
import { useTimeZone } from '@/lib/use-time-zone';
import { formatDateTime, formatTime, groupByDay } from '../dates';
import { useNow } from '../hooks/use-now';
import { MessageText } from './message-text';
import { defineMessages, useIntl } from '@common/i18n/messages';

const texts = defineMessages({
  log: { id: 'messages.log', defaultMessage: 'Messages with {name}' },
  loadingEarlier: { id: 'messages.loadingEarlier', defaultMessage: 'Loading earlier messages…' },
  loadEarlier: { id: 'messages.loadEarlier', defaultMessage: 'Load earlier messages' },
  beginning: { id: 'messages.beginning', defaultMessage: 'This is the beginning of your conversation with {name}.' },
  noMessages: { id: 'messages.noMessages', defaultMessage: 'No messages yet. Say hello to {name}!' },
  fromYou: { id: 'messages.fromYou', defaultMessage: 'You:' },
  from: { id: 'messages.from', defaultMessage: '{name}:' },
  seen: { id: 'messages.seen', defaultMessage: 'Seen' },
});

/** Within this many pixels of the end counts as 'at the newest message' (new ones scroll into view). */
const BOTTOM_SLACK = 80;

export interface MessageListProps {
  messages: readonly MessageItem_MessageFragment[];
  otherName: string;
  /** When the other participant last read the conversation ('Seen' under the viewer's last message). */
  seenUpTo: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  /** Shown after the messages (the rating prompt). */
  children?: ReactNode;
  /** Changes when what follows the messages changes, so it scrolls into view at the bottom. */
  bottomKey?: string;
}

function isAtBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK;
}

/**
 * A conversation's messages, oldest first, with day separators and times; the viewer's own on the
 * right. It opens at the newest message, follows new ones while the reader is at the bottom (and
 * always after the viewer's own send), and loads older pages when scrolled to the top (or with the
 * 'Load earlier messages' button) without moving what is on screen.
 */
export function MessageList({
  messages,
  otherName,
  seenUpTo,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  children,
  bottomKey,
}: MessageListProps) {
  const intl = useIntl();
  const now = useNow();
  const timeZone = useTimeZone();
  const groups = useMemo(() => groupByDay(messages, now, timeZone), [messages, now, timeZone]);
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const snapshot = useRef<{ first?: string; last?: string; height: number; top: number; atBottom: boolean; bottomKey?: string }>({
    height: 0,
    top: 0,
    atBottom: true,
  });

  // The viewer's newest message carries 'Seen' once the other participant has read past it.
  const lastMine = useMemo(() => [...messages].reverse().find((m) => m.isMine), [messages]);
  const seenId = lastMine && seenUpTo && Date.parse(seenUpTo) >= Date.parse(lastMine.createdAt) ? lastMine.id : null;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = snapshot.current;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    if (before.last === undefined) {
      el.scrollTop = el.scrollHeight; // opens at the newest message
    } else if (first !== before.first && last === before.last) {
      // Older messages went in front: keep the same messages on screen.
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    } else if (last !== before.last || bottomKey !== before.bottomKey) {
      if (before.atBottom || (last !== before.last && messages.at(-1)?.isMine)) el.scrollTop = el.scrollHeight;
    }
    snapshot.current = { first, last, height: el.scrollHeight, top: el.scrollTop, atBottom: isAtBottom(el), bottomKey };
  }, [messages, bottomKey]);

  // When the list gets shorter (the composer grows, an error shows, the phone's keyboard opens), a
  // reader at the newest message stays there.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (snapshot.current.atBottom) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Reaching the top loads the page before.
  useEffect(() => {
    const root = scroller.current;
    const target = sentinel.current;
    if (!root || !target || !hasOlder || loadingOlder) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadOlder();
      },
      { root, rootMargin: '120px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    snapshot.current = { ...snapshot.current, height: el.scrollHeight, top: el.scrollTop, atBottom: isAtBottom(el) };
  }

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-label={intl.formatMessage(texts.log, { name: otherName })}
      // Scrollable by keyboard.
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-gray-50 px-3 py-4 sm:px-5"
    >
      {hasOlder ? (
        <div ref={sentinel} className="flex justify-center pb-2">
          <Button variant="ghost" size="sm" onClick={onLoadOlder} disabled={loadingOlder} aria-busy={loadingOlder}>
            {loadingOlder ? <Spinner className="size-4" /> : null}
            {intl.formatMessage(loadingOlder ? texts.loadingEarlier : texts.loadEarlier)}
          </Button>
        </div>
      ) : messages.length > 0 ? (
        <p className="pb-2 text-center text-xs text-gray-500">{intl.formatMessage(texts.beginning, { name: otherName })}</p>
      ) : (
        <p className="py-10 text-center text-sm text-gray-600">{intl.formatMessage(texts.noMessages, { name: otherName })}</p>
      )}
      {groups.map((group) => (
        <div key={group.key}>
          <div className="my-3 flex items-center gap-3">
            <span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
            <span className="text-xs font-medium text-gray-600">{group.label}</span>
            <span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
          </div>
          <ul className="space-y-2">
            {group.items.map((message) => (
              <li key={message.id} className={cn('flex', message.isMine ? 'justify-end' : 'justify-start')}>
                <div className={cn('flex max-w-[85%] flex-col sm:max-w-[75%]', message.isMine ? 'items-end' : 'items-start')}>
                  <div
                    className={cn(
                      'rounded-2xl px-3.5 py-2 shadow-sm',
                      message.isMine
                        ? 'rounded-br-md bg-brand-700 text-white'
                        : 'rounded-bl-md border border-gray-200 bg-white text-gray-900',
                    )}
                  >
                    <span className="sr-only">
                      {message.isMine
                        ? intl.formatMessage(texts.fromYou)
                        : intl.formatMessage(texts.from, { name: message.sender.name })}{' '}
                    </span>
                    {message.subject ? <p className="mb-0.5 text-sm font-semibold">{message.subject}</p> : null}
                    <MessageText content={message.content} mine={message.isMine} />
                  </div>
                  <p className="mt-1 px-1 text-xs text-gray-600">
                    <time dateTime={message.createdAt} title={formatDateTime(message.createdAt, timeZone)}>
                      {formatTime(message.createdAt, timeZone)}
                    </time>
                    {message.id === seenId ? (
                      <>
                        <span aria-hidden="true" className="mx-1.5">
                          ·
                        </span>
                        <span className="font-medium text-gray-700">{intl.formatMessage(texts.seen)}</span>
                      </>
                    ) : null}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {children}
    </div>
  );
}
