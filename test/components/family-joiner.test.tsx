/**
 * What a family joiner (who entered a Circle's invite code) is shown after the welcome, read from
 * flows/family.json: no trial of their own to buy, but what the Circle gives them (the Premium its
 * owner shares), then the download page, which invites the family with the Circle's code.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { funnelData } from '../../screens/flowData.ts';
import { nextStepId } from '../../engine/index.ts';
import { formatCode } from '../../screens/product/family.ts';
import { renderFunnel } from './harness.tsx';
import en from '../../locales/en.json';

type Tree = Record<string, unknown>;
/** A text of en.json by its key. */
const text = (key: string): string => key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], en) as string;

const family = funnelData.flows.family!;
const allSteps = Object.fromEntries(Object.values(funnelData.flows).flatMap((flow) => Object.entries(flow.steps)));
/** The joiner's steps after the welcome, by following the flow's default `next` to its end. */
function joinerSteps(): string[] {
  const ids: string[] = [];
  let id = nextStepId(family.steps['circle-joined']!.next);
  while (id !== undefined && !ids.includes(id)) {
    ids.push(id);
    id = nextStepId(allSteps[id]?.next);
  }
  return ids;
}
const joiner = joinerSteps();
const premiumId = joiner.find((id) => allSteps[id]!.screen === 'circle-welcome')!;
const premium = allSteps[premiumId]!;
const downloadId = joiner.find((id) => allSteps[id]!.screen === 'download')!;
const download = allSteps[downloadId]!;

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
});

describe('the family joiner', () => {
  it('is sold nothing: no offer or checkout on the way from the welcome to the download page', () => {
    expect(premiumId).toBeDefined();
    expect(downloadId).toBeDefined();
    expect(joiner.map((id) => allSteps[id]!.screen)).not.toEqual(expect.arrayContaining(['offer']));
    expect(joiner.map((id) => allSteps[id]!.screen)).not.toContain('checkout');
    expect(joiner.map((id) => allSteps[id]!.screen)).not.toContain('paywall');
  });

  it("is told the Circle's owner shares Premium with them, and what it includes", async () => {
    if (premium.screen !== 'circle-welcome') throw new Error('unreachable');
    const f = await renderFunnel(premium.path!, {
      state: (s) => Object.assign(s.family, { circleAction: 'join', code: 'K7P4QX', circleName: 'Smith family' }),
    });
    const title = text(premium.props.title).replace('{{circle}}', 'Smith family');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(text(premium.props.text!))).toBeInTheDocument();
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual((premium.props.features ?? []).map(text));
    expect(premium.props.features?.length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: text(premium.props.cta) }));
    await waitFor(() => expect(f.path()).toBe(allSteps[nextStepId(premium.next)!]!.path));
  });

  it("finds the Circle's invite code on the download page, and shares it (copied where there is no share sheet)", async () => {
    if (download.screen !== 'download' || !download.props.invite) throw new Error('the download step has no invite block');
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const f = await renderFunnel(download.path!, {
      state: (s) => Object.assign(s.family, { circleAction: 'join', code: 'K7P4QX', circleName: 'Smith family' }),
    });
    const invite = await screen.findByRole('region', { name: text(download.props.invite.title) });
    expect(within(invite).getByText(text(download.props.invite.text))).toBeInTheDocument();
    expect(within(invite).getByText(formatCode('K7P4QX'))).toBeInTheDocument();
    await userEvent.click(within(invite).getByRole('button', { name: text(download.props.invite.cta) }));
    expect(await within(invite).findByText(en.family.shareCode.copied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(en.family.shareCode.inviteText.replace('{{circle}}', 'Smith family').replace('{{code}}', formatCode('K7P4QX')));
    expect(f.events.find((e) => e.name === 'circle_code_shared')?.props).toMatchObject({ outcome: 'copied' });
  });

  it('shows no invitation on the download page to a visitor without a Circle', async () => {
    await renderFunnel(download.path!);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('download-invite')).not.toBeInTheDocument();
  });
});
