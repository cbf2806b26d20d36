/**
 * The screens a flow places between quiz questions (fact, testimonial, summary) and the quiz split
 * over several steps: every expectation is read from flows/personal.json and locales/en.json.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { funnelData } from '../../screens/flowData.ts';
import type { QuizFactProps, QuizProps, QuizSummaryProps, QuizTestimonialProps } from '../../screens/types/flow.gen.ts';
import { art } from '../../screens/ui/art/index.ts';
import { renderFunnel } from './harness.tsx';
import en from '../../locales/en.json';

const flow = funnelData.flows.personal!;

/** A step of the personal flow with its props, of the screen type the test expects. */
function stepOf<P>(id: string, screenType: string): { path: string; props: P; next: string } {
  const step = flow.steps[id];
  if (!step || step.screen !== screenType || typeof step.next !== 'string' || !step.path) throw new Error(`${id} is no ${screenType} step`);
  return { path: step.path, props: step.props as P, next: step.next };
}

/** The path of a step (of any flow). */
const pathOf = (id: string): string => {
  const found = Object.values(funnelData.flows).find((f) => f.steps[id])?.steps[id];
  if (!found?.path) throw new Error(`no path for ${id}`);
  return found.path;
};

/** An English text by its key, with its {{placeholders}} filled. */
function text(key: string, values: Record<string, string | number> = {}): string {
  const raw = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
  if (typeof raw !== 'string') throw new Error(`no English text ${key}`);
  return raw.replace(/\{\{([\w.]+)\}\}/g, (_, name: string) => String(values[name]));
}

/** Every quiz question of the flow, by id. */
const questions = new Map(
  Object.values(flow.steps).flatMap((step) => (step.screen === 'quiz' ? (step.props as QuizProps).questions.map((q) => [q.id, q] as const) : [])),
);
/** The English label of an answer of the flow. */
const answerLabel = (questionId: string, answerId: string): string => text(questions.get(questionId)!.answers.find((a) => a.id === answerId)!.label);

/** Answers as the quiz keeps them (persisted analytics data), so a step opens as after answering. */
const answered = (answers: Record<string, string>) => (s: { events: { analyticsData: Record<string, unknown> } }) => {
  for (const [q, a] of Object.entries(answers)) s.events.analyticsData[`quiz_${q}`] = a;
};

const imageSrc = (): string | null => document.querySelector('.fe-screen__art img')?.getAttribute('src') ?? null;

describe('fact between quiz questions', () => {
  const fact = stepOf<QuizFactProps>('personal-fact', 'quiz-fact');

  it('titles and illustrates itself by the answer, quotes another answer in its text, and continues', async () => {
    const [answer, headline] = Object.entries(fact.props.titleByAnswer!.byAnswer).find(([a]) => fact.props.artByAnswer?.byAnswer[a])!;
    const circle = questions.get('circle')!.answers[0]!.id;
    const f = await renderFunnel(fact.path, { state: answered({ [fact.props.titleByAnswer!.question]: answer, circle }) });
    expect(await screen.findByRole('heading', { level: 1, name: text(headline) })).toBeInTheDocument();
    expect(screen.getByText(text(fact.props.text, { 'answers.circle': answerLabel('circle', circle) }))).toBeInTheDocument();
    expect(imageSrc()).toBe(art[fact.props.artByAnswer!.byAnswer[answer]!]);
    await userEvent.click(screen.getByRole('button', { name: text(fact.props.cta) }));
    expect(f.path()).toBe(pathOf(fact.next));
  });

  it('keeps its default title and illustration for an answer its choices do not list', async () => {
    const listed = new Set(Object.keys(fact.props.artByAnswer!.byAnswer));
    const unlisted = questions.get(fact.props.artByAnswer!.question)!.answers.find((a) => !listed.has(a.id));
    expect(unlisted).toBeDefined();
    await renderFunnel(fact.path, { state: answered({ [fact.props.artByAnswer!.question]: unlisted!.id }) });
    const expectedTitle = fact.props.titleByAnswer!.byAnswer[unlisted!.id] ?? fact.props.title;
    expect(await screen.findByRole('heading', { level: 1, name: text(expectedTitle) })).toBeInTheDocument();
    expect(imageSrc()).toBe(art[fact.props.art!]);
  });
});

describe('testimonial between quiz questions', () => {
  const story = stepOf<QuizTestimonialProps>('personal-story', 'quiz-testimonial');

  it("shows the customer's words, name, role and rating from the step, then continues", async () => {
    const f = await renderFunnel(story.path);
    expect(await screen.findByRole('heading', { level: 1, name: text(story.props.title) })).toBeInTheDocument();
    const quote = screen.getByText(text(story.props.quote));
    expect(quote.closest('blockquote')).not.toBeNull();
    expect(screen.getByText(story.props.author)).toBeInTheDocument();
    expect(screen.getByText(text(story.props.role!))).toBeInTheDocument();
    expect(screen.getByRole('img', { name: text('quizInterstitial.rating', { stars: story.props.stars!, max: 5 }) })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text(story.props.cta) }));
    expect(f.path()).toBe(pathOf(story.next));
  });
});

describe('summary of the answers', () => {
  const summary = stepOf<QuizSummaryProps>('personal-summary', 'quiz-summary');

  it('lists each answered question with the answer given, leaves out the unanswered ones, and continues', async () => {
    // every question of the summary but its last is answered, with each question's last answer
    const given = Object.fromEntries(summary.props.items.slice(0, -1).map((item) => [item.question, questions.get(item.question)!.answers.at(-1)!.id]));
    const f = await renderFunnel(summary.path, { state: answered(given) });
    expect(await screen.findByRole('heading', { level: 1, name: text(summary.props.title) })).toBeInTheDocument();
    const rows = [...document.querySelectorAll('.fe-answers__row')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]);
    expect(rows).toEqual(summary.props.items.slice(0, -1).map((item) => [text(item.label), answerLabel(item.question, given[item.question]!)]));
    expect(screen.getByText(text(summary.props.text!, { 'answers.worry': answerLabel('worry', given.worry!) }))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text(summary.props.cta) }));
    expect(f.path()).toBe(pathOf(summary.next));
  });
});

describe('a quiz split over several steps', () => {
  /** The quiz steps on the flow's way from its entry, with their questions. */
  const quizSteps = (): Array<{ id: string; count: number }> => {
    const out: Array<{ id: string; count: number }> = [];
    for (let id: string | undefined = flow.entry; id && flow.steps[id];) {
      const step: (typeof flow.steps)[string] = flow.steps[id]!;
      if (step.screen === 'quiz') out.push({ id, count: (step.props as QuizProps).questions.length });
      id = typeof step.next === 'string' ? step.next : undefined;
    }
    return out;
  };

  it('counts its questions over the whole flow ("Question 3 of 6"), and moves on after its own last question', async () => {
    const steps = quizSteps();
    const total = steps.reduce((n, s) => n + s.count, 0);
    expect(total).toBeGreaterThanOrEqual(5);
    const second = steps[1]!;
    const before = steps[0]!.count;
    const quiz = stepOf<QuizProps>(second.id, 'quiz');
    const f = await renderFunnel(quiz.path);
    expect(await screen.findByText(text('quiz.progress', { current: before + 1, total }))).toBeInTheDocument();
    for (const [k, question] of quiz.props.questions.entries()) {
      expect(screen.getByText(text('quiz.progress', { current: before + k + 1, total }))).toBeInTheDocument();
      await userEvent.click(within(screen.getByRole('list')).getByRole('button', { name: text(question.answers[0]!.label) }));
    }
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(f.path()).toBe(pathOf(quiz.next));
    expect(f.store.options.done).toBe(true);
  });
});
