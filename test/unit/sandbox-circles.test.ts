/** The sandbox's Circle lookup (GET {webapi}/circles/{code}), as the join step of the family funnel calls it. */
import { SAMPLE_CIRCLES } from '../../scripts/server/sandbox/circles.ts';
import { WEBAPI } from '../../scripts/server/sandbox/routes.ts';
import { send, previewServerPerFile } from './previewServerHarness.ts';

const preview = previewServerPerFile();

describe('sandbox Circles', () => {
  it('answers each sample code with its Circle', async () => {
    for (const [code, name] of Object.entries(SAMPLE_CIRCLES)) {
      const res = await send(preview.server.url, 'GET', `${WEBAPI}/circles/${code}`);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toEqual({ circle: { code, name } });
    }
  });

  it('answers 404 for a code of the right shape that no Circle has, and for anything else', async () => {
    const unknown = await send(preview.server.url, 'GET', `${WEBAPI}/circles/QQQ222`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ errors: { messages: ['No Circle has this invite code'] } });
    expect((await send(preview.server.url, 'GET', `${WEBAPI}/circles/k7p4qx`)).status).toBe(404);
    expect((await send(preview.server.url, 'GET', `${WEBAPI}/circles/K7P-4QX`)).status).toBe(404);
  });
});
