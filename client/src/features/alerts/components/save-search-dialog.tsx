import { useMutation } from '@apollo/client/react';
import {
  alertFrequencyLabels,
  AlertFrequencyValues,
  savedSearchNameSchema,
  summarizeFilter,
  type AlertFrequency,
} from '@common/saved-search';
import { optionsOf } from '@common/options';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select';
import { FormMessage, TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import type { PropertyFilter } from '@/gql/graphql';
import { SaveSearchDocument, SavedSearchesDocument } from '../operations';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  enterName: { id: 'saveSearch.enterName', defaultMessage: 'Enter a name' },
  saved: { id: 'saveSearch.saved', defaultMessage: 'Search saved' },
  findIt: { id: 'saveSearch.findIt', defaultMessage: 'Find it under Saved Searches.' },
  willTell: { id: 'saveSearch.willTell', defaultMessage: 'We will tell you about new matches.' },
  failed: { id: 'saveSearch.failed', defaultMessage: 'The search could not be saved. Please try again.' },
  title: { id: 'saveSearch.title', defaultMessage: 'Save this search' },
  description: {
    id: 'saveSearch.description',
    defaultMessage: 'Name it, and choose how we tell you about new listings and price drops.',
  },
  name: { id: 'saveSearch.name', defaultMessage: 'Name' },
  alerts: { id: 'saveSearch.alerts', defaultMessage: 'Alerts' },
  cancel: { id: 'saveSearch.cancel', defaultMessage: 'Cancel' },
  saving: { id: 'saveSearch.saving', defaultMessage: 'Saving…' },
  save: { id: 'saveSearch.save', defaultMessage: 'Save search' },
});

const frequencyOptions = optionsOf(AlertFrequencyValues, alertFrequencyLabels);

/**
 * The dialog of 'Save search' (loaded when first opened: it brings zod for the name): the current
 * filters under a name (a readable summary by default) with alerts instant, daily or off. Mounted
 * afresh on every opening, so it starts from the filters of that moment.
 */
export default function SaveSearchDialog({ filter, onClose }: { filter: PropertyFilter; onClose: () => void }) {
  const [name, setName] = useState(() => summarizeFilter(filter));
  const [frequency, setFrequency] = useState<AlertFrequency>('INSTANT');
  // A problem with the name (shown under the field) and one of the save itself (shown above the buttons).
  const [error, setError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [save, { loading }] = useMutation(SaveSearchDocument, { refetchQueries: [SavedSearchesDocument] });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaveError(null);
    const parsed = savedSearchNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? formatMessage(messages.enterName));
      return;
    }
    try {
      await save({ variables: { input: { name: parsed.data, filter, frequency } } });
      onClose();
      toast({
        title: formatMessage(messages.saved),
        description: formatMessage(frequency === 'OFF' ? messages.findIt : messages.willTell),
      });
    } catch (err) {
      // The dialog stays open with what was typed.
      setSaveError(err instanceof Error && err.message ? err.message : formatMessage(messages.failed));
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle className="text-lg font-semibold text-gray-900">{formatMessage(messages.title)}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-gray-600">{formatMessage(messages.description)}</DialogDescription>
        <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
          <TextField
            label={formatMessage(messages.name)}
            value={name}
            maxLength={120}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            error={error ?? undefined}
          />
          <SelectField
            label={formatMessage(messages.alerts)}
            value={frequency}
            options={frequencyOptions}
            onValueChange={setFrequency}
          />
          {saveError ? <FormMessage kind="error">{saveError}</FormMessage> : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={onClose}>
              {formatMessage(messages.cancel)}
            </Button>
            <Button type="submit" disabled={loading}>
              {formatMessage(loading ? messages.saving : messages.save)}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
