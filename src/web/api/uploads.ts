import { manageApiPaths } from '#core/manage-api-paths';
import { uploadsMessages } from '#core/messages/uploads';
import { apiUpload, type UploadOptions } from '#web/lib/api-upload';

/** What an image is for; the server crops and bounds each kind (docs/decisions/0005-image-uploads.md). */
export type ImageKind = 'banner' | 'icon' | 'profile';

/**
 * The size each kind is stored at, shown as the ideal size (spec section 9: banner 1200x300, icon
 * 200x200; the profile picture is kept at 400x400).
 */
export const IDEAL_IMAGE_SIZE: Record<ImageKind, { width: number; height: number }> = {
  banner: { width: 1200, height: 300 },
  icon: { width: 200, height: 200 },
  profile: { width: 400, height: 400 },
};

interface UploadResult {
  success: boolean;
  url?: string;
  message?: string;
}

/**
 * POST /api/upload (multipart: `kind`, then `file`) -> {success, url, message}. Resolves to the
 * stored image's URL, which goes into the form field.
 */
export async function uploadImage(file: File, kind: ImageKind, options: UploadOptions = {}): Promise<string> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  const result = await apiUpload<UploadResult | undefined>(manageApiPaths.upload, form, options);
  if (!result?.success || !result.url) throw new Error(result?.message || uploadsMessages.failed);
  return result.url;
}
