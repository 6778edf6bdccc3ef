import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeOfficer, makeOfficerDetail, makeRegiment, makeRegimentDetail } from '#web/test/fixtures';
import { mockApi, renderRoute } from '#web/test/render';
import { OfficerCard } from '#web/components/domain/officer-card';
import { RegimentCard } from '#web/components/domain/regiment-card';

const unratedOfficer = makeOfficer({ reviewCount: 0, averageRating: 0 });
const ratedOfficer = makeOfficer({ id: 8, name: 'John Gibbon', reviewCount: 3, averageRating: 3.2 });
// Rated, with reviews that gave 0: a 0.0 earned, not a missing rating.
const ratedZeroOfficer = makeOfficer({ id: 9, name: 'Zero Hour', reviewCount: 1, averageRating: 0 });
const unratedRegiment = makeRegiment({ reviewCount: 0, averageRating: 0, officerCount: 1 });

function inRouter(children: React.ReactNode) {
  return render(<MemoryRouter>{children}</MemoryRouter>);
}

describe("'Not yet rated' beside the 0.0 of what nobody has reviewed (issue 13)", () => {
  it('shows on the card of an officer without a review, beside the 0.0', () => {
    inRouter(<OfficerCard officer={unratedOfficer} />);
    const card = screen.getByRole('link');
    expect(within(card).getByText('0.0')).toBeInTheDocument();
    expect(within(card).getByText('Not yet rated')).toBeVisible();
    expect(card).toHaveTextContent('0.0Not yet rated(0 reviews)');
  });

  it('does not show on the card of a rated officer, even one rated 0.0', () => {
    inRouter(
      <>
        <OfficerCard officer={ratedOfficer} />
        <OfficerCard officer={ratedZeroOfficer} />
      </>,
    );
    expect(screen.getByText('3.2')).toBeInTheDocument();
    expect(screen.getByText('0.0')).toBeInTheDocument();
    expect(screen.queryByText('Not yet rated')).not.toBeInTheDocument();
  });

  it("says 'No reviews yet' on the card of a regiment without a review, with no stars or 0.0; a rated one shows its figure", () => {
    inRouter(
      <>
        <RegimentCard regiment={unratedRegiment} />
        <RegimentCard regiment={makeRegiment({ id: 4, name: '2nd Virginia', reviewCount: 5, averageRating: 4.1 })} />
      </>,
    );
    const [unrated, rated] = screen.getAllByRole('link');
    expect(unrated).toHaveTextContent('No reviews yet');
    expect(within(unrated!).queryByText('0.0')).not.toBeInTheDocument();
    expect(within(unrated!).queryByRole('img', { name: /out of 5 stars/ })).not.toBeInTheDocument();
    expect(within(rated!).getByText('4.1')).toBeInTheDocument();
    expect(within(rated!).queryByText('No reviews yet')).not.toBeInTheDocument();
  });

  it("shows in the officer page's average rating, beside 0.0/5.0", async () => {
    mockApi({ '/api/officers/7': makeOfficerDetail(unratedOfficer), '/api/reviews/officer/7': { reviews: [], totalCount: 0, nextCursor: null } });
    renderRoute('/officer/7');
    const rating = await screen.findByRole('group', { name: 'Average rating' });
    expect(within(rating).getByText('0.0')).toHaveAttribute('data-band', 'none');
    expect(within(rating).getByText('/5.0')).toBeInTheDocument();
    expect(within(rating).getByText('Not yet rated')).toBeVisible();
    expect(within(rating).getByText('0 reviews')).toBeInTheDocument();
  });

  it("says 'No reviews yet' in an unrated regiment's header, not 0.0/5.0, and marks its unrated officers' cards", async () => {
    mockApi({ '/api/regiments/3': makeRegimentDetail(unratedRegiment), '/api/officers/regiment/3': [unratedOfficer, ratedOfficer] });
    renderRoute('/regiment/3');
    const heading = await screen.findByRole('heading', { level: 1, name: '5th Wisconsin' });
    const header = heading.closest('header')!;
    expect(within(header).getByText('No reviews yet')).toBeVisible();
    expect(within(header).queryByText('/5.0')).not.toBeInTheDocument();

    const grid = await screen.findByRole('list', { name: 'Officers of the regiment' });
    const [unratedCard, ratedCard] = within(grid).getAllByRole('link');
    expect(within(unratedCard!).getByText('Not yet rated')).toBeVisible();
    expect(within(ratedCard!).queryByText('Not yet rated')).not.toBeInTheDocument();
  });
});

describe("'Few reviews' beside a rating that rests on fewer than five (issue 16)", () => {
  it('marks the cards of officers and regiments rated by one to four reviews, with why, and not from five on', () => {
    inRouter(
      <>
        <OfficerCard officer={ratedOfficer} />
        <OfficerCard officer={makeOfficer({ id: 10, name: 'Well Known', reviewCount: 5, averageRating: 4 })} />
        <RegimentCard regiment={makeRegiment({ id: 4, name: '2nd Virginia', reviewCount: 1, averageRating: 5 })} />
      </>,
    );
    const [few, many, regiment] = screen.getAllByRole('link');
    expect(within(few!).getByText('Few reviews')).toBeVisible();
    // Screen readers hear why after the mark.
    expect(few).toHaveAccessibleName(expect.stringMatching(/Few reviews\s*: Ranked nearer the community average until more reviews come in/));
    expect(within(many!).queryByText('Few reviews')).not.toBeInTheDocument();
    expect(within(regiment!).getByText('Few reviews')).toBeVisible();
  });

  it('does not mark what nobody has reviewed: that is not yet rated', () => {
    inRouter(<OfficerCard officer={unratedOfficer} />);
    expect(screen.queryByText('Few reviews')).not.toBeInTheDocument();
  });
});
