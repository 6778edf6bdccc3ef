import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OfficerDetail } from '#core/api';
import { officer } from './officer-fixtures';
import { RecentRatings } from './recent-ratings';

/** The fixture officer (all time: overall 4.3, leadership 4.3, tactics 3.5, communication 2.5, fairness unrated) with these recent figures. */
const withRecent = (recent: OfficerDetail['recent']) => officer({ recent });

describe('the recent figures beside the all-time ones (issue 16)', () => {
  it('stays hidden below 3 recent reviews', () => {
    const { container } = render(
      <RecentRatings officer={withRecent({ reviewCount: 2, averageRating: 2, leadership: 2, tactics: 2, communication: 2, fairness: 2 })} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('sets each recent figure beside the all-time one, with an arrow read aloud where they differ by 0.3 or more', () => {
    // Overall 4.0 (down 0.3), leadership 4.6 (up 0.3), tactics 3.3 (0.2: no arrow), communication
    // 2.9 (up 0.4), fairness 4.0 beside no all-time rating (no arrow).
    render(
      <RecentRatings officer={withRecent({ reviewCount: 3, averageRating: 4, leadership: 4.6, tactics: 3.3, communication: 2.9, fairness: 4 })} />,
    );
    const table = screen.getByRole('table', { name: 'Recent vs All Time' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Category', 'All time', 'Recent (90 days)']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['4.3', '4.0down 0.3 from all time'],
      ['4.3', '4.6up 0.3 from all time'],
      ['3.5', '3.3'],
      ['2.5', '2.9up 0.4 from all time'],
      ['0.0', '4.0'],
    ]);
    expect(screen.getByRole('rowheader', { name: 'Communication' }).parentElement!.querySelector('[data-direction="up"]')).toBeInTheDocument();
    expect(screen.getByText('Recent figures from 3 reviews in the last 90 days.')).toBeInTheDocument();
  });
});
