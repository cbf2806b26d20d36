import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isCodeShape } from '../../screens/product/family.ts';
import { renderFunnel } from './harness.tsx';

const CODE_SHAPE_TEXT = /^[A-Z2-9]{3}-[A-Z2-9]{3}$/;

/** Replaces the browser's share and clipboard APIs for one test. */
function stubNavigator(apis: { share?: (data: ShareData) => Promise<void>; writeText?: (text: string) => Promise<void> }) {
  Object.defineProperty(navigator, 'share', { configurable: true, value: apis.share });
  Object.defineProperty(navigator, 'canShare', { configurable: true, value: undefined });
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: apis.writeText ? { writeText: apis.writeText } : undefined });
}

const openShare = (code = '') =>
  renderFunnel('/family/share-circle-code', {
    state: (s) => Object.assign(s.family, { circleName: 'The Smiths', circleAction: 'create', code }),
  });

// The status line is always in the page (empty until a share settles), and the share button is
// disabled while it runs: a findBy* would return them at once, so those checks wait for the content.
afterEach(() => stubNavigator({}));

describe('share-code screen', () => {
  it('generates the invite code once and keeps it in the family state', async () => {
    const f = await openShare();
    expect(await screen.findByRole('heading', { name: 'Invite your family' })).toBeInTheDocument();
    const code = await screen.findByText(CODE_SHAPE_TEXT);
    expect(isCodeShape(f.store.family.code)).toBe(true);
    expect(code.textContent).toBe(`${f.store.family.code.slice(0, 3)}-${f.store.family.code.slice(3)}`);
    expect(screen.getByText('The Smiths')).toBeInTheDocument();
  });

  it('shows a stored code instead of making a new one (after a reload)', async () => {
    const f = await openShare('K7P4QX');
    expect(await screen.findByText('K7P-4QX')).toBeInTheDocument();
    expect(f.store.family.code).toBe('K7P4QX');
  });

  it('copies the invite to the clipboard when the device cannot share, confirms it, then continues', async () => {
    const writeText = vi.fn(async () => {});
    stubNavigator({ writeText });
    const f = await openShare('K7P4QX');
    await userEvent.click(await screen.findByRole('button', { name: 'Share code' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Code copied. Paste it into a message to your family.'));
    expect(writeText).toHaveBeenCalledWith('Join my family Circle “The Smiths” in Family Locator with the invite code K7P-4QX.');
    expect(f.events).toContainEqual(expect.objectContaining({ name: 'circle_code_shared', props: { outcome: 'copied' } }));
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Choose your role' })).toBeInTheDocument();
    expect(f.path()).toBe('/family/choose-your-role');
  });

  it('uses the Web Share API when there is one', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    const writeText = vi.fn(async () => {});
    stubNavigator({ share, writeText });
    await openShare('K7P4QX');
    await userEvent.click(await screen.findByRole('button', { name: 'Share code' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Code shared.'));
    expect(share).toHaveBeenCalledWith({
      title: 'Join my family Circle',
      text: 'Join my family Circle “The Smiths” in Family Locator with the invite code K7P-4QX.',
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Share again' })).toBeInTheDocument();
  });

  it('stays as it was when the visitor closes the share sheet', async () => {
    stubNavigator({ share: async () => Promise.reject(Object.assign(new Error('closed'), { name: 'AbortError' })) });
    await openShare('K7P4QX');
    await userEvent.click(await screen.findByRole('button', { name: 'Share code' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Share code' })).toBeEnabled());
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'Skip' })).toBeInTheDocument();
  });

  it('says so when neither sharing nor copying works; skip still continues', async () => {
    stubNavigator({ writeText: async () => Promise.reject(new Error('denied')) });
    const f = await openShare('K7P4QX');
    await userEvent.click(await screen.findByRole('button', { name: 'Share code' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("The code couldn't be copied. Write it down and send it to your family."));
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { name: 'Choose your role' })).toBeInTheDocument();
    expect(f.path()).toBe('/family/choose-your-role');
  });
});
