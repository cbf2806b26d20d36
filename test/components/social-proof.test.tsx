/**
 * The social-proof screen shows the flow's claim and reviews as the data gives them (samples too: the
 * preview shows them, the validator warns), and press quotes only when the flow has real ones, each
 * linked to where the publication wrote it.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { funnelData } from '../../screens/flowData.ts';
import type { SocialProofProps } from '../../screens/types/flow.gen.ts';
import { renderFunnel } from './harness.tsx';

const path = '/family/social';

/** The social-proof step at `path` and its flow, from the shipped flows. */
function socialStep(data = funnelData): { props: SocialProofProps } {
  for (const flow of Object.values(data.flows)) {
    for (const step of Object.values(flow.steps))
      if (step.path === path && step.screen === 'social-proof') return step as unknown as { props: SocialProofProps };
  }
  throw new Error(`no social-proof step at ${path}`);
}

describe('social-proof screen', () => {
  it("shows the flow's claim and reviews with their star ratings, no press section without quotes, then continues", async () => {
    const { props } = socialStep();
    const f = await renderFunnel(path);
    const t = i18next.t.bind(i18next);
    expect(await screen.findByRole('heading', { level: 1, name: t(props.claim.text) })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: t('family.social.pressTitle') })).toBeNull();
    const reviews = within(screen.getByRole('region', { name: t('family.social.reviewsTitle') })).getAllByRole('listitem');
    expect(reviews).toHaveLength(props.reviews.items.length);
    props.reviews.items.forEach((review, k) => {
      expect(within(reviews[k]!).getByText(review.author)).toBeInTheDocument();
      expect(within(reviews[k]!).getByText(t(review.text))).toBeInTheDocument();
      expect(within(reviews[k]!).getByRole('img', { name: t('family.social.rating', { stars: review.stars, max: 5 }) })).toBeInTheDocument();
      expect(reviews[k]!.querySelectorAll('.social-proof__star--on')).toHaveLength(review.stars);
    });
    await userEvent.click(screen.getByRole('button', { name: t(socialStep().props.cta) }));
    expect(f.path()).not.toBe(path);
  });

  it("shows a press quote in the language's quotation marks, its publication linked to where it wrote it", async () => {
    const data = structuredClone(funnelData);
    const { props } = socialStep(data);
    const quote = { publication: 'Example Weekly', text: props.reviews.items[0]!.text, source: 'https://example.com/review' };
    props.quotes = [quote];
    await renderFunnel(path, { data });
    const t = i18next.t.bind(i18next);
    const press = await screen.findByRole('region', { name: t('family.social.pressTitle') });
    expect(within(press).getByText(t(quote.text)).tagName).toBe('Q');
    expect(within(press).getByRole('link', { name: quote.publication })).toHaveAttribute('href', quote.source);
  });
});
