/**
 * A plan's `kind` (what its name is made of, screens/ui/planNames.ts) agrees with its data, so a
 * name can never promise what the plan does not do: "plan with a free trial" only on a plan with
 * `trialDays`, and every trial named so; an add-on named by its `productName`, which only an add-on has;
 * an intro offer says what it renews at (`renewal`): without one it would renew at its intro price forever.
 */
import { issueAt } from './load.ts';
import { ptr, type JsonDoc, type Obj, type ValidationIssue } from './types.ts';

export function checkPlanKind(doc: JsonDoc, pointer: string, label: string, plan: Obj): ValidationIssue[] {
  const { kind } = plan;
  if (typeof kind !== 'string') return [];
  const trialDays = typeof plan.trialDays === 'number' ? plan.trialDays : 0;
  const mismatch = (field: string, message: string, hint: string): ValidationIssue =>
    issueAt(doc, ptr(pointer, field), 'plan-kind-mismatch', `${label} ${message}`, hint);
  const issues: ValidationIssue[] = [];
  if (kind === 'trial' && trialDays === 0) {
    issues.push(
      mismatch(
        'kind',
        'is named a plan with a free trial (kind "trial") but has no trialDays',
        'add "trialDays" (the free days before the first payment), or write "kind": "plan"',
      ),
    );
  }
  if (kind !== 'trial' && trialDays > 0) {
    issues.push(mismatch('kind', `has a ${trialDays}-day free trial, but its name (kind "${kind}") would not say so`, 'write "kind": "trial"'));
  }
  if (kind === 'intro' && plan.renewal === undefined) {
    issues.push(
      mismatch(
        'kind',
        'is named an intro offer (kind "intro") but has no renewal: its texts would say it renews at the intro price for ever',
        'add "renewal" (the price and period it renews at once the intro ends), or write "kind": "plan" for a plan that keeps its price',
      ),
    );
  }
  if (kind === 'addon' && typeof plan.productName !== 'string') {
    issues.push(
      mismatch(
        'kind',
        'is an add-on (kind "addon") without the product name it is sold by',
        'add "productName": an i18n key of the product\'s name in every locale',
      ),
    );
  }
  if (kind !== 'addon' && plan.productName !== undefined) {
    issues.push(
      mismatch(
        'productName',
        `has a productName, but its name is made from its period (kind "${kind}")`,
        'remove "productName", or write "kind": "addon" for an add-on sold by its product name',
      ),
    );
  }
  return issues;
}
