import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { OfficerCardData, RegimentCardData } from '#server/domain/card-data.js';
import { officerCardSvg, regimentCardSvg } from './card-svg.js';

const officer: OfficerCardData = {
  id: 7,
  name: 'Joshua Chamberlain',
  rank: 'Col.',
  regimentName: '20th Maine Infantry',
  side: { name: 'Union', code: 'USA' },
  averageRating: 4.46,
  reviewCount: 37,
  leadership: 4.8,
  tactics: 4.2,
  communication: 4.5,
  fairness: 3.9,
};
const regiment: RegimentCardData = {
  id: 3,
  name: '1st Texas Infantry',
  description: null,
  iconImageUrl: null,
  side: { name: 'Confederate', code: 'CSA' },
  averageRating: 0,
  reviewCount: 0,
  officerCount: 2,
};

/** The texts drawn, as an XML reader gets them back. */
function textsOf(svg: string): string[] {
  return [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))));
}

describe('the SVG of a card', () => {
  it('draws the name, rank, regiment, overall figure, review count and the four categories', () => {
    expect(textsOf(officerCardSvg(officer))).toEqual(
      expect.arrayContaining([
        'Col.',
        'Joshua Chamberlain',
        '20th Maine Infantry (Union)',
        'UNION',
        // The figure as every screen shows it: one decimal, rounded half up.
        '4.5',
        '37 reviews',
        'Leadership',
        '4.8',
        'Tactics',
        '4.2',
        'Communication',
        'Fairness',
        '3.9',
      ]),
    );
    // 4.5: four whole stars and a half one.
    expect(officerCardSvg(officer).match(/clip-path="url\(#half\)"/g)).toHaveLength(1);
  });

  it('escapes markup, quotes and ampersands, and drops what XML cannot hold, so the document stays readable', async () => {
    const hostile = `<b>O'Neil</b> & "Sons"\u0000\u0007\uD800`;
    const svg = officerCardSvg({ ...officer, name: hostile, rank: '</text><script>', regimentName: 'A & B <Co.>' });
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('<script>');
    for (const dropped of ['\u0000', '\u0007', '\uD800']) expect(svg).not.toContain(dropped);
    expect(textsOf(svg)).toEqual(expect.arrayContaining([`<b>O'Neil</b> & "Sons"`, '</text><script>', 'A & B <Co.> (Union)']));
    const { width, height } = await sharp(Buffer.from(svg)).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 630 });
  });

  it('cuts a name too long for the card with an ellipsis, never inside an escaped character or an emoji', () => {
    const long = `${'&'.repeat(40)}${'🎖'.repeat(40)}`;
    const title = textsOf(officerCardSvg({ ...officer, name: long }))[2]!;
    expect(title.endsWith('…')).toBe(true);
    expect(long.startsWith(title.slice(0, -1))).toBe(true);
  });

  it('shows a regiment without reviews as not yet rated, and without a description as the page does', () => {
    const texts = textsOf(regimentCardSvg(regiment));
    expect(texts).toEqual(
      expect.arrayContaining([
        '1st Texas Infantry',
        'CONFEDERATE',
        '0.0',
        'Not yet rated',
        '2 officers · Confederate',
        'About the Regiment',
        'No description available.',
      ]),
    );
  });
});
