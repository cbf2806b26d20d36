/**
 * Writes a simulated event log as Segment JSON lines, optionally with planted bad input, and says
 * what it wrote (visitors, messages, and each kind of bad input) so a test can hold the report's
 * data-quality counts against it.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { createRandom, simulateVisitor, type SimulationModel, type SimulationOptions, type VisitorWalk } from './simulator.ts';
import { visitorMessages, type SimMessage } from './simMessages.ts';

export interface BadInput {
  /** Messages written a second time, later in the log (same messageId). */
  duplicates?: number;
  /** Track events the catalogue does not know. */
  unknownEvents?: number;
  /** Page views of a landing type no landing of this funnel has (another funnel sending to the same collector). */
  otherFunnel?: number;
  /** Visitors whose device clock is 3 hours fast (timestamp and sentAt shifted, receivedAt right). */
  skewedVisitors?: number;
  /** Cut the last line in half, as a log being written when it was copied. */
  truncated?: boolean;
}

export interface WriteLogOptions {
  visitors: number;
  seed: number;
  /** First arrival (ms since the epoch). */
  start: number;
  /** Arrivals spread evenly over this many days. */
  days: number;
  simulation: SimulationOptions;
  bad?: BadInput;
  /** Also write the backend's subscription events (renewals, refunds, cancellations: simSubscriptions.ts). */
  subscriptions?: boolean;
  /** Called with each walk (tests count the truth from these). */
  onVisitor?: (walk: VisitorWalk) => void;
}

export interface WrittenLog {
  visitors: number;
  /** Lines written, bad ones included. */
  lines: number;
  duplicates: number;
  unknownEvents: number;
  otherFunnel: number;
  skewedMessages: number;
  truncated: boolean;
}

const SKEW_MS = 3 * 60 * 60 * 1000;

export function writeEventLog(file: string, model: SimulationModel, options: WriteLogOptions): WrittenLog {
  const random = createRandom(options.seed);
  const bad = options.bad ?? {};
  const fd = openSync(file, 'w');
  const written: WrittenLog = { visitors: 0, lines: 0, duplicates: 0, unknownEvents: 0, otherFunnel: 0, skewedMessages: 0, truncated: false };
  const spacing = (options.days * 86_400_000) / Math.max(1, options.visitors);
  // bad input goes to evenly spaced visitors, so it lands at the same places for a seed
  const every = (n: number | undefined): number => (n && n > 0 ? Math.max(1, Math.floor(options.visitors / n)) : 0);
  const dupEvery = every(bad.duplicates);
  const unknownEvery = every(bad.unknownEvents);
  const otherEvery = every(bad.otherFunnel);
  const skewEvery = every(bad.skewedVisitors);
  const held: SimMessage[] = [];
  let skewed = 0;
  let chunk = '';
  const write = (m: SimMessage): void => {
    chunk += JSON.stringify(m) + '\n';
    written.lines++;
    if (chunk.length > 1 << 20) {
      writeSync(fd, chunk);
      chunk = '';
    }
  };
  for (let i = 0; i < options.visitors; i++) {
    const walk = simulateVisitor(model, options.simulation, random);
    options.onVisitor?.(walk);
    written.visitors++;
    const messages = visitorMessages(model, walk, Math.round(options.start + i * spacing), random, options.subscriptions);
    if (skewEvery && i % skewEvery === 0 && skewed < bad.skewedVisitors!) {
      skewed++;
      for (const m of messages) {
        m.timestamp = new Date(Date.parse(m.timestamp) + SKEW_MS).toISOString();
        m.sentAt = new Date(Date.parse(m.sentAt) + SKEW_MS).toISOString();
      }
      written.skewedMessages += messages.length;
    }
    messages.forEach(write);
    if (dupEvery && i % dupEvery === 0 && written.duplicates < bad.duplicates!) {
      held.push(messages[messages.length - 1]!);
      written.duplicates++;
    }
    if (unknownEvery && i % unknownEvery === 0 && written.unknownEvents < bad.unknownEvents!) {
      write({
        ...messages[0]!,
        type: 'track',
        event: 'legacy_banner_tap',
        name: undefined,
        messageId: `unknown-${i}`,
        properties: { landing_type: walk.landingType },
      });
      written.unknownEvents++;
    }
    if (otherEvery && i % otherEvery === 0 && written.otherFunnel < bad.otherFunnel!) {
      write({
        ...messages[0]!,
        anonymousId: `other-${i}`,
        messageId: `other-${i}`,
        name: '/other',
        properties: { path: '/other', step: 'home', landing_type: 'another-app' },
      });
      written.otherFunnel++;
    }
    // a retried batch arrives a little later
    if (held.length && i % 7 === 0) held.splice(0).forEach(write);
  }
  held.splice(0).forEach(write);
  if (bad.truncated) {
    // one more visitor's first message, cut in half: the copy was taken while the log was being written
    const last = visitorMessages(model, simulateVisitor(model, options.simulation, random), Math.round(options.start + options.visitors * spacing), random)[0]!;
    const line = JSON.stringify(last);
    chunk += line.slice(0, Math.floor(line.length / 2));
    written.lines++;
    written.truncated = true;
  }
  writeSync(fd, chunk);
  closeSync(fd);
  return written;
}
