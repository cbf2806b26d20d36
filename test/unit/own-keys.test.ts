/**
 * Keys that come from data, storage, a URL or a text never reach Object.prototype: a translation tag,
 * a stored landing type or a stored plan named after a built-in member (constructor, toString,
 * hasOwnProperty, __proto__) finds nothing and falls back, instead of crashing a screen. The ESLint
 * rule against `key in object` (eslint.config.js) keeps new code from the other half of the mistake.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getVariant, homeVariantId, nextStepId, ownValue, planNamed, resolveActiveVariant, sellablePlan } from '../../engine/index.ts';
import { createTranslator } from '../../engine/react/index.ts';
import { failureTextKey } from '../../engine/payments/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { RichText } from '../../screens/ui/RichText.tsx';

const BUILT_INS = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf', 'isPrototypeOf'];
const { landings, plans } = funnelData;
const home = getVariant(landings, homeVariantId(landings))!;

describe.each(BUILT_INS)('the key "%s"', (key) => {
  it('is no value of a plain object', () => {
    expect(ownValue({ a: 1 }, key)).toBeUndefined();
    expect(ownValue(JSON.parse(`{"${key}": 7}`) as Record<string, number>, key)).toBe(7); // an own key of that name is found
  });

  it('as a stored landing type: no variant, the home variant is shown', () => {
    expect(getVariant(landings, key)).toBeUndefined();
    expect(resolveActiveVariant(landings, '/signup/plans', key).id).toBe(homeVariantId(landings));
  });

  it("as a stored plan: no plan, the checkout sells the variant's default", () => {
    expect(planNamed(plans, key)).toBeUndefined();
    expect(sellablePlan(home, plans, key)?.name).toBe(home.defaultPlan);
  });

  it('as a translation key or a placeholder: the key itself, never a function', () => {
    const { t } = createTranslator('en', { a: { b: 'Hi {{name}}' } });
    expect(t(key)).toBe(key);
    expect(t(`a.${key}`)).toBe(`a.${key}`);
    expect(t(`${key}.b`)).toBe(`${key}.b`);
    expect(t('a.b', { name: 'Ada' })).toBe('Hi Ada');
    expect(createTranslator('en', { x: `{{${key}}}` }).t('x', {})).toBe(`{{${key}}}`);
  });

  it('as a rich-text tag: its inner text only', () => {
    const html = renderToStaticMarkup(createElement(RichText, { text: `Read <${key}>the terms</${key}>.`, components: { terms: createElement('a') } }));
    // a name that is no tag at all (`__proto__`) stays text, escaped; a tag name finds no component
    expect(html).toBe(/^[a-z][a-zA-Z0-9]*$/.test(key) ? 'Read the terms.' : `Read &lt;${key}&gt;the terms&lt;/${key}&gt;.`);
  });

  it('as an outcome or a decline code: unmapped', () => {
    expect(nextStepId({ default: 'x' }, key)).toBeUndefined();
    expect(failureTextKey({ kind: 'decline', declineCode: key })).toBe('checkout.errors.paymentError');
  });
});

describe('only what the variant sells', () => {
  it('a plan of the catalogue that the variant does not offer falls back to its default', () => {
    for (const name of ['gz-1-day-test', 'gz-3-months-intro-banana', plans.upsell.name, 'gz-28-days-vasyl-stus']) {
      expect(sellablePlan(home, plans, name)?.name, name).toBe(home.defaultPlan);
    }
    for (const name of home.plans) expect(sellablePlan(home, plans, name)?.name).toBe(name);
  });
});
