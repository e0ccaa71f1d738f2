import { cleanup, render, screen, within } from '@testing-library/react';
import { Eye } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state.tsx';

afterEach(cleanup);

describe('the empty state', () => {
  it('says what is empty as a heading 2, the hint, and the ways on', () => {
    render(
      <EmptyState icon={Eye} title="No views yet" hint="Complete your profile to be seen.">
        <a href="/mon-profil">Complete my profile</a>
      </EmptyState>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('No views yet');
    screen.getByText('Complete your profile to be seen.');
    expect(screen.getByRole('link', { name: 'Complete my profile' })).toHaveAttribute(
      'href',
      '/mon-profil',
    );
    // Not a landmark unless asked for.
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('is a region named by its heading when asked to be', () => {
    render(<EmptyState region icon={Eye} title="No suggestions yet" hint="Widen your filters." />);
    const region = screen.getByRole('region', { name: 'No suggestions yet' });
    within(region).getByText('Widen your filters.');
  });
});
