import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderFunnel } from './harness.tsx';

describe('social-proof screen', () => {
  it('shows the press quotes and the reviews with their star ratings, then continues', async () => {
    const f = await renderFunnel('/family/social');
    expect(await screen.findByRole('heading', { name: 'Trusted by millions of families' })).toBeInTheDocument();
    const press = screen.getByRole('region', { name: 'In the press' });
    // the quotation marks are the <q> element's, in the page's language
    expect(within(press).getByText('One of the best family locator apps we have tested.').tagName).toBe('Q');
    expect(within(press).getByText('TechRadar')).toBeInTheDocument();
    expect(within(press).getByText('Forbes')).toBeInTheDocument();
    const reviews = within(screen.getByRole('region', { name: 'What families say' })).getAllByRole('listitem');
    expect(reviews).toHaveLength(3);
    expect(within(reviews[0]!).getByText('Maria K.')).toBeInTheDocument();
    expect(within(reviews[0]!).getByRole('img', { name: 'Rating: 5 of 5' })).toBeInTheDocument();
    expect(within(reviews[2]!).getByRole('img', { name: 'Rating: 4 of 5' })).toBeInTheDocument();
    expect(within(reviews[2]!).getByText('Easy to set up for the whole family, even for my parents.')).toBeInTheDocument();
    expect(reviews[2]!.querySelectorAll('.social-proof__star--on')).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Creating your profile' })).toBeInTheDocument();
    expect(f.path()).toBe('/family/creating-profile');
  });
});
