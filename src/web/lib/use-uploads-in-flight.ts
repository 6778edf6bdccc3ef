import { useState } from 'react';

/**
 * How many image uploads of a form are still running, and the callback the drop zones report to.
 * The submit button waits while any is.
 */
export function useUploadsInFlight(): { isUploading: boolean; onUploadingChange: (isUploading: boolean) => void } {
  const [uploadsInFlight, setUploadsInFlight] = useState(0);
  const onUploadingChange = (isUploading: boolean) => setUploadsInFlight((n) => n + (isUploading ? 1 : -1));
  return { isUploading: uploadsInFlight > 0, onUploadingChange };
}
