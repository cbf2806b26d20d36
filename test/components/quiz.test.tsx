import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { funnelData } from '../../screens/flowData.ts';
import type { FunnelData } from '../../screens/flowData.ts';
import { renderFunnel } from './harness.tsx';

const PATH = '/signup/set-your-options';

describe('quiz screen', () => {
  it('asks the three questions of the spec one at a time, counting and tracking each answer, then moves on', async () => {
    const f = await renderFunnel(PATH);
    expect(await screen.findByRole('heading', { name: 'Whom do you want to locate?' })).toBeInTheDocument();
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Loved One', 'Friend', 'Family Member']);
    await userEvent.click(screen.getByRole('button', { name: 'Friend' }));
    expect(f.store.options).toMatchObject({ answeredCount: 1, done: false, answers: { locate: 'friend' } });

    expect(screen.getByRole('heading', { name: 'Which place do you want to be alerted about?' })).toBeInTheDocument();
    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Home', 'Work', 'School', 'None of the above']);
    await userEvent.click(screen.getByRole('button', { name: 'School' }));
    expect(f.store.options.answeredCount).toBe(2);

    expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
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
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Home', 'None of the above']);
    await userEvent.click(screen.getByRole('button', { name: 'None of the above' }));
    expect(f.store.options).toMatchObject({ answeredCount: 1, done: true });
    expect(await screen.findByRole('heading', { name: 'Creating your profile' })).toBeInTheDocument();
  });
});
