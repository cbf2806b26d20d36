/** Which saves make `npm run dev` run the validator: flow, locale and schema files and the registry do; other code does not. */
import { fileURLToPath } from 'node:url';
import { needsValidation } from '../../scripts/dev/devBuild.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateProject } from '../../engine/validate/index.ts';
import { copyFlows } from '../fixtures/tempFlows.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const at = (path: string): string => `${root}${path}`;

describe('dev validation', () => {
  it('validates after a save of a flow, locale or schema file, the screen registry or the validator', () => {
    expect(needsValidation([at('flows/landings.json')])).toBe(true);
    expect(needsValidation(['/tmp/funnel-flows-x/main.json'])).toBe(true);
    expect(needsValidation([at('locales/de.json')])).toBe(true);
    expect(needsValidation([at('schemas/screens/choice.schema.json')])).toBe(true);
    expect(needsValidation([at('screens/registry.ts')])).toBe(true);
    expect(needsValidation([at('engine/validate/semantic.ts')])).toBe(true);
    expect(needsValidation([at('screens/landing/LandingScreen.tsx'), at('locales/en.json')])).toBe(true);
  });

  it('skips it for screen and engine code and styles', () => {
    expect(needsValidation([at('screens/landing/LandingScreen.tsx')])).toBe(false);
    expect(needsValidation([at('screens/landing/landing.css'), at('engine/react/StepHost.tsx')])).toBe(false);
  });

  it('parses a file again only when its text changed', async () => {
    const flows = copyFlows();
    try {
      const first = (await validateProject({ flowsDir: flows.dir })).data;
      const again = (await validateProject({ flowsDir: flows.dir })).data;
      expect(again.plans).toBe(first.plans);
      expect(again.landings).toBe(first.landings);
      const landingsFile = join(flows.dir, 'landings.json');
      writeFileSync(landingsFile, `${readFileSync(landingsFile, 'utf8')}\n`);
      const edited = (await validateProject({ flowsDir: flows.dir })).data;
      expect(edited.landings).not.toBe(first.landings);
      expect(edited.landings).toEqual(first.landings);
      expect(edited.plans).toBe(first.plans);
    } finally {
      flows.remove();
    }
  }, 60_000);
});
