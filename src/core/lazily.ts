/**
 * A value made on its first use, then kept. For the Intl collators and formatters that modules
 * would otherwise build as they load: each loads ICU data (the first date formatter of a page took
 * 135 ms at Lighthouse's 4x slowdown, in the one long task that evaluates the app's code), and a page
 * that never sorts by name or shows such a time never needs them.
 */
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}
