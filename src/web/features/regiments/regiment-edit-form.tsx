import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { Regiment } from '#core/api';
import { LIMITS } from '#core/constants';
import { commonMessages } from '#core/messages/common';
import { regimentEditBodySchema, type RegimentEditBody, type RegimentEditFormInput } from '#core/schemas/manage';
import { Button } from '#web/components/ui/button';
import { Input, Textarea } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { RegimentImageFields } from '#web/components/domain/regiment-image-fields';
import { useUploadsInFlight } from '#web/lib/use-uploads-in-flight';
import { RegimentFactsFields } from './regiment-facts-fields';

interface RegimentEditFormProps {
  regiment: Regiment;
  isSubmitting: boolean;
  onSubmit: (values: RegimentEditBody) => void;
  onCancel: () => void;
}

/**
 * The regiment edit form (spec section 7: PATCH /api/regiments/{id}/edit {name, description,
 * bannerImageUrl, iconImageUrl}, and the finder's facts, issue 36, item 5); the side does not
 * change. Same rules and messages as registration.
 */
export function RegimentEditForm({ regiment, isSubmitting, onSubmit, onCancel }: RegimentEditFormProps) {
  const { isUploading, onUploadingChange } = useUploadsInFlight();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegimentEditFormInput, unknown, RegimentEditBody>({
    resolver: zodResolver(regimentEditBodySchema),
    defaultValues: {
      name: regiment.name,
      description: regiment.description ?? '',
      bannerImageUrl: regiment.bannerImageUrl,
      iconImageUrl: regiment.iconImageUrl,
      region: regiment.region ?? '',
      timeZone: regiment.timeZone ?? '',
      languages: regiment.languages,
      schedule: regiment.schedule,
      minimumAge: regiment.minimumAge ?? '',
      recruiting: regiment.recruiting,
      discordInvite: regiment.discordInvite ?? '',
    },
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <FormField label="Regiment Name" error={errors.name?.message}>
        {(field) => <Input {...field} autoComplete="off" {...register('name')} />}
      </FormField>
      <FormField
        label="Regiment Description"
        optional
        hint={`At most ${LIMITS.regimentDescriptionMax} characters.`}
        error={errors.description?.message}
      >
        {(field) => <Textarea {...field} rows={6} {...register('description')} />}
      </FormField>
      <RegimentImageFields control={control} isSubmitting={isSubmitting} onUploadingChange={onUploadingChange} />
      <RegimentFactsFields control={control} register={register} errors={errors} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="brass" disabled={isSubmitting || isUploading}>
          {isSubmitting ? 'Saving…' : isUploading ? commonMessages.uploadingImage : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
