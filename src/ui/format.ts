/** Words and times as a person reads them. */
import type { RunEvent } from './live-state.js';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatTime(iso: string): string {
  return timeOnly.format(new Date(iso));
}

/** "in 6 days", "3 minutes ago". */
export function fromNow(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return relative.format(seconds, 'second');
}

const EVENT_LABELS: Record<RunEvent['type'], string> = {
  STARTED: 'Started',
  STEP_PROVEN: 'Step proven',
  STEP_FAILED: 'Step failed',
  PROOF_MISSING: 'Proof missing',
  MAX_RETRIES: 'Out of retries',
  PROMPT_ISSUED: 'Waiting for a person',
  PROMPT_ANSWERED: 'Prompt answered',
  COMPLETED: 'Completed',
  ATTESTED: 'Attested',
  EXPIRED: 'Expired',
};

export function eventLabel(event: RunEvent): string {
  const step = event.stepIndex === null ? '' : ` (step ${event.stepIndex})`;
  return `${EVENT_LABELS[event.type]}${step}`;
}

/** SCREAMING_SNAKE → "Screaming snake". */
export function humanize(code: string): string {
  const words = code.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 12)}…` : hash;
}
