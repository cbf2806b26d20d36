import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { funnelData, type FunnelData } from '../../screens/flowData.ts';
import { art } from '../../screens/ui/art/index.ts';
import { renderFunnel } from './harness.tsx';

/**
 * The product's carousel as this test knows it (three intro slides, then signup as the fourth), set
 * here on a copy of the flows: a step a marketer adds around it changes the product, not this test.
 * The dots are counted from the flow, so no step says where it stands.
 */
function carousel(): FunnelData {
  const data: FunnelData = structuredClone(funnelData);
  const steps = data.flows.main!.steps;
  const slides = ['check-location', 'place-alerts', 'crash-detection'];
  slides.forEach((id, k) => {
    const step = steps[id]!;
    if (step.screen !== 'feature-intro') throw new Error(`${id} is not a feature-intro step`);
    step.next = slides[k + 1] ?? 'signup';
  });
  const signup = steps.signup!;
  if (signup.screen !== 'signup-email') throw new Error('signup is not a signup-email step');
  signup.props.carouselEnd = true;
  return data;
}

/** The carousel with a fifth slide added after the first: one more step in the flow, nothing else. */
function carouselWithFifthSlide(): FunnelData {
  const data = carousel();
  const steps = data.flows.main!.steps;
  steps['location-history'] = {
    path: '/location-history',
    screen: 'feature-intro',
    props: { title: 'intro.placeAlerts.title', text: 'intro.placeAlerts.text', cta: 'common.continue', image: 'place-alerts' },
    next: 'place-alerts',
  };
  steps['check-location']!.next = 'location-history';
  return data;
}
const open = (path: string) => renderFunnel(path, { data: carousel() });

/** The index of the active carousel dot (from 0). */
const activeDot = (): number => {
  const dots = screen.getByRole('list', { name: /^Slide \d of 4$/ }).querySelectorAll('li');
  return [...dots].findIndex((d) => d.getAttribute('aria-current') === 'step');
};

describe('feature intro screens (welcome carousel)', () => {
  it('shows four dots with the current slide active and continues with the button', async () => {
    const f = await open('/check-location');
    expect(await screen.findByRole('heading', { name: 'Check location' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Slide 1 of 4' }).querySelectorAll('li')).toHaveLength(4);
    expect(activeDot()).toBe(0);
    expect(screen.getByRole('list', { name: 'Slide 1 of 4' }).querySelector('.fe-dot--active')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Place alerts' })).toBeInTheDocument();
    expect(activeDot()).toBe(1);
    expect(f.path()).toBe('/place-alerts');
  });

  it('has a "next slide" button for desktops', async () => {
    const f = await open('/place-alerts');
    await userEvent.click(await screen.findByRole('button', { name: 'Next slide' }));
    expect(await screen.findByRole('heading', { name: 'Crash detection' })).toBeInTheDocument();
    expect(activeDot()).toBe(2);
    expect(f.path()).toBe('/crash-detection');
  });

  it('moves on with a left swipe, not with a vertical scroll or a short drag', async () => {
    const f = await open('/check-location');
    const slide = (await screen.findByRole('heading', { name: 'Check location' })).parentElement!;
    fireEvent.touchStart(slide, { touches: [{ clientX: 300, clientY: 300 }] });
    fireEvent.touchEnd(slide, { changedTouches: [{ clientX: 280, clientY: 600 }] }); // a scroll
    fireEvent.touchStart(slide, { touches: [{ clientX: 300, clientY: 300 }] });
    fireEvent.touchEnd(slide, { changedTouches: [{ clientX: 270, clientY: 300 }] }); // too short
    fireEvent.touchStart(slide, { touches: [{ clientX: 100, clientY: 300 }] });
    fireEvent.touchEnd(slide, { changedTouches: [{ clientX: 300, clientY: 300 }] }); // backwards
    expect(f.path()).toBe('/check-location');
    fireEvent.touchStart(slide, { touches: [{ clientX: 300, clientY: 300 }] });
    fireEvent.touchEnd(slide, { changedTouches: [{ clientX: 120, clientY: 320 }] });
    expect(await screen.findByRole('heading', { name: 'Place alerts' })).toBeInTheDocument();
  });

  it('moves on with the right arrow key', async () => {
    const f = await open('/check-location');
    await screen.findByRole('heading', { name: 'Check location' });
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByRole('heading', { name: 'Place alerts' })).toBeInTheDocument();
    expect(f.path()).toBe('/place-alerts');
  });

  it('crash detection leads to signup, which the flow makes the final slide', async () => {
    const f = await open('/crash-detection');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(f.path()).toBe('/signup');
    expect(activeDot()).toBe(3);
  });

  it('counts a slide added to the flow on every slide, the signup included', async () => {
    await renderFunnel('/check-location', { data: carouselWithFifthSlide() });
    await screen.findByRole('heading', { name: 'Check location' });
    expect(screen.getByRole('list', { name: 'Slide 1 of 5' }).querySelectorAll('li')).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('list', { name: 'Slide 2 of 5' });
  });

  it('shows the crash and the fall scenes on the slide that speaks of crashes and falls', async () => {
    await open('/crash-detection');
    await screen.findByRole('heading', { name: 'Crash detection' });
    const scenes = [...document.querySelectorAll('.feature-intro__stage img')].map((img) => img.getAttribute('src') ?? '');
    expect(scenes).toEqual([art['crash-detection'], art['fall-detection']]);
    // decorative: the texts say what they show
    for (const img of document.querySelectorAll('.feature-intro__stage img')) expect(img).toHaveAttribute('alt', '');
  });

  it('keeps one scene on the other slides', async () => {
    await open('/place-alerts');
    await screen.findByRole('heading', { name: 'Place alerts' });
    expect(document.querySelectorAll('.feature-intro__stage img')).toHaveLength(1);
    expect(document.querySelector('.feature-intro__scenes')).toBeNull();
  });
});
