import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { ImageKind } from '#web/api/uploads';
import { ImageDropZone } from './image-drop-zone';

export type ImageUrl = string | null | undefined;

export interface ImageFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPathByValue<T, ImageUrl>;
  label: string;
  kind: ImageKind;
  isSubmitting: boolean;
  onUploadingChange: (isUploading: boolean) => void;
}

/** An optional image of a form: a drop zone that uploads and holds the URL the server gave. */
export function ImageField<T extends FieldValues>({ control, name, label, kind, isSubmitting, onUploadingChange }: ImageFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageDropZone
          label={label}
          kind={kind}
          optional
          value={field.value ?? null}
          onChange={field.onChange}
          onUploadingChange={onUploadingChange}
          disabled={isSubmitting}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
