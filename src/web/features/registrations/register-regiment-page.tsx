import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import type { AuthUser } from '#core/api';
import { LIMITS } from '#core/constants';
import { commonMessages } from '#core/messages/common';
import { homeMessages } from '#core/messages/home';
import { registrationsMessages } from '#core/messages/registrations';
import { regimentRegistrationFormSchema, type RegimentRegistrationForm, type RegimentRegistrationFormInput } from '#core/schemas/registration';
import { useAuth } from '#web/api/auth';
import { useSubmitRegimentRegistration } from '#web/api/registrations';
import { sidesQueryOptions } from '#web/api/sides';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/feedback';
import { Input, Select, Textarea } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { RegimentImageFields } from '#web/components/domain/regiment-image-fields';
import { cn } from '#web/lib/cn';
import { toast } from '#web/lib/toast-store';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useUploadsInFlight } from '#web/lib/use-uploads-in-flight';
import { RedirectWithNotice } from '#web/components/redirect-with-notice';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { requireRegimentRegistrant } from './registration-access';
import { describeRegistrationFailure } from './registration-failure';
import { RegistrationLayout } from './registration-layout';
import { useRedirectHomeSoon } from './use-redirect-home-soon';
import { RejectedRequestNotes, useRejectedRequest } from './rejected-request';

const PAGE_TITLE = homeMessages.registerRegiment;

const EMPTY_REGIMENT: RegimentRegistrationFormInput = {
  name: '',
  description: '',
  sideId: '',
  bannerImageUrl: null,
  iconImageUrl: null,
};

/** /register-regiment (spec sections 2 and 5): a signed-in user asks for a regiment to be added. */
function RegisterRegimentPage() {
  useDocumentTitle(PAGE_TITLE);
  const { user, isLoading } = useAuth();
  const access = requireRegimentRegistrant({ user, isAuthLoading: isLoading });

  if (access.kind === 'pending') return <Spinner label={commonMessages.checkingAccount} />;
  if (access.kind === 'redirect') return <RedirectWithNotice redirect={access} />;
  return (
    <RegistrationLayout title={PAGE_TITLE} intro="Add your regiment so that its officers can be found and rated." Icon={Flag}>
      <RegimentRegistrationStart user={access.user} />
    </RegistrationLayout>
  );
}

/** An empty form, or after 'Apply again' the rejected request's values and the administrator's notes. */
function RegimentRegistrationStart({ user }: { user: AuthUser }) {
  const again = useRejectedRequest(user.id, 'regiment');
  // The side is a native select: it shows a refilled side only when its options are there at mount.
  const sides = useQuery(sidesQueryOptions());
  if (again.isPending || (again.request && sides.isPending)) return <Spinner />;
  if (!again.request) return <RegimentRegistrationForm user={user} />;
  const { name, description, sideId, bannerImageUrl, iconImageUrl } = again.request;
  return (
    <>
      <RejectedRequestNotes request={again.request} />
      <RegimentRegistrationForm
        user={user}
        defaultValues={{ name, description: description ?? '', sideId: sideId === null ? '' : String(sideId), bannerImageUrl, iconImageUrl }}
      />
    </>
  );
}

function RegimentRegistrationForm({ user, defaultValues = EMPTY_REGIMENT }: { user: AuthUser; defaultValues?: RegimentRegistrationFormInput }) {
  const sides = useQuery(sidesQueryOptions());
  const submitRegistration = useSubmitRegimentRegistration();
  const redirectHomeSoon = useRedirectHomeSoon();
  const { isUploading, onUploadingChange } = useUploadsInFlight();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegimentRegistrationFormInput, unknown, RegimentRegistrationForm>({
    resolver: zodResolver(regimentRegistrationFormSchema),
    defaultValues,
  });

  const isSubmitting = submitRegistration.isPending || submitRegistration.isSuccess;

  const submit = (values: RegimentRegistrationForm) =>
    submitRegistration.mutate(
      { ...values, userId: user.id },
      {
        onSuccess: () => {
          toast({ title: registrationsMessages.regimentSubmittedTitle, description: registrationsMessages.regimentSubmitted });
          redirectHomeSoon();
        },
        onError: (error) => toast({ ...describeRegistrationFailure(error), variant: 'destructive' }),
      },
    );

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="space-y-5">
      <FormField label="Regiment Name" error={errors.name?.message}>
        {(field) => <Input {...field} autoComplete="off" {...register('name')} />}
      </FormField>

      <FormField label="Side" hint={registrationsMessages.sideHint} error={errors.sideId?.message}>
        {(field) => (
          <Select {...field} disabled={sides.isPending} {...register('sideId')}>
            <option value="">{sides.isPending ? 'Loading sides…' : 'Select a side'}</option>
            {sides.data?.map((side) => (
              <option key={side.id} value={String(side.id)}>
                {side.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {sides.isError && <LoadFailedAlert title="The sides could not be loaded." error={sides.error} onRetry={() => void sides.refetch()} />}

      <FormField label="Regiment Description" optional error={errors.description?.message}>
        {(field) => (
          <div className="space-y-1">
            <Textarea {...field} rows={6} placeholder="Who you are, when you muster, what you play." {...register('description')} />
            <DescriptionCounter control={control} />
          </div>
        )}
      </FormField>

      <RegimentImageFields control={control} isSubmitting={isSubmitting} onUploadingChange={onUploadingChange} />

      <div className="flex justify-end">
        <Button type="submit" variant="brass" disabled={isSubmitting || isUploading}>
          {isSubmitting ? 'Submitting…' : isUploading ? commonMessages.uploadingImage : registrationsMessages.submitRegistration}
        </Button>
      </div>
    </form>
  );
}

/** 'x/250'; turns red past the limit, where the schema's message explains. */
function DescriptionCounter({ control }: { control: Control<RegimentRegistrationFormInput> }) {
  const description = useWatch({ control, name: 'description' }) ?? '';
  const isOver = description.length > LIMITS.regimentDescriptionMax;
  return (
    <p className={cn('text-right text-xs tabular-nums', isOver ? 'font-semibold text-red-700' : 'text-stone-500')}>
      {description.length}/{LIMITS.regimentDescriptionMax}
      <span className="sr-only"> characters</span>
    </p>
  );
}

export { RegisterRegimentPage as Component };
