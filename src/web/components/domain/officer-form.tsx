import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { byNameThenId } from '#core/names';
import type { Regiment } from '#core/api';
import { commonMessages } from '#core/messages/common';
import { registrationsMessages } from '#core/messages/registrations';
import { officerRegistrationFormSchema, type OfficerRegistrationForm, type OfficerRegistrationFormInput } from '#core/schemas/registration';
import { regimentsQueryOptions } from '#web/api/regiments';
import { useUploadsInFlight } from '#web/lib/use-uploads-in-flight';
import { Button } from '#web/components/ui/button';
import { Input, Select } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { ImageField } from '#web/components/ui/image-field';

export type OfficerFormValues = OfficerRegistrationForm;

const EMPTY_OFFICER: OfficerRegistrationFormInput = { name: '', rank: '', regimentId: '', profileImageUrl: null };

interface OfficerFormProps {
  /** The officer as it is, when editing; a registration starts empty. */
  defaultValues?: OfficerRegistrationFormInput;
  submitLabel: string;
  pendingLabel: string;
  isSubmitting: boolean;
  onSubmit: (values: OfficerFormValues) => void;
  onCancel?: () => void;
}

/**
 * The officer fields of spec section 5 (Officer registration and Officer edit, which follow the same
 * rules): name, rank, regiment chosen from /api/regiments, and an optional profile image. Used by
 * /register-officer and the edit dialog of /officer/{id}. Validation is the shared schema, so the
 * messages are the server's.
 */
export function OfficerForm({ defaultValues = EMPTY_OFFICER, submitLabel, pendingLabel, isSubmitting, onSubmit, onCancel }: OfficerFormProps) {
  const regiments = useQuery(regimentsQueryOptions());
  const { isUploading, onUploadingChange } = useUploadsInFlight();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OfficerRegistrationFormInput, unknown, OfficerRegistrationForm>({
    resolver: zodResolver(officerRegistrationFormSchema),
    defaultValues: { ...defaultValues, regimentId: String(defaultValues.regimentId ?? '') },
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <FormField label="Officer Name" error={errors.name?.message}>
        {(field) => <Input {...field} autoComplete="off" {...register('name')} />}
      </FormField>
      <FormField label="Rank" hint={registrationsMessages.rankHint} error={errors.rank?.message}>
        {(field) => <Input {...field} placeholder="Col." autoComplete="off" {...register('rank')} />}
      </FormField>
      {/* Controlled: when editing, the officer's regiment shows as chosen once the list arrives. */}
      <Controller
        control={control}
        name="regimentId"
        render={({ field: { value, onChange, onBlur, name }, fieldState }) => (
          <FormField label="Regiment" error={fieldState.error?.message}>
            {(field) => (
              <Select {...field} name={name} value={String(value ?? '')} onChange={onChange} onBlur={onBlur} disabled={regiments.isPending}>
                <option value="">{regiments.isPending ? 'Loading regiments…' : 'Select a regiment'}</option>
                <RegimentOptions regiments={regiments.data ?? []} />
              </Select>
            )}
          </FormField>
        )}
      />
      {regiments.isError && (
        <LoadFailedAlert title="The regiments could not be loaded." error={regiments.error} onRetry={() => void regiments.refetch()} />
      )}
      <ImageField
        control={control}
        name="profileImageUrl"
        label="Profile Image"
        kind="profile"
        isSubmitting={isSubmitting}
        onUploadingChange={onUploadingChange}
      />
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="brass" disabled={isSubmitting || isUploading}>
          {isSubmitting ? pendingLabel : isUploading ? commonMessages.uploadingImage : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The regiments grouped by side, each side's in name order. */
function RegimentOptions({ regiments }: { regiments: Regiment[] }) {
  const sides = [...new Set(regiments.map((regiment) => regiment.sideName))].sort();
  return sides.map((side) => (
    <optgroup key={side} label={side}>
      {regiments
        .filter((regiment) => regiment.sideName === side)
        .sort(byNameThenId)
        .map((regiment) => (
          <option key={regiment.id} value={String(regiment.id)}>
            {regiment.name}
          </option>
        ))}
    </optgroup>
  ));
}
