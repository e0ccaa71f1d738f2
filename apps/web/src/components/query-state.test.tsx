import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryState } from './query-state.tsx';

afterEach(cleanup);

function show(query: { isPending?: boolean; isError?: boolean; data?: string[] }) {
  const refetch = vi.fn();
  render(
    <QueryState
      query={{ isPending: false, isError: false, data: undefined, refetch, ...query }}
      items={query.data ?? []}
      pending={<p role="status">Loading…</p>}
      error={{ message: 'The list could not be loaded.', retry: 'Try again', className: '' }}
      empty={<p>Nobody yet.</p>}
    >
      {(items) => (
        <ul aria-label="Members">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
  return refetch;
}

describe('the pending, failure, empty and list sequence', () => {
  it('says it is loading while pending', () => {
    show({ isPending: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('says a failure with nothing to show, and asks again on retry', async () => {
    const refetch = show({ isError: true });
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the list it had when a refresh fails, and says an empty list as such', () => {
    show({ isError: true, data: ['Awa', 'Omar'] });
    expect(screen.getByRole('list', { name: 'Members' })).toHaveTextContent('AwaOmar');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty state for no items', () => {
    show({ data: [] });
    expect(screen.getByText('Nobody yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
