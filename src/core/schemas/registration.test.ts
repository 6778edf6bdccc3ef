import { describe, expect, it } from 'vitest';
import { MSG } from '#core/messages.js';
import { imageUrlSchema, officerRegistrationBodySchema } from './registration.js';

const M = MSG.registrationForm;

function messageOf(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('imageUrlSchema', () => {
  it('accepts the path of an image uploaded here, trimmed', () => {
    expect(imageUrlSchema.parse(' /api/images/Ab_9-xYz0123456789abcd.webp ')).toBe('/api/images/Ab_9-xYz0123456789abcd.webp');
  });

  it.each([undefined, null, '', '   '])('reads %j as no image', (value) => {
    expect(imageUrlSchema.parse(value)).toBeNull();
  });

  it.each([
    'https://cdn.example.test/banner.png',
    'http://cdn.example.test/banner.png',
    'https://evil.example.test/api/images/abc123.webp',
    '//evil.example.test/api/images/abc123.webp',
    '/api/images/abc123.png',
    '/api/images/../secret.webp',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
  ])('refuses %s with the upload message', (value) => {
    expect(messageOf(imageUrlSchema.safeParse(value))).toBe(M.imageUrlInvalid);
  });

  it('says what to do instead', () => {
    expect(M.imageUrlInvalid).toBe('Images must be uploaded here with the image upload; links to images on other sites are not accepted.');
  });
});

describe('proofUrl of an officer registration', () => {
  const body = { name: 'Strong Vincent', rank: 'Col.', regimentId: 1 };

  it('stays a link to anywhere on the web', () => {
    expect(officerRegistrationBodySchema.parse({ ...body, proofUrl: 'https://steamcommunity.com/groups/83rdpa' }).proofUrl).toBe(
      'https://steamcommunity.com/groups/83rdpa',
    );
  });

  it('is not an image path', () => {
    expect(messageOf(officerRegistrationBodySchema.safeParse({ ...body, proofUrl: '/api/images/abc123.webp' }))).toBe(M.proofUrlInvalid);
  });
});
