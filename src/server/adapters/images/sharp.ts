/**
 * sharp (libvips), set up once for the process: its two users, the uploads (process-image.ts) and
 * the link preview cards (features/cards/draw-card.ts), import it from here.
 *
 * libvips' operation cache is off. It keeps the results of the last 100 operations (up to 50 MB)
 * to answer the same operation on the same input again, and no input here comes twice: every
 * upload is a new file, and a card drawn before is answered by the response cache before it
 * reaches sharp. Measured on the benchmark's card rows (the hot cards, then one card for every
 * public officer): the app's RSS peaked at 370 and 378 MiB with the cache, 324 and 329 MiB
 * without, and ended at 324 against 272-300 MiB, for the same cards per second (108 against 111).
 */
import sharp from 'sharp';

sharp.cache(false);

export default sharp;
