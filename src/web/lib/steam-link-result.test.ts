import { describe, expect, it } from 'vitest';
import { steamLinkErrorsMessages } from '#core/messages/steam-link-errors';
import { readSteamLinkResult, withoutSteamLinkParams } from './steam-link-result';

describe('readSteamLinkResult', () => {
  it('is null for a page not reached from the Steam sign-in', () => {
    expect(readSteamLinkResult(new URLSearchParams(''))).toBeNull();
    expect(readSteamLinkResult(new URLSearchParams('steamLinked=0'))).toBeNull();
  });

  it('reports a linked account', () => {
    expect(readSteamLinkResult(new URLSearchParams('steamLinked=1'))).toEqual({ kind: 'linked' });
  });

  it.each(Object.entries(steamLinkErrorsMessages))('explains the error code %s', (code, message) => {
    expect(readSteamLinkResult(new URLSearchParams({ steamError: code }))).toEqual({ kind: 'failed', message });
  });

  it('gives an unknown or inherited code the generic text', () => {
    expect(readSteamLinkResult(new URLSearchParams('steamError=weird'))).toEqual({ kind: 'failed', message: steamLinkErrorsMessages.invalid });
    expect(readSteamLinkResult(new URLSearchParams('steamError=toString'))).toEqual({ kind: 'failed', message: steamLinkErrorsMessages.invalid });
  });
});

describe('withoutSteamLinkParams', () => {
  it('drops only the Steam link parameters', () => {
    const params = new URLSearchParams('q=lee&steamLinked=1&steamError=taken&sideId=2');
    expect(withoutSteamLinkParams(params).toString()).toBe('q=lee&sideId=2');
    expect(params.toString()).toBe('q=lee&steamLinked=1&steamError=taken&sideId=2');
  });
});
