import { Button } from '@/components/ui/button';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  group: { id: 'drawArea.group', defaultMessage: 'Drawing an area' },
  addCorners: { id: 'drawArea.addCorners', defaultMessage: 'Click the map to add corners ({corners} of at least 3)' },
  enoughCorners: { id: 'drawArea.enoughCorners', defaultMessage: '{corners} corners: add more, or press Done' },
  addCentre: { id: 'drawArea.addCentre', defaultMessage: 'Add the centre' },
  undo: { id: 'drawArea.undo', defaultMessage: 'Undo' },
  cancel: { id: 'drawArea.cancel', defaultMessage: 'Cancel' },
  done: { id: 'drawArea.done', defaultMessage: 'Done' },
});

export interface DrawAreaToolbarProps {
  /** How many corners the area has so far. */
  corners: number;
  /** Adds the map's centre as a corner (drawing by keyboard: pan with the arrow keys, then add). */
  onAddCentre: () => void;
  onUndo: () => void;
  onCancel: () => void;
  /** From 3 corners: the area is searched. */
  onDone: () => void;
}

/** The bar over the map while an area is drawn (issue 26 item 1): what to do next, and its buttons. */
export default function DrawAreaToolbar({ corners, onAddCentre, onUndo, onCancel, onDone }: DrawAreaToolbarProps) {
  const intl = useIntl();
  return (
    <div
      role="group"
      aria-label={intl.formatMessage(messages.group)}
      className="absolute top-3 right-14 left-3 flex flex-wrap items-center gap-2 rounded-xl bg-white/95 p-2 text-sm text-gray-800 shadow-md"
    >
      <p aria-live="polite" className="basis-full px-1">
        {intl.formatMessage(corners < 3 ? messages.addCorners : messages.enoughCorners, { corners })}
      </p>
      <Button size="sm" variant="outline" onClick={onAddCentre}>
        {intl.formatMessage(messages.addCentre)}
      </Button>
      <Button size="sm" variant="outline" disabled={corners === 0} onClick={onUndo}>
        {intl.formatMessage(messages.undo)}
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        {intl.formatMessage(messages.cancel)}
      </Button>
      <Button size="sm" disabled={corners < 3} onClick={onDone}>
        {intl.formatMessage(messages.done)}
      </Button>
    </div>
  );
}
