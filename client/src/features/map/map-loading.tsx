import { Spinner } from '@/components/ui/spinner';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  loading: { id: 'map.loading', defaultMessage: 'Loading map...' },
});

/** 'Loading map...' (SPEC part 4): over a map starting up, or in its place while its code loads. */
export function MapLoading() {
  const intl = useIntl();
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gray-100 text-sm text-gray-600">
      <Spinner className="size-6" />
      <p role="status">{intl.formatMessage(messages.loading)}</p>
    </div>
  );
}
