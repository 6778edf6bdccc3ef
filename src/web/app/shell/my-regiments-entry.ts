import type { OwnedRegiment } from '#core/api';

/**
 * What the user menu's 'My Regiment(s)' entry does (spec section 2, App shell): with one regiment it
 * goes straight to /regiment/{id}; with several it opens 'Select Your Regiment'; with none it is not
 * shown. While the list loads, or if it failed, the entry opens the dialog, which shows the loading or
 * error entry.
 */
type MyRegimentsEntry = { kind: 'hidden' } | { kind: 'link'; to: string } | { kind: 'dialog' };

interface MyRegimentsState {
  regiments: OwnedRegiment[] | undefined;
  isPending: boolean;
  isError: boolean;
}

export function chooseMyRegimentsEntry({ regiments, isPending, isError }: MyRegimentsState): MyRegimentsEntry {
  // A failed background refetch keeps the list we already have.
  if (!regiments) return isPending || isError ? { kind: 'dialog' } : { kind: 'hidden' };
  if (regiments.length === 0) return { kind: 'hidden' };
  if (regiments.length === 1) return { kind: 'link', to: `/regiment/${regiments[0]!.id}` };
  return { kind: 'dialog' };
}
