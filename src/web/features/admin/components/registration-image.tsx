import { cn } from '#web/lib/cn';

interface SubmittedImage {
  src: string | null;
  alt: string;
  className?: string;
}

/** The images of a request, small, each opening the full image in a new tab; 'None' when there are none. */
export function RegistrationImages({ images }: { images: SubmittedImage[] }) {
  const present = images.filter((image): image is SubmittedImage & { src: string } => Boolean(image.src));
  if (present.length === 0) return <span className="text-stone-500">None</span>;
  return (
    <div className="flex items-center gap-2">
      {present.map((image) => (
        <a
          key={image.alt}
          href={image.src}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-block shrink-0 rounded border border-stone-200 hover:ring-2 hover:ring-brass"
        >
          <img src={image.src} alt={image.alt} loading="lazy" className={cn('h-10 w-10 rounded object-cover', image.className)} />
        </a>
      ))}
    </div>
  );
}

/** A submitted image at full size inside the decision dialog, or the text saying there is none. */
export function RegistrationImagePreview({ src, alt, emptyText, className }: SubmittedImage & { emptyText: string }) {
  if (!src) return <span className="text-stone-500">{emptyText}</span>;
  return <img src={src} alt={alt} className={cn('max-h-48 rounded border border-stone-200 object-contain', className)} />;
}
