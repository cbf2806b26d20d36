/**
 * The join branch of the family funnel: an invite code is looked up on the server, and the joiner is
 * welcomed into the Circle by the name the server gives, before anything else.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { funnelData } from '../../screens/flowData.ts';
import { httpClientsFor } from '../../screens/product/signup.ts';
import { answerWith, type FakeReply } from '../fakeAxios.ts';
import { renderFunnel } from './harness.tsx';
import en from '../../locales/en.json';

const steps = funnelData.flows.family!.steps;
const enterCode = steps['enter-code']!;
const joined = steps['circle-joined']!;
const afterJoined = steps[joined.next as string]!;
if (enterCode.screen !== 'text-entry' || joined.screen !== 'circle-welcome') throw new Error('the family flow changed its join steps');

async function openJoin(reply: (url: string) => FakeReply) {
  const f = await renderFunnel(enterCode.path!, { state: (s) => Object.assign(s.family, { name: 'James', circleAction: 'join' }) });
  const seen = answerWith(httpClientsFor(f.store), f.store, (req) => reply(req.url));
  await userEvent.type(await screen.findByLabelText(en.family.code.label), 'k7p-4qx');
  await userEvent.click(screen.getByRole('button', { name: en.family.code.join }));
  return { f, seen };
}

describe('joining a Circle', () => {
  it('looks the code up and welcomes the joiner by the Circle’s name before anything else', async () => {
    const { f, seen } = await openJoin(() => ({ status: 200, data: { circle: { code: 'K7P4QX', name: 'Smith family' } } }));
    const title = en.family.joined.title.replace('{{circle}}', 'Smith family');
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    expect(heading.querySelector('bdi')).toHaveTextContent('Smith family');
    expect(screen.getByText(en.family.joined.text)).toBeInTheDocument();
    expect(f.path()).toBe(joined.path);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([expect.stringMatching(/^GET .*\/circles\/K7P4QX$/)]);
    expect(f.store.family).toMatchObject({ code: 'K7P4QX', circleName: 'Smith family' });

    await userEvent.click(screen.getByRole('button', { name: en.common.continue }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(f.path()).toBe(afterJoined.path);
  });

  it('explains a code no Circle has, at the field, and stays', async () => {
    const { f } = await openJoin(() => ({ status: 404, data: { errors: { messages: ['No Circle has this invite code'] } } }));
    expect(await screen.findByText(en.family.errors.codeUnknown)).toBeInTheDocument();
    expect(screen.getByLabelText(en.family.code.label)).toHaveAttribute('aria-invalid', 'true');
    expect(f.path()).toBe(enterCode.path);
    expect(f.store.family).toMatchObject({ code: '', circleName: '' });
  });

  it('says the code could not be checked when the server cannot answer, and lets the visitor try again', async () => {
    let calls = 0;
    const { f } = await openJoin(() => (++calls === 1 ? { status: 503 } : { status: 200, data: { circle: { code: 'K7P4QX', name: 'Weber' } } }));
    expect(await screen.findByText(en.family.errors.codeUnchecked)).toBeInTheDocument();
    expect(f.path()).toBe(enterCode.path);
    await userEvent.click(screen.getByRole('button', { name: en.family.code.join }));
    expect(await screen.findByRole('heading', { level: 1, name: en.family.joined.title.replace('{{circle}}', 'Weber') })).toBeInTheDocument();
  });
});
