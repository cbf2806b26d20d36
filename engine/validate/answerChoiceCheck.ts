/**
 * Steps that read the visitor's quiz answers name the question (`"question": "<id>"`, in a choice by
 * answer `{ question, byAnswer }` or a summary line) and, in a choice, its answers (the keys of
 * `byAnswer`). A misspelt id would silently never match; here it is an error at its place. The
 * questions of a flow are those its steps declare as `props.questions[]` (`id`, `answers[].id`).
 */
import { issueAt } from './load.ts';
import type { Project, StepInfo } from './project.ts';
import { closest } from './suggest.ts';
import { isObj, ptr, type ValidationIssue } from './types.ts';

/** How deep props are searched for question references (props are a few levels deep). */
const MAX_DEPTH = 8;

/** The questions a flow's steps declare, each with its answer ids. */
function declaredQuestions(steps: readonly StepInfo[]): Map<string, Set<string>> {
  const questions = new Map<string, Set<string>>();
  for (const step of steps) {
    const list = step.props?.questions;
    if (!Array.isArray(list)) continue;
    for (const q of list) {
      if (!isObj(q) || typeof q.id !== 'string' || questions.has(q.id)) continue;
      const answers = Array.isArray(q.answers) ? q.answers.flatMap((a) => (isObj(a) && typeof a.id === 'string' ? [a.id] : [])) : [];
      questions.set(q.id, new Set(answers));
    }
  }
  return questions;
}

/** Every object under a step's props that names a question, with its pointer. */
function questionRefs(value: unknown, pointer: string, depth = 0): Array<{ ref: Record<string, unknown>; pointer: string }> {
  if (depth > MAX_DEPTH) return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => questionRefs(item, ptr(pointer, i), depth + 1));
  if (!isObj(value)) return [];
  const own = typeof value.question === 'string' ? [{ ref: value, pointer }] : [];
  return [...own, ...Object.entries(value).flatMap(([key, item]) => questionRefs(item, ptr(pointer, key), depth + 1))];
}

/** One error per reference to a question the flow does not ask, or to an answer its question does not have. */
export function checkAnswerChoices(project: Project): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const flow of project.flows) {
    const questions = declaredQuestions(flow.steps);
    for (const step of flow.steps) {
      for (const { ref, pointer } of questionRefs(step.props, ptr(step.pointer, 'props'))) {
        const id = ref.question as string;
        const answers = questions.get(id);
        if (!answers) {
          const near = closest(id, questions.keys());
          issues.push(
            issueAt(
              flow.doc,
              ptr(pointer, 'question'),
              'unknown-question',
              `step "${step.id}" names the question "${id}", which no step of the flow "${flow.id}" asks`,
              near ? `did you mean "${near}"?` : `name one of the flow's questions: ${[...questions.keys()].join(', ') || '(none)'}`,
            ),
          );
          continue;
        }
        if (!isObj(ref.byAnswer)) continue;
        for (const answer of Object.keys(ref.byAnswer)) {
          if (answers.has(answer)) continue;
          const near = closest(answer, answers);
          issues.push(
            issueAt(
              flow.doc,
              ptr(pointer, 'byAnswer', answer),
              'unknown-answer',
              `step "${step.id}": the question "${id}" has no answer "${answer}"`,
              near ? `did you mean "${near}"?` : `its answers are ${[...answers].join(', ')}`,
            ),
          );
        }
      }
    }
  }
  return issues;
}
