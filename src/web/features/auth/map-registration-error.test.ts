import { describe, expect, it } from 'vitest';
import { mapRegistrationError } from './map-registration-error';

describe('mapRegistrationError', () => {
  it.each([
    ['Username is already taken', 'This username is already taken. Please choose another one.'],
    ['USERNAME TAKEN', 'This username is already taken. Please choose another one.'],
    ['Email is already in use', 'This email is already registered. Please use a different email or login.'],
    ['Password is weak', 'Password is too weak. Please use a stronger password.'],
    ['weak credentials', 'Password is too weak. Please use a stronger password.'],
    ['Password must contain a symbol', 'Password error: Password must contain a symbol'],
    ['Something exploded', 'Could not create your account. Please try again.'],
    ['', 'Could not create your account. Please try again.'],
  ])('maps %j', (message, expected) => {
    expect(mapRegistrationError(message)).toBe(expected);
  });

  it('needs both words: a username that is not taken is not a taken username', () => {
    expect(mapRegistrationError('Username is invalid')).toBe('Could not create your account. Please try again.');
    expect(mapRegistrationError('Email is invalid')).toBe('Could not create your account. Please try again.');
  });
});
