import { cleanup, render, screen, within } from '@testing-library/react';
import { Sparkles } from 'lucide-react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHeader } from './page-header.tsx';

afterEach(cleanup);

describe('the page header', () => {
  it('gives the page its one h1, between the eyebrow and the lead, with the action beside it', () => {
    render(
      <PageHeader
        icon={Sparkles}
        eyebrow="For you"
        title="Suggestions"
        lead="Members who match what you are looking for."
        action={<button type="button">Filters</button>}
      />,
    );
    const header = screen.getByRole('banner');
    expect(
      within(header)
        .getAllByRole('heading')
        .map((h) => h.tagName),
    ).toEqual(['H1']);
    expect(header.textContent).toBe(
      'For youSuggestionsFiltersMembers who match what you are looking for.',
    );
    expect(within(header).getByRole('button', { name: 'Filters' })).toBeEnabled();
  });

  it('lets the page move the focus to its heading only when it asks to', () => {
    const title = createRef<HTMLHeadingElement>();
    render(<PageHeader icon={Sparkles} eyebrow="Queue" title="Reports" lead="" titleRef={title} />);
    title.current?.focus();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toHaveFocus();
    cleanup();

    render(<PageHeader icon={Sparkles} eyebrow="Queue" title="Reports" lead="" />);
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveAttribute('tabindex');
  });
});
