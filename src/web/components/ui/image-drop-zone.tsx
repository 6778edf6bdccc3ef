import { ImagePlus, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { uploadsMessages } from '#core/messages/uploads';
import { IDEAL_IMAGE_SIZE, uploadImage, type ImageKind } from '#web/api/uploads';
import { errorMessage } from '#web/lib/api-client';
import { cn } from '#web/lib/cn';
import { Button } from './button';
import { Alert } from './feedback';
import { FieldError } from './form';

interface ImageDropZoneProps {
  /** The field's name on screen, e.g. 'Banner Image'; also the accessible name of the file input. */
  label: string;
  kind: ImageKind;
  /** The stored image's URL, or null for none. */
  value: string | null;
  /** Receives the uploaded image's URL, or null when the image is removed. */
  onChange: (url: string | null) => void;
  /** Told when an upload starts and ends, so a form can wait for it before submitting. */
  onUploadingChange?: (isUploading: boolean) => void;
  disabled?: boolean;
  optional?: boolean;
  /** A validation message for the field. */
  error?: string;
}

const PREVIEW_SHAPE: Record<ImageKind, string> = {
  banner: 'aspect-[4/1] w-full rounded-md',
  icon: 'h-32 w-32 rounded-md',
  profile: 'h-32 w-32 rounded-full',
};

/**
 * An image field (spec section 5, Image upload): drop an image on it or choose one (the file input is
 * the keyboard control, so Tab, Enter and Space work as for any file field). The image is uploaded at
 * once (POST /api/upload) with a progress bar and previewed from the local file; the field's value is
 * the URL the server answers. A failed upload says 'Failed to upload image: ...' with the reason.
 */
export function ImageDropZone({ label, kind, value, onChange, onUploadingChange, disabled, optional, error }: ImageDropZoneProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [isDragging, setDragging] = useState(false);
  const currentUpload = useRef<AbortController | null>(null);
  const previewRef = useRef<string | null>(null);

  const showPreview = (url: string | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = url;
    setLocalPreview(url);
  };

  // Leaving the form stops an upload in flight and frees the preview.
  useEffect(
    () => () => {
      const upload = currentUpload.current;
      currentUpload.current = null;
      upload?.abort();
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const isUploading = progress !== null;
  const preview = localPreview ?? value;
  const { width, height } = IDEAL_IMAGE_SIZE[kind];

  async function upload(file: File) {
    setUploadError(null);
    if (!file.type.startsWith('image/')) {
      setUploadError(uploadsMessages.failedToUpload(uploadsMessages.notAnImage));
      return;
    }
    // A new file replaces one still uploading (which already told the form it is uploading).
    const replaced = currentUpload.current;
    replaced?.abort();
    const controller = new AbortController();
    currentUpload.current = controller;
    showPreview(URL.createObjectURL(file));
    setProgress(0);
    if (!replaced) onUploadingChange?.(true);
    try {
      const url = await uploadImage(file, kind, { signal: controller.signal, onProgress: setProgress });
      if (currentUpload.current === controller) onChange(url);
    } catch (failure) {
      if (currentUpload.current === controller) {
        showPreview(null);
        setUploadError(uploadsMessages.failedToUpload(errorMessage(failure, uploadsMessages.failed)));
      }
    } finally {
      if (currentUpload.current === controller) {
        currentUpload.current = null;
        setProgress(null);
        onUploadingChange?.(false);
      }
    }
  }

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again is a change too.
    event.target.value = '';
    if (file) void upload(file);
  };

  const dragHandlers = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      if (!disabled) setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file && !disabled) void upload(file);
    },
  };

  const remove = () => {
    const upload = currentUpload.current;
    currentUpload.current = null;
    if (upload) {
      upload.abort();
      setProgress(null);
      onUploadingChange?.(false);
    }
    showPreview(null);
    setUploadError(null);
    onChange(null);
  };

  const dropZoneClass = cn(
    'rounded-lg border-2 border-dashed p-4 transition-colors',
    isDragging ? 'border-primary bg-primary/5' : 'border-stone-300 bg-stone-50',
    error && 'border-red-600',
  );

  return (
    <div role="group" aria-labelledby={labelId} className="space-y-1.5">
      <p id={labelId} className="text-sm font-medium text-ink">
        {label}
        {optional && <span className="font-normal text-stone-500"> (optional)</span>}
      </p>
      <input
        ref={inputRef}
        id={`${id}-file`}
        type="file"
        accept="image/*"
        className="peer sr-only"
        aria-labelledby={labelId}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        // With a preview shown, 'Replace image' is the keyboard control.
        tabIndex={preview ? -1 : undefined}
        disabled={disabled}
        onChange={onFileChosen}
      />
      {preview ? (
        <div className={cn(dropZoneClass, 'space-y-3')} {...dragHandlers}>
          <img src={preview} alt={`${label} preview`} className={cn('border border-stone-200 bg-surface object-cover', PREVIEW_SHAPE[kind])} />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" aria-label={`Replace image: ${label}`} disabled={disabled} onClick={() => inputRef.current?.click()}>
              <RefreshCw className="h-4 w-4" aria-hidden />
              Replace image
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              aria-label={`Remove image: ${label}`}
              disabled={disabled}
              onClick={remove}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
              Remove image
            </Button>
          </div>
        </div>
      ) : (
        <label
          htmlFor={`${id}-file`}
          className={cn(
            dropZoneClass,
            'flex cursor-pointer flex-col items-center gap-2 py-6 text-center text-sm text-stone-600 hover:bg-stone-100',
            'peer-focus-visible:ring-2 peer-focus-visible:ring-primary/40',
            disabled && 'cursor-not-allowed opacity-60',
          )}
          {...dragHandlers}
        >
          <ImagePlus className="h-8 w-8 text-stone-400" aria-hidden />
          <span>
            <span className="font-medium text-primary">Click to choose an image</span> or drag and drop it here
          </span>
        </label>
      )}
      <p id={hintId} className="text-xs text-stone-500">
        Ideal size: {width}x{height} pixels. PNG, JPEG, WebP or GIF, at most 5 MB.
      </p>
      {isUploading && (
        <div className="flex items-center gap-3 text-xs text-stone-600">
          <progress className="h-2 flex-1" max={100} value={Math.round(progress * 100)} aria-label={`Uploading ${label}`} />
          <span aria-hidden>{Math.round(progress * 100)}%</span>
        </div>
      )}
      {uploadError && <Alert variant="destructive">{uploadError}</Alert>}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
