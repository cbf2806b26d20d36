/** The Segment-format HTTP batch destination type (`segment-http`); its code loads lazily. */
import { BATCH_APIS } from './batchApi.ts';
import { consentCategoriesProblems } from './segmentConsent.ts';
import type { DestinationType } from './types.ts';

export const segmentDestination: DestinationType = {
  type: 'segment-http',
  validate(s) {
    const problems: string[] = [];
    if (typeof s.url !== 'string' || !s.url) problems.push('settings.url must be the collector address');
    for (const k of ['flushAt', 'flushIntervalMs', 'maxQueue', 'maxBatchBytes', 'retryBaseMs']) {
      if (s[k] !== undefined && !(typeof s[k] === 'number' && Number.isInteger(s[k]) && (s[k] as number) > 0))
        problems.push(`settings.${k} must be a positive whole number`);
    }
    if (s.writeKey !== undefined && typeof s.writeKey !== 'string') problems.push('settings.writeKey must be a string');
    // an empty api (an unset build variable) sends no key, like a collector that needs none
    if (s.api !== undefined && s.api !== '' && !BATCH_APIS.includes(s.api as never)) problems.push(`settings.api must be one of ${BATCH_APIS.join(', ')}`);
    if (typeof s.writeKey === 'string' && s.writeKey && !s.api) problems.push('settings.api must say whose batch API takes the write key');
    problems.push(...consentCategoriesProblems(s.consentCategories));
    return problems;
  },
  load: () => import('./segmentSink.ts').then((m) => m.createSegmentSink),
};
