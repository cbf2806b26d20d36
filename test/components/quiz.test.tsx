import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { funnelData } from '../../screens/flowData.ts';
import type { FunnelData } from '../../screens/flowData.ts';
import { renderFunnel } from './harness.tsx';
import en from '../../locales/en.json';
import { isLineIcon } from '../../screens/ui/LineIcon.tsx';

/** The answer buttons of the question on screen (the Back control is not one of them). */
const answerButtons = (): HTMLElement[] => within(screen.getByRole('list')).getAllByRole('button');

/** The quiz step of the main flow, as the flow file defines it. */
function quizStep() {
  const step = funnelData.flows.main!.steps['set-your-options']!;
  if (step.screen !== 'quiz') throw new Error('set-your-options is not a quiz');
  return step;
}

/** An English text by its key, e.g. "quiz.place.title". */
const text = (key: string): string => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

const PATH = '/signup/set-your-options';

describe('quiz screen', () => {
  it('asks the three questions of the spec one at a time, counting and tracking each answer, then moves on', async () => {
    const f = await renderFunnel(PATH);
    expect(await screen.findByRole('heading', { name: 'Whom do you want to locate?' })).toBeInTheDocument();
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
    expect(answerButtons().map((b) => b.textContent)).toEqual(['Loved One', 'Friend', 'Family Member']);
    await userEvent.click(screen.getByRole('button', { name: 'Friend' }));
    expect(f.store.options).toMatchObject({ answeredCount: 1, done: false, answers: { locate: 'friend' } });

    expect(screen.getByRole('heading', { name: 'Which place do you want to be alerted about?' })).toBeInTheDocument();
    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
    expect(answerButtons().map((b) => b.textContent)).toEqual(['Home', 'Work', 'School', 'None of the above']);
    await userEvent.click(screen.getByRole('button', { name: 'School' }));
    expect(f.store.options.answeredCount).toBe(2);

    expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
    expect(answerButtons().map((b) => b.textContent)).toEqual([
      'Schedule',
      'Driving Patterns',
      'Most Visited Places',
      "Phone's Battery Status",
      'None of the above',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Driving Patterns' }));
    expect(f.store.options).toMatchObject({ answeredCount: 3, done: true, answers: { locate: 'friend', place: 'school', follow: 'drivingPatterns' } });

    expect(await screen.findByRole('heading', { name: 'Creating your profile' })).toBeInTheDocument();
    expect(f.path()).toBe('/signup/creating-your-profile');
    expect(f.events.filter((e) => e.name === 'quiz_answered').map((e) => e.props)).toEqual([
      { question: 'locate', answer: 'friend' },
      { question: 'place', answer: 'school' },
      { question: 'follow', answer: 'drivingPatterns' },
    ]);
    // the answers are also in the persisted analytics data, so a reload keeps them
    expect(f.store.events.analyticsData).toMatchObject({ quiz_locate: 'friend', quiz_place: 'school', quiz_follow: 'drivingPatterns' });
  });

  it('after a reload, opens the first question without an answer', async () => {
    const f = await renderFunnel(PATH, { state: (s) => Object.assign(s.events.analyticsData, { quiz_locate: 'lovedOne', quiz_place: 'home' }) });
    expect(await screen.findByText('Question 3 of 3')).toBeInTheDocument();
    expect(f.store.options).toMatchObject({ answeredCount: 2, done: false, answers: { locate: 'lovedOne', place: 'home' } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(f.store.options).toMatchObject({ answeredCount: 3, done: true });
    expect(await screen.findByRole('heading', { name: 'Creating your profile' })).toBeInTheDocument();
  });

  it('takes its questions from the flow', async () => {
    const data: FunnelData = structuredClone(funnelData);
    const step = data.flows.main!.steps['set-your-options']!;
    if (step.screen !== 'quiz') throw new Error('set-your-options is not a quiz');
    step.props.questions = [
      {
        id: 'place',
        title: 'quiz.place.title',
        answers: [
          { id: 'home', label: 'quiz.place.home' },
          { id: 'none', label: 'quiz.noneOfTheAbove' },
        ],
      },
    ];
    const f = await renderFunnel(PATH, { data });
    expect(await screen.findByText('Question 1 of 1')).toBeInTheDocument();
    expect(answerButtons().map((b) => b.textContent)).toEqual(['Home', 'None of the above']);
    await userEvent.click(screen.getByRole('button', { name: 'None of the above' }));
    expect(f.store.options).toMatchObject({ answeredCount: 1, done: true });
    expect(await screen.findByRole('heading', { name: 'Creating your profile' })).toBeInTheDocument();
  });

  it('draws the icon each answer names in the flow, before its label, hidden from screen readers', async () => {
    await renderFunnel(PATH);
    const [first] = quizStep().props.questions;
    expect(await screen.findByRole('heading', { name: text(first!.title) })).toBeInTheDocument();
    for (const answer of first!.answers) {
      expect(isLineIcon(answer.icon!)).toBe(true);
      const button = screen.getByRole('button', { name: text(answer.label) });
      const icon = button.querySelector('.quiz__answer-icon');
      expect(icon).toHaveAttribute('aria-hidden', 'true');
      expect(icon?.querySelector('svg path')?.getAttribute('d')).toBeTruthy();
      expect(button.firstElementChild).toBe(icon);
    }
  });

  it('shows one progress bar (the funnel’s) and the question count as text', async () => {
    await renderFunnel(PATH);
    const total = quizStep().props.questions.length;
    expect(await screen.findByText(`Question 1 of ${total}`)).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    // and no drawn bar of the quiz's own: its only decorations are the answers' icons and marks
    const decorations = [...document.querySelectorAll('.quiz [aria-hidden="true"]')].map((el) => el.className);
    expect(new Set(decorations)).toEqual(new Set(['quiz__answer-icon', 'quiz__answer-mark']));
  });

  it('moves focus to each new question heading, and Back returns to the previous question with its answer chosen', async () => {
    const f = await renderFunnel(PATH);
    const [first, second, third] = quizStep().props.questions;
    expect(await screen.findByRole('heading', { name: text(first!.title) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.quiz.back })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: text(first!.answers[1]!.label) }));
    const secondHeading = await screen.findByRole('heading', { name: text(second!.title) });
    await waitFor(() => expect(secondHeading).toHaveFocus());
    expect(secondHeading).toHaveAttribute('tabindex', '-1');

    await userEvent.click(screen.getByRole('button', { name: en.quiz.back }));
    const firstHeading = await screen.findByRole('heading', { name: text(first!.title) });
    await waitFor(() => expect(firstHeading).toHaveFocus());
    expect(screen.getByRole('button', { name: text(first!.answers[1]!.label) })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: text(first!.answers[0]!.label) })).toHaveAttribute('aria-pressed', 'false');
    expect(f.path()).toBe(PATH);

    // a changed answer replaces the old one, counted once, and the quiz goes on to the next question
    await userEvent.click(screen.getByRole('button', { name: text(first!.answers[0]!.label) }));
    expect(await screen.findByRole('heading', { name: text(second!.title) })).toBeInTheDocument();
    expect(f.store.options).toMatchObject({ answeredCount: 1, answers: { [first!.id]: first!.answers[0]!.id } });
    await userEvent.click(screen.getByRole('button', { name: text(second!.answers[0]!.label) }));
    expect(await screen.findByRole('heading', { name: text(third!.title) })).toBeInTheDocument();

    // back to a question already answered: its answer is still chosen, and answering moves forward again
    await userEvent.click(screen.getByRole('button', { name: en.quiz.back }));
    expect(await screen.findByRole('heading', { name: text(second!.title) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text(second!.answers[0]!.label) })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: text(second!.answers[0]!.label) }));
    expect(await screen.findByRole('heading', { name: text(third!.title) })).toBeInTheDocument();
    expect(f.store.options).toMatchObject({ answeredCount: 2, done: false });
  });
});
