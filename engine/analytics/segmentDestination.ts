/** The Segment-format HTTP batch destination type (`segment-http`); its code loads lazily. */
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
    return problems;
  },
  load: () => import('./segmentSink.ts').then((m) => m.createSegmentSink),
};
