// /me/profile (issue 59 item 6): every signed-in person's own details (name, photo, language, e-mail),
// an agent's public profile with a preview of how /agents/:id shows it, and 'Delete my account'.
import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { agentProfileInputSchema, AGENT_BIO_MAX } from '@common/agent-profile';
import { updateProfileSchema } from '@common/auth';
import { defineMessages, formatMessage } from '@common/i18n/messages';
import { LOCALE_NAMES, LOCALES, type Locale } from '@common/i18n/locales';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import {
  DeleteMyAccountMutation,
  MyProfileQuery,
  UpdateMyAgentProfileMutation,
  UpdateMyProfileMutation,
} from '@/features/account/operations';
import { SignedOutNotice } from '@/features/auth/signed-out-notice';
import { PhoneChange } from '@/features/auth/phone-change';
import { useAuth } from '@/features/auth/use-auth';
import { uploadPhoto } from '@/features/listing-form/upload';
import type { MyProfileQuery as MyProfileData } from '@/gql/graphql';
import { useQuery } from '@/lib/apollo/use-query';
import { useDocumentTitle } from '@/lib/use-document-title';

const messages = defineMessages({
  title: { id: 'profile.title', defaultMessage: 'My profile' },
  description: { id: 'profile.description', defaultMessage: 'Your details, how we e-mail you, and your account.' },
  logIn: { id: 'profile.logIn', defaultMessage: 'Please Log In' },
  logInHint: { id: 'profile.logInHint', defaultMessage: 'You need to be logged in to see your profile.' },
  loading: { id: 'profile.loading', defaultMessage: 'Loading your profile…' },
  loadFailed: { id: 'profile.loadFailed', defaultMessage: 'Your profile could not be loaded.' },
  details: { id: 'profile.details', defaultMessage: 'Your details' },
  firstName: { id: 'profile.firstName', defaultMessage: 'First name' },
  lastName: { id: 'profile.lastName', defaultMessage: 'Last name' },
  email: { id: 'profile.email', defaultMessage: 'E-mail' },
  phoneSaved: { id: 'profile.phoneSaved', defaultMessage: 'Phone changed' },
  language: { id: 'profile.language', defaultMessage: 'Language' },
  emailMessages: { id: 'profile.emailMessages', defaultMessage: 'E-mail me about messages that arrive while I am away' },
  save: { id: 'profile.save', defaultMessage: 'Save changes' },
  saving: { id: 'profile.saving', defaultMessage: 'Saving…' },
  saved: { id: 'profile.saved', defaultMessage: 'Profile saved' },
  saveFailed: { id: 'profile.saveFailed', defaultMessage: 'Your changes could not be saved. Please try again.' },
  photo: { id: 'profile.photo', defaultMessage: 'Photo' },
  changePhoto: { id: 'profile.changePhoto', defaultMessage: 'Change photo' },
  removePhoto: { id: 'profile.removePhoto', defaultMessage: 'Remove photo' },
  uploading: { id: 'profile.uploading', defaultMessage: 'Uploading… {percent}%' },
  photoSaved: { id: 'profile.photoSaved', defaultMessage: 'Photo saved' },
  publicProfile: { id: 'profile.publicProfile', defaultMessage: 'Your public agent profile' },
  publicHint: { id: 'profile.publicHint', defaultMessage: 'Renters see this on your profile page and beside your listings.' },
  bio: { id: 'profile.bio', defaultMessage: 'About you' },
  bioHint: { id: 'profile.bioHint', defaultMessage: 'Up to {max} characters.' },
  agency: { id: 'profile.agency', defaultMessage: 'Agency' },
  specialties: { id: 'profile.specialties', defaultMessage: 'Specialties' },
  specialtiesHint: { id: 'profile.specialtiesHint', defaultMessage: 'Separated by commas, up to 8.' },
  years: { id: 'profile.years', defaultMessage: 'Years of experience' },
  license: { id: 'profile.license', defaultMessage: 'License number: {license}' },
  noLicense: { id: 'profile.noLicense', defaultMessage: 'No license number yet.' },
  editLicense: { id: 'profile.editLicense', defaultMessage: 'Edit it on your public page' },
  preview: { id: 'profile.preview', defaultMessage: 'Preview' },
  previewYears: {
    id: 'profile.previewYears',
    defaultMessage: '{years, plural, =0 {New agent} one {# year of experience} other {# years of experience}}',
  },
  previewNoBio: { id: 'profile.previewNoBio', defaultMessage: 'No about text yet.' },
  viewPublic: { id: 'profile.viewPublic', defaultMessage: 'Open your public page' },
  danger: { id: 'profile.danger', defaultMessage: 'Delete my account' },
  dangerHint: {
    id: 'profile.dangerHint',
    defaultMessage: 'Deletes your account and your personal data for good. This cannot be undone.',
  },
  deleteButton: { id: 'profile.deleteButton', defaultMessage: 'Delete my account…' },
  deleteTitle: { id: 'profile.deleteTitle', defaultMessage: 'Delete your account?' },
  deleteGone: {
    id: 'profile.deleteGone',
    defaultMessage:
      'Deleted: your sign-in, name, e-mail, phone and photo, your saved homes and searches, notifications, RSVPs and uploads, the listings you own (renters with tours are told), and your upcoming tours (cancelled).',
  },
  deleteKept: {
    id: 'profile.deleteKept',
    defaultMessage:
      'Kept, without your name: your conversations, because they are the other person’s record too, and the reviews you wrote, shown as a former member’s, so that agents’ ratings stay fair.',
  },
  deleteConfirm: { id: 'profile.deleteConfirm', defaultMessage: 'Type DELETE to confirm' },
  deleteFinal: { id: 'profile.deleteFinal', defaultMessage: 'Delete my account' },
  cancel: { id: 'profile.cancel', defaultMessage: 'Cancel' },
  deleted: { id: 'profile.deleted', defaultMessage: 'Your account was deleted.' },
  deleteFailed: { id: 'profile.deleteFailed', defaultMessage: 'Your account could not be deleted. Please try again.' },
});

type Me = NonNullable<MyProfileData['me']>;

export default function MyProfileScreen() {
  useDocumentTitle(formatMessage(messages.title));
  const { user, loading: authLoading } = useAuth();
  const { data, loading, error, refetch } = useQuery(MyProfileQuery, { skip: !user, fetchPolicy: 'cache-and-network' });

  if (!authLoading && !user) {
    return (
      <PageContainer className="py-8">
        <PageHeader title={formatMessage(messages.title)} />
        <SignedOutNotice title={formatMessage(messages.logIn)}>{formatMessage(messages.logInHint)}</SignedOutNotice>
      </PageContainer>
    );
  }
  const me = data?.me ?? null;
  return (
    <PageContainer className="py-8">
      <PageHeader title={formatMessage(messages.title)} description={formatMessage(messages.description)} />
      <div className="mt-6 space-y-8">
        {error && !me ? (
          <LoadError onRetry={refetch}>{formatMessage(messages.loadFailed)}</LoadError>
        ) : !me && (loading || authLoading || !data) ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">{formatMessage(messages.loading)}</span>
            <Skeleton className="h-48 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : me ? (
          <>
            <DetailsSection me={me} />
            {me.agent ? <AgentSection me={me} agent={me.agent} /> : null}
            <DeleteSection />
          </>
        ) : null}
      </div>
    </PageContainer>
  );
}

const section = 'rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6';
const heading = 'text-lg font-semibold text-gray-900';

const detailsSchema = updateProfileSchema
  .pick({ firstName: true, lastName: true })
  .required()
  .extend({
    locale: z.enum(['', ...LOCALES]),
    emailMessages: z.boolean(),
  });
type DetailsValues = z.input<typeof detailsSchema>;

function DetailsSection({ me }: { me: Me }) {
  const [save, { loading: saving }] = useMutation(UpdateMyProfileMutation);
  const [savePhone] = useMutation(UpdateMyProfileMutation);
  const form = useForm<DetailsValues>({
    resolver: zodResolver(detailsSchema),
    defaultValues: {
      firstName: me.firstName,
      lastName: me.lastName,
      locale: (me.locale as Locale | null) ?? '',
      emailMessages: me.emailMessages,
    },
  });
  const { errors } = form.formState;
  const locale = useWatch({ control: form.control, name: 'locale' });

  async function onSubmit(values: DetailsValues) {
    try {
      await save({
        variables: {
          input: {
            firstName: values.firstName,
            lastName: values.lastName,
            locale: values.locale || null,
            emailMessages: values.emailMessages,
          },
        },
      });
      form.reset(values);
      toast({ title: formatMessage(messages.saved) });
      // Another language: the page is drawn again in it.
      if (values.locale && values.locale !== (me.locale ?? '')) window.location.assign(`/me/profile?lang=${values.locale}`);
    } catch {
      toast({ title: formatMessage(messages.saveFailed), variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="profile-details" className={section}>
      <h2 id="profile-details" className={heading}>
        {formatMessage(messages.details)}
      </h2>
      <PhotoField me={me} />
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-6 grid gap-4 sm:grid-cols-2">
        <TextField
          label={formatMessage(messages.firstName)}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label={formatMessage(messages.lastName)}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-gray-800">{formatMessage(messages.email)}</p>
          <p className="text-sm break-all text-gray-700">{me.email}</p>
        </div>
        <SelectField
          label={formatMessage(messages.language)}
          value={locale || 'en'}
          options={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
          onValueChange={(value) => form.setValue('locale', value, { shouldDirty: true })}
          className="w-full"
        />
        <label className="flex items-start gap-2 self-end text-sm text-gray-800 sm:col-span-2">
          <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" {...form.register('emailMessages')} />
          {formatMessage(messages.emailMessages)}
        </label>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={saving}>
            {formatMessage(saving ? messages.saving : messages.save)}
          </Button>
        </div>
      </form>
      <div className="mt-6 border-t border-gray-100 pt-4">
        <PhoneChange
          email={me.email}
          phone={me.phone ?? null}
          save={async (phone) => {
            await savePhone({ variables: { input: { phone } } });
            toast({ title: formatMessage(messages.phoneSaved) });
          }}
        />
      </div>
    </section>
  );
}

/** The photo, through the upload pipeline (shrunk in the browser when large), saved at once. */
function PhotoField({ me }: { me: Me }) {
  const [save] = useMutation(UpdateMyProfileMutation);
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const name = `${me.firstName} ${me.lastName}`.trim();

  async function setPhoto(photoUrl: string | null) {
    await save({ variables: { input: { photoUrl } } });
    toast({ title: formatMessage(messages.photoSaved) });
  }
  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProgress(0);
    try {
      const uploaded = await uploadPhoto(file, { draftId: 'profile', onProgress: setProgress });
      await setPhoto(uploaded.thumbnailUrl || uploaded.url);
    } catch (err) {
      toast({ title: err instanceof Error ? err.message : formatMessage(messages.saveFailed), variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="mt-4 flex flex-wrap items-center gap-4">
      <UserAvatar name={name} photoUrl={me.photoUrl} className="size-16 text-xl" />
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          className="sr-only"
          aria-label={formatMessage(messages.changePhoto)}
          tabIndex={-1}
          onChange={onFile}
        />
        <Button type="button" variant="outline" disabled={progress !== null} onClick={() => input.current?.click()}>
          {progress !== null ? formatMessage(messages.uploading, { percent: progress }) : formatMessage(messages.changePhoto)}
        </Button>
        {me.photoUrl ? (
          <Button
            type="button"
            variant="ghost"
            disabled={progress !== null}
            onClick={() =>
              setPhoto(null).catch(() => toast({ title: formatMessage(messages.saveFailed), variant: 'destructive' }))
            }
          >
            {formatMessage(messages.removePhoto)}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

const agentFormSchema = z
  .object({ bio: z.string(), agency: z.string(), specialties: z.string(), yearsExperience: z.string() })
  .transform(
    (v): z.input<typeof agentProfileInputSchema> => ({
      bio: v.bio,
      agency: v.agency,
      specialties: v.specialties.split(','),
      yearsExperience: v.yearsExperience.trim() === '' ? 0 : Number(v.yearsExperience),
    }),
  )
  .pipe(agentProfileInputSchema);
type AgentFormValues = z.input<typeof agentFormSchema>;

function AgentSection({ me, agent }: { me: Me; agent: NonNullable<Me['agent']> }) {
  const [save, { loading: saving }] = useMutation(UpdateMyAgentProfileMutation);
  const form = useForm<AgentFormValues, unknown, z.output<typeof agentFormSchema>>({
    resolver: zodResolver(agentFormSchema),
    defaultValues: {
      bio: agent.bio ?? '',
      agency: agent.agency ?? '',
      specialties: agent.specialties.join(', '),
      yearsExperience: String(agent.yearsExperience),
    },
  });
  const { errors } = form.formState;
  const shown = useWatch({ control: form.control });

  async function onSubmit(values: z.output<typeof agentFormSchema>) {
    try {
      await save({ variables: { input: { ...values, specialties: values.specialties ?? [] } } });
      toast({ title: formatMessage(messages.saved) });
    } catch {
      toast({ title: formatMessage(messages.saveFailed), variant: 'destructive' });
    }
  }
  const years = Number(shown.yearsExperience) || 0;
  const specialties = (shown.specialties ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

  return (
    <section aria-labelledby="profile-agent" className={section}>
      <h2 id="profile-agent" className={heading}>
        {formatMessage(messages.publicProfile)}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{formatMessage(messages.publicHint)}</p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid content-start gap-4">
          <div className="space-y-1.5">
            <label htmlFor="agent-bio" className="block text-sm font-medium text-gray-800">
              {formatMessage(messages.bio)}
            </label>
            <textarea
              id="agent-bio"
              rows={5}
              aria-invalid={errors.bio ? true : undefined}
              aria-describedby="agent-bio-hint"
              className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              {...form.register('bio')}
            />
            <p id="agent-bio-hint" className={errors.bio ? 'text-sm text-red-700' : 'text-xs text-gray-500'}>
              {errors.bio?.message ?? formatMessage(messages.bioHint, { max: AGENT_BIO_MAX })}
            </p>
          </div>
          <TextField label={formatMessage(messages.agency)} error={errors.agency?.message} {...form.register('agency')} />
          <TextField
            label={formatMessage(messages.specialties)}
            hint={formatMessage(messages.specialtiesHint)}
            error={errors.specialties?.message}
            {...form.register('specialties')}
          />
          <TextField
            label={formatMessage(messages.years)}
            inputMode="numeric"
            error={errors.yearsExperience?.message}
            {...form.register('yearsExperience')}
          />
          <p className="text-sm text-gray-700">
            {agent.license ? formatMessage(messages.license, { license: agent.license }) : formatMessage(messages.noLicense)}{' '}
            <Link to={`/agents/${agent.id}`} className="text-brand-700 underline">
              {formatMessage(messages.editLicense)}
            </Link>
          </p>
          <div>
            <Button type="submit" disabled={saving}>
              {formatMessage(saving ? messages.saving : messages.save)}
            </Button>
          </div>
        </form>
        {/* How the public page shows it, as it is typed. */}
        <aside
          aria-label={formatMessage(messages.preview)}
          className="rounded-lg border border-dashed border-gray-300 bg-gray-50 p-4"
        >
          <p className="text-xs font-semibold tracking-wide text-gray-500 uppercase">{formatMessage(messages.preview)}</p>
          <div className="mt-3 flex items-center gap-3">
            <UserAvatar name={`${me.firstName} ${me.lastName}`} photoUrl={me.photoUrl} className="size-12" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-gray-900">
                {me.firstName} {me.lastName}
              </p>
              <p className="truncate text-sm text-gray-600">{shown.agency}</p>
              <p className="text-sm text-gray-600">{formatMessage(messages.previewYears, { years })}</p>
            </div>
          </div>
          {specialties.length ? (
            <ul className="mt-3 flex flex-wrap gap-1.5">
              {specialties.map((s) => (
                <li key={s} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs text-brand-800">
                  {s}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-3 text-sm break-words whitespace-pre-line text-gray-700">
            {shown.bio?.trim() || formatMessage(messages.previewNoBio)}
          </p>
          <Link to={`/agents/${agent.id}`} className="mt-3 inline-block text-sm text-brand-700 underline">
            {formatMessage(messages.viewPublic)}
          </Link>
        </aside>
      </div>
    </section>
  );
}

function DeleteSection() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [remove, { loading }] = useMutation(DeleteMyAccountMutation);
  const { signOut } = useAuth();
  const navigate = useNavigate();

  async function onDelete() {
    try {
      await remove({ variables: { confirm: typed } });
      await signOut().catch(() => undefined);
      toast({ title: formatMessage(messages.deleted) });
      navigate('/', { replace: true });
    } catch {
      toast({ title: formatMessage(messages.deleteFailed), variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="profile-delete" className={`${section} border-red-200`}>
      <h2 id="profile-delete" className={heading}>
        {formatMessage(messages.danger)}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{formatMessage(messages.dangerHint)}</p>
      <Button type="button" variant="destructive" className="mt-4" onClick={() => setOpen(true)}>
        {formatMessage(messages.deleteButton)}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent>
            <DialogTitle className="text-lg font-semibold text-gray-900">{formatMessage(messages.deleteTitle)}</DialogTitle>
            <DialogDescription className="mt-2 text-sm text-gray-700">{formatMessage(messages.deleteGone)}</DialogDescription>
            <p className="mt-2 text-sm text-gray-700">{formatMessage(messages.deleteKept)}</p>
            <TextField
              className="mt-4"
              label={formatMessage(messages.deleteConfirm)}
              value={typed}
              autoComplete="off"
              onChange={(event) => setTyped(event.target.value)}
            />
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {formatMessage(messages.cancel)}
              </Button>
              <Button type="button" variant="destructive" disabled={typed.trim() !== 'DELETE' || loading} onClick={onDelete}>
                {formatMessage(messages.deleteFinal)}
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </section>
  );
}
