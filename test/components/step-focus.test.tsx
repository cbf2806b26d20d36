/**
 * Focus and page title per step (WCAG 2.4.2 page titled, 2.4.3 focus order): the document is named
 * after the step's heading, and after an in-app navigation focus lands on the new step's heading,
 * but the first page load leaves focus where the browser put it.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderFunnel } from './harness.tsx';
import en from '../../locales/en.json';

const titled = (step: string): string => `${step} · ${en.a11y.appName}`;

describe('focus and title per step', () => {
  it('names the first page after its heading without taking focus, then focuses the next step heading', async () => {
    await renderFunnel('/');
    const landing = await screen.findByRole('heading', { level: 1, name: en.landing.title });
    await waitFor(() => expect(document.title).toBe(titled(en.landing.title)));
    expect(document.activeElement).not.toBe(landing);
    expect(landing).not.toHaveAttribute('tabindex');

    await userEvent.click(screen.getByRole('button', { name: en.common.continue }));
    const heading = await screen.findByRole('heading', { level: 1, name: en.intro.checkLocation.title });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(document.title).toBe(titled(en.intro.checkLocation.title));

    await userEvent.click(screen.getByRole('button', { name: en.common.continue }));
    const next = await screen.findByRole('heading', { level: 1, name: en.intro.placeAlerts.title });
    await waitFor(() => expect(next).toHaveFocus());
    expect(document.title).toBe(titled(en.intro.placeAlerts.title));
  });

  it('moves focus once the new step is painted, not in the task that renders it', async () => {
    await renderFunnel('/');
    await screen.findByRole('heading', { level: 1, name: en.landing.title });
    // what the page shows when the rendering task ends: a MutationObserver reports right after it
    let focusedAtRender: boolean | undefined;
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('main[data-step="check-location"] h1');
      if (heading && focusedAtRender === undefined) focusedAtRender = document.activeElement === heading;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await userEvent.click(screen.getByRole('button', { name: en.common.continue }));
    const heading = await screen.findByRole('heading', { level: 1, name: en.intro.checkLocation.title });
    observer.disconnect();
    expect(focusedAtRender).toBe(false);
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('renames the page when a step changes its heading (the next quiz question)', async () => {
    await renderFunnel('/signup/set-your-options');
    await screen.findByRole('heading', { level: 1, name: en.quiz.locate.title });
    await waitFor(() => expect(document.title).toBe(titled(en.quiz.locate.title)));
    await userEvent.click(screen.getByRole('button', { name: en.quiz.locate.friend }));
    await screen.findByRole('heading', { level: 1, name: en.quiz.place.title });
    await waitFor(() => expect(document.title).toBe(titled(en.quiz.place.title)));
  });
});
