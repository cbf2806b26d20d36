/** The validator's discovery of flow files is the one list the bundle and Node code get their flows from. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { discoverFlowFiles, loadFunnelData } from '../../engine/validate/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { copyFlows } from '../fixtures/tempFlows.ts';

/** The flows of flows/ (each in the file named by its id), with the spring flow the fixture adds. */
const withSpring = (suffix = ''): string[] => [...Object.keys(funnelData.flows), 'spring'].sort().map((id) => id + suffix);

describe('flow file discovery', () => {
  it('takes every *.json of the flows directory except the variants, the plans and fixture expectations', () => {
    const flows = copyFlows({ withSpringFlow: true });
    try {
      writeFileSync(join(flows.dir, 'expected.json'), '[]');
      writeFileSync(join(flows.dir, 'notes.txt'), 'not a flow');
      const found = discoverFlowFiles(flows.dir);
      expect(found.flows.map((f) => f.slice(flows.dir.length + 1))).toEqual(withSpring('.json'));
      expect(found.landings).toBe(join(flows.dir, 'landings.json'));
      expect(found.plans).toBe(join(flows.dir, 'plans.json'));
    } finally {
      flows.remove();
    }
  });

  it('loads a new flow file and its variant with no code change', async () => {
    const flows = copyFlows({ withSpringFlow: true });
    try {
      const data = await loadFunnelData({ flowsDir: flows.dir });
      expect(Object.keys(data.flows).sort()).toEqual(withSpring());
      expect(data.flows.spring!.steps['spring-place-alerts']!.path).toBe('/spring/place-alerts');
      expect(data.landings.spring).toMatchObject({ flow: 'spring', paths: ['/spring'] });
    } finally {
      flows.remove();
    }
  });

  it('reports a flow file that is not JSON with its place', async () => {
    const flows = copyFlows();
    try {
      writeFileSync(join(flows.dir, 'broken.json'), '{ "id": "broken",, }');
      await expect(loadFunnelData({ flowsDir: flows.dir })).rejects.toThrow(/broken\.json:1:\d+ .*\[json-syntax\]/);
    } finally {
      flows.remove();
    }
  });

  it('gives screens/flowData.ts every flow of flows/', async () => {
    expect(Object.keys(funnelData.flows).sort()).toEqual(Object.keys((await loadFunnelData()).flows).sort());
    // the spec's two funnels are among them
    expect(Object.keys(funnelData.flows)).toEqual(expect.arrayContaining(['family', 'main']));
  });
});
