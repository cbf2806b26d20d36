import { createAnalytics, memorySink, type AnalyticsEvent } from '../../engine/index.ts';
import { applySaved, serialize } from '../../engine/index.ts';
import { createFunnelStore } from '../../engine/index.ts';
import { productSlices } from '../../screens/product/slices.ts';
import { answerQuestion, firstUnanswered, restoreQuiz } from '../../screens/quiz/model.ts';

const IDS = ['locate', 'place', 'follow'];

describe('quiz', () => {
  it('counts each answer, tracks it, and is done after the third', () => {
    const store = createFunnelStore(productSlices);
    const events: AnalyticsEvent[] = [];
    const analytics = createAnalytics([memorySink(events)]);
    expect(answerQuestion(store, analytics, IDS, 'locate', 'friend')).toBe(false);
    expect(store.options).toMatchObject({ answeredCount: 1, done: false, answers: { locate: 'friend' } });
    expect(answerQuestion(store, analytics, IDS, 'place', 'home')).toBe(false);
    expect(answerQuestion(store, analytics, IDS, 'follow', 'none')).toBe(true);
    expect(store.options).toMatchObject({ answeredCount: 3, done: true });
    expect(events.filter((e) => e.name === 'quiz_answered').map((e) => e.props)).toEqual([
      { question: 'locate', answer: 'friend' },
      { question: 'place', answer: 'home' },
      { question: 'follow', answer: 'none' },
    ]);
  });

  it('counts a changed answer once', () => {
    const store = createFunnelStore(productSlices);
    const analytics = createAnalytics([]);
    answerQuestion(store, analytics, IDS, 'locate', 'friend');
    answerQuestion(store, analytics, IDS, 'locate', 'lovedOne');
    expect(store.options).toMatchObject({ answeredCount: 1, answers: { locate: 'lovedOne' } });
  });

  it('survives a reload: the answers come back from the persisted analytics data', () => {
    const before = createFunnelStore(productSlices);
    const analytics = createAnalytics([]);
    answerQuestion(before, analytics, IDS, 'locate', 'familyMember');
    answerQuestion(before, analytics, IDS, 'place', 'school');

    const after = createFunnelStore(productSlices); // a reload: options start empty, persisted slices come back
    applySaved(after, serialize(before));
    expect(after.options.answeredCount).toBe(0);
    restoreQuiz(after, IDS);
    expect(after.options).toMatchObject({ answeredCount: 2, done: false, answers: { locate: 'familyMember', place: 'school' } });
    expect(firstUnanswered(IDS, after.options.answers)).toBe(2);
    restoreQuiz(after, IDS); // idempotent
    expect(after.options.answeredCount).toBe(2);
  });

  it('finds the first question without an answer', () => {
    expect(firstUnanswered(IDS, {})).toBe(0);
    expect(firstUnanswered(IDS, { locate: 'friend', follow: 'none' })).toBe(1);
    expect(firstUnanswered(IDS, { locate: 'a', place: 'b', follow: 'c' })).toBe(3);
  });
});
