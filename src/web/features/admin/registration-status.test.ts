import { describe, expect, it } from 'vitest';
import { isPendingRegistration, registrationStatusLabel, splitRegistrations } from './registration-status';

describe('registrationStatusLabel', () => {
  it.each([
    ['approved', 'Approved'],
    ['rejected', 'Rejected'],
    // Spec section 4: the badge shows 'Rejected' for anything that is not approved.
    ['withdrawn', 'Rejected'],
    ['', 'Rejected'],
  ])('%j reads %s', (status, label) => {
    expect(registrationStatusLabel(status)).toBe(label);
  });
});

describe('splitRegistrations', () => {
  it('puts pending requests in one list and everything else in the other, keeping the order', () => {
    const list = [
      { id: 1, status: 'pending' },
      { id: 2, status: 'approved' },
      { id: 3, status: 'pending' },
      { id: 4, status: 'rejected' },
      { id: 5, status: 'something-else' },
    ];
    const { pending, processed } = splitRegistrations(list);
    expect(pending.map((r) => r.id)).toEqual([1, 3]);
    expect(processed.map((r) => r.id)).toEqual([2, 4, 5]);
  });

  it('returns two empty lists for no requests', () => {
    expect(splitRegistrations([])).toEqual({ pending: [], processed: [] });
  });

  it('calls only the exact status pending', () => {
    expect(isPendingRegistration({ status: 'pending' })).toBe(true);
    expect(isPendingRegistration({ status: 'Pending' })).toBe(false);
  });
});
