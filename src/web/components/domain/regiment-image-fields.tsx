import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { ImageField, type ImageFieldProps, type ImageUrl } from '#web/components/ui/image-field';

type RegimentImages = { bannerImageUrl?: ImageUrl; iconImageUrl?: ImageUrl };

/**
 * The banner and icon of a regiment (spec section 5), the same in registration and edit. The casts:
 * TypeScript cannot see that a field named in `RegimentImages` is a path of every `T` that has it.
 */
export function RegimentImageFields<T extends FieldValues & RegimentImages>({
  control,
  isSubmitting,
  onUploadingChange,
}: Pick<ImageFieldProps<T>, 'control' | 'isSubmitting' | 'onUploadingChange'>) {
  const common = { control, isSubmitting, onUploadingChange };
  return (
    <>
      <ImageField {...common} name={'bannerImageUrl' as FieldPathByValue<T, ImageUrl>} label="Banner Image" kind="banner" />
      <ImageField {...common} name={'iconImageUrl' as FieldPathByValue<T, ImageUrl>} label="Regiment Icon" kind="icon" />
    </>
  );
}
