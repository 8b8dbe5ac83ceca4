import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A link to an absolute path of this app (`/properties/…`), for the links a page draws many of (two on
 * every card): the anchor, and on a plain click the router's navigation. React Router's `Link` also
 * resolves relative paths, discovers routes and runs view transitions, none of which these links use;
 * on the listings page its work was 3.5 % of a server render (profiled for issue 28), and the same again
 * while the browser takes the page over.
 */
export function PathLink({ to, onClick, ...props }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const navigate = useNavigate();
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event) || (props.target && props.target !== '_self')) return;
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}

/** A left click without a modifier key: one the page itself answers (others open a tab or a window). */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}
