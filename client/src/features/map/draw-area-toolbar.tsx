import { Button } from '@/components/ui/button';

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
  return (
    <div
      role="group"
      aria-label="Drawing an area"
      className="absolute top-3 right-14 left-3 flex flex-wrap items-center gap-2 rounded-xl bg-white/95 p-2 text-sm text-gray-800 shadow-md"
    >
      <p aria-live="polite" className="basis-full px-1">
        {corners < 3 ? `Click the map to add corners (${corners} of at least 3)` : `${corners} corners: add more, or press Done`}
      </p>
      <Button size="sm" variant="outline" onClick={onAddCentre}>
        Add the centre
      </Button>
      <Button size="sm" variant="outline" disabled={corners === 0} onClick={onUndo}>
        Undo
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button size="sm" disabled={corners < 3} onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
