import { describe, expect, it } from 'vitest';
import { chooseMyRegimentsEntry } from './my-regiments-entry';

const regiment = (id: number) => ({ id, name: `Regiment ${id}` });

describe('chooseMyRegimentsEntry', () => {
  it('goes straight to the one regiment', () => {
    expect(chooseMyRegimentsEntry({ regiments: [regiment(3)], isPending: false, isError: false })).toEqual({ kind: 'link', to: '/regiment/3' });
  });

  it('opens the dialog for several', () => {
    expect(chooseMyRegimentsEntry({ regiments: [regiment(3), regiment(4)], isPending: false, isError: false })).toEqual({ kind: 'dialog' });
  });

  it('is hidden without regiments', () => {
    expect(chooseMyRegimentsEntry({ regiments: [], isPending: false, isError: false })).toEqual({ kind: 'hidden' });
  });

  it('opens the dialog, with its loading or error entry, while loading or after a failure', () => {
    expect(chooseMyRegimentsEntry({ regiments: undefined, isPending: true, isError: false })).toEqual({ kind: 'dialog' });
    expect(chooseMyRegimentsEntry({ regiments: undefined, isPending: false, isError: true })).toEqual({ kind: 'dialog' });
  });

  it('keeps the list it has when a refetch fails', () => {
    expect(chooseMyRegimentsEntry({ regiments: [regiment(3)], isPending: false, isError: true })).toEqual({ kind: 'link', to: '/regiment/3' });
  });
});
