import { describe, expect, it } from 'vitest';
import { reviewMessage } from './discord-message.js';

const review = {
  text: 'Holds the *fence* line [well].',
  leadership: 4,
  tactics: 3.5,
  communication: 5,
  fairness: 4.5,
  overallRating: 4.25,
  createdAt: new Date('2026-11-28T10:00:00Z'),
};

describe('the Discord message of a review (issue 32)', () => {
  it("writes the officer's rating with one decimal, as the site shows it", () => {
    const message = reviewMessage({
      officer: { id: 7, name: 'Chamberlain', rank: 'Col.', averageRating: 4.15, reviewCount: 32 },
      regimentName: '20th Maine',
      review,
    });
    expect(message.embeds[0]!.fields.at(-1)!.value).toBe('4.2 / 5 from 32 reviews');
  });

  it('shows the regiment in the footer as written (Discord renders no markdown there), and escapes the review text', () => {
    const message = reviewMessage({
      officer: { id: 7, name: 'Hood', rank: 'Gen.', averageRating: 4, reviewCount: 1 },
      regimentName: '1st *Texas* [CSA]_',
      review,
    });
    expect(message.embeds[0]!.footer.text).toBe('1st *Texas* [CSA]_ · War of Rights Officer Ratings');
    expect(message.embeds[0]!.description).toBe('Holds the \\*fence\\* line \\[well\\].');
  });
});
