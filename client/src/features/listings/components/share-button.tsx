import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { defineMessages, formatMessage, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  share: { id: 'share.share', defaultMessage: 'Share' },
  copied: { id: 'share.copied', defaultMessage: 'Link copied' },
  copyFailed: { id: 'share.copyFailed', defaultMessage: 'Could not copy the link' },
});

/**
 * 'Share' (issue 26 item 6): the system's share sheet where the browser has one (the Web Share API),
 * else the listing's address copied with a toast. A share the user cancels does nothing.
 */
export function ShareButton({ title, path, className }: { title: string; path: string; className?: string }) {
  const intl = useIntl();
  async function share() {
    const url = new URL(path, window.location.origin).toString();
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        if ((err as { name?: string } | null)?.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: formatMessage(messages.copied), description: title });
    } catch {
      toast({ variant: 'destructive', title: formatMessage(messages.copyFailed), description: url });
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={() => void share()} className={cn(className)}>
      {intl.formatMessage(messages.share)}
      <span data-authored className="sr-only">
        {' '}
        {title}
      </span>
    </Button>
  );
}
