import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function Example({ controlled }: { controlled?: boolean }) {
  const [value, setValue] = useState('officers');
  return (
    <Tabs {...(controlled ? { value, onValueChange: setValue } : { defaultValue: 'officers' })}>
      <TabsList aria-label="Results">
        <TabsTrigger value="officers">Officers</TabsTrigger>
        <TabsTrigger value="regiments">Regiments</TabsTrigger>
        <TabsTrigger value="reviews">Reviews</TabsTrigger>
      </TabsList>
      <TabsContent value="officers">Officer results</TabsContent>
      <TabsContent value="regiments">Regiment results</TabsContent>
      <TabsContent value="reviews">Review results</TabsContent>
    </Tabs>
  );
}

describe('Tabs', () => {
  it.each([false, true])('shows the selected tab’s panel, labelled by its tab (controlled: %s)', async (controlled) => {
    const user = userEvent.setup();
    render(<Example controlled={controlled} />);
    expect(screen.getByRole('tablist', { name: 'Results' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Officers', selected: true })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Regiments', selected: false })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Officers' })).toHaveTextContent('Officer results');

    await user.click(screen.getByRole('tab', { name: 'Regiments' }));
    expect(screen.getByRole('tab', { name: 'Regiments', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Regiments' })).toHaveTextContent('Regiment results');
    expect(screen.queryByText('Officer results')).not.toBeInTheDocument();
  });

  it('moves and selects with the arrow keys, Home and End, wrapping around', async () => {
    const user = userEvent.setup();
    render(<Example controlled />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Officers' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Regiments', selected: true })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Reviews', selected: true })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Officers', selected: true })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Reviews', selected: true })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Officers', selected: true })).toHaveFocus();
    // Tab leaves the list for the panel, not for the next tab.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Officers' })).toHaveFocus();
  });
});
