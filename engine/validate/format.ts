/** Renders issues for people (file:line:col …) and for GitHub Actions (::error and ::warning annotations). */
import type { ValidationIssue } from './types.ts';

/**
 * One line per issue; the hint follows the message after "; ".
 * @example formatIssue(i) // 'flows/landings.json:42:17 /optionsy/plans/1 [unknown-plan] "gz-1-month-tigr" is not in flows/plans.json; did you mean "gz-1-month-tiger"?'
 */
export function formatIssue(i: ValidationIssue): string {
  const level = i.severity === 'warning' ? 'warning: ' : '';
  return `${i.file}:${i.line}:${i.col} ${i.pointer === '' ? '(root)' : i.pointer} [${i.code}] ${level}${i.message}${i.hint ? `; ${i.hint}` : ''}`;
}

const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * A GitHub Actions workflow command that annotates the file (::error, or ::warning for a warning).
 * @example formatGithubAnnotation(i) // '::error file=flows/landings.json,line=42,col=17,title=[unknown-plan]::/optionsy/plans/1 "gz-1-month-tigr" is not …'
 */
export function formatGithubAnnotation(i: ValidationIssue): string {
  const message = `${i.pointer === '' ? '(root)' : i.pointer} ${i.message}${i.hint ? `; ${i.hint}` : ''}`;
  return `::${i.severity === 'warning' ? 'warning' : 'error'} file=${escapeProperty(i.file)},line=${i.line},col=${i.col},title=${escapeProperty(`[${i.code}]`)}::${escapeData(message)}`;
}
