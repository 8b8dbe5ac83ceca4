// Where the Auth emulator lists the codes it "sent" (development only: no SMS leaves the machine),
// shown beside a code field (finishing sign-up, changing the phone).
import { FormMessage } from '@/components/ui/text-field';
import { formatMessage, type MessageDescriptor } from '@common/i18n/messages';
import type { ClientConfig } from './client-config';

const MARK = '\u0000';

/** `text` has a `{url}`: the emulator's list of codes, set apart; nothing without the emulator. */
export function EmulatorCodesHint({
  config,
  text,
  title,
}: {
  config: ClientConfig | null;
  text: MessageDescriptor;
  title?: string;
}) {
  if (!config?.authEmulatorUrl) return null;
  const [before, after] = formatMessage(text, { url: MARK }).split(MARK);
  return (
    <FormMessage kind="info">
      {title ? <strong>{title}</strong> : null}
      {title ? ' ' : null}
      {before}
      <code className="break-all">
        {config.authEmulatorUrl}/emulator/v1/projects/{config.firebase.projectId}/verificationCodes
      </code>
      {after}
    </FormMessage>
  );
}
