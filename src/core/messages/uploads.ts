/** Image uploads (spec sections 5 and 8, Upload); the server's refusals follow 'Failed to upload image: '. */
export const uploadsMessages = {
  failed: 'Upload failed',
  failedToUpload: (message: string) => `Failed to upload image: ${message}`,
  notAnImage: 'Please choose an image file.',
  aborted: 'The upload was aborted.',
  uploaded: 'Image uploaded successfully',
  unsupported: 'Unsupported image type. Please upload a PNG, JPEG, WebP or GIF image.',
  tooLarge: 'Image is too large. The maximum size is 5 MB.',
  tooManyPixels: 'Image dimensions are too large. The maximum is 10000 pixels per side and 40 megapixels in total.',
  unreadable: 'The image could not be read. It may be damaged; please try another file.',
  noFile: 'No image was uploaded. Please choose an image file.',
  oneFile: 'Please upload one image at a time.',
  notMultipart: 'The image must be sent as multipart/form-data in the field "file".',
  badKind: 'Unknown image kind. Use banner, icon or profile.',
} as const;
