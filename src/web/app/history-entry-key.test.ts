import { describe, expect, it } from 'vitest';
import { keyFreshHistoryEntry } from './history-entry-key';

/** A history with one entry whose state is `state`; records what replaceState wrote. */
function historyWith(state: unknown) {
  const fake = {
    state,
    replaceState(next: unknown) {
      fake.state = next;
    },
  };
  return fake;
}

describe('keyFreshHistoryEntry', () => {
  it('gives a freshly loaded entry (no state) a key of its own', () => {
    const history = historyWith(null);
    keyFreshHistoryEntry(history, () => 'k1');
    expect(history.state).toEqual({ key: 'k1' });
  });

  it('gives two fresh loads two different keys', () => {
    const first = historyWith(null);
    const second = historyWith(null);
    keyFreshHistoryEntry(first);
    keyFreshHistoryEntry(second);
    expect((first.state as { key: string }).key).toMatch(/^[a-z0-9]+$/);
    expect((first.state as { key: string }).key).not.toBe((second.state as { key: string }).key);
  });

  it('keeps the key of an entry the router created (reload, back/forward from another site)', () => {
    const state = { usr: null, key: 'abc123', idx: 2 };
    const history = historyWith(state);
    keyFreshHistoryEntry(history, () => 'new');
    expect(history.state).toBe(state);
  });

  it('keeps the other fields of a state without a key', () => {
    const history = historyWith({ idx: 0 });
    keyFreshHistoryEntry(history, () => 'k2');
    expect(history.state).toEqual({ idx: 0, key: 'k2' });
  });

  it.each([['default'], [''], [42]])('replaces an unusable key %j', (key) => {
    const history = historyWith({ key });
    keyFreshHistoryEntry(history, () => 'k3');
    expect(history.state).toEqual({ key: 'k3' });
  });

  it('ignores a state that is not an object', () => {
    const history = historyWith('something else wrote this');
    keyFreshHistoryEntry(history, () => 'k4');
    expect(history.state).toEqual({ key: 'k4' });
  });
});
