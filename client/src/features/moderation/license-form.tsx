import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { licenseInputSchema, type LicenseInput } from '@common/trust';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { UpdateMyLicenseMutation } from './operations';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  saved: { id: 'licenseForm.saved', defaultMessage: 'License number saved' },
  verified: { id: 'licenseForm.verified', defaultMessage: 'It is verified.' },
  pending: { id: 'licenseForm.pending', defaultMessage: 'An administrator will verify it.' },
  removed: { id: 'licenseForm.removed', defaultMessage: 'Removed.' },
  failed: { id: 'licenseForm.failed', defaultMessage: 'Failed to save your license number. Please try again.' },
  label: { id: 'licenseForm.label', defaultMessage: 'Your NY license number' },
  verifiedHelp: {
    id: 'licenseForm.verifiedHelp',
    defaultMessage: 'Verified. Changing the number removes the verification until it is checked again.',
  },
  notVerified: { id: 'licenseForm.notVerified', defaultMessage: 'Not verified yet.' },
  saving: { id: 'licenseForm.saving', defaultMessage: 'Saving…' },
  save: { id: 'licenseForm.save', defaultMessage: 'Save license' },
});

/**
 * The agent's own New York license number, on their profile: checked with the shared zod schema;
 * saving a different number clears the verification (the badge returns once an admin checks it).
 */
export function LicenseForm({ license, verified }: { license: string | null; verified: boolean }) {
  const ids = { field: useId(), help: useId(), error: useId() };
  const [failure, setFailure] = useState<string | null>(null);
  const [save] = useMutation(UpdateMyLicenseMutation);
  const form = useForm<LicenseInput, unknown, z.output<typeof licenseInputSchema>>({
    resolver: zodResolver(licenseInputSchema),
    defaultValues: { license: license ?? '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const error = errors.license?.message ?? failure;

  async function submit(values: z.output<typeof licenseInputSchema>) {
    setFailure(null);
    try {
      const r = await save({ variables: { license: values.license ?? '' } });
      const saved = r.data?.updateMyLicense;
      form.reset({ license: saved?.license ?? '' });
      toast({
        title: formatMessage(messages.saved),
        description: formatMessage(
          saved?.licenseVerified ? messages.verified : saved?.license ? messages.pending : messages.removed,
        ),
      });
    } catch (e) {
      setFailure((CombinedGraphQLErrors.is(e) ? e.errors[0]?.message : null) ?? formatMessage(messages.failed));
    }
  }

  return (
    <form className="mt-3 space-y-2" onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate>
      <label htmlFor={ids.field} className="block text-sm font-medium text-gray-900">
        {formatMessage(messages.label)}
      </label>
      <input
        id={ids.field}
        inputMode="text"
        autoComplete="off"
        placeholder="10401234567"
        aria-invalid={error ? true : undefined}
        aria-describedby={[ids.help, error ? ids.error : null].filter(Boolean).join(' ')}
        readOnly={isSubmitting}
        className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-500"
        {...form.register('license')}
      />
      <p id={ids.help} className="text-xs text-gray-600">
        {verified ? formatMessage(messages.verifiedHelp) : formatMessage(messages.notVerified)}
      </p>
      {error ? (
        <p id={ids.error} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={isSubmitting || !isDirty}>
        {isSubmitting ? (
          <>
            <Spinner className="size-4" /> {formatMessage(messages.saving)}
          </>
        ) : (
          formatMessage(messages.save)
        )}
      </Button>
    </form>
  );
}
