/**
 * Whether a person's reply to a user_input challenge declines it.
 *
 * Two lists, matched case-insensitively on whole words:
 * - LEADING words decline only as the reply's first word ("No", "no, wait", "Stop!"), because
 *   they also appear inside approvals ("Approved, no issues").
 * - Words and phrases ANYWHERE decline wherever they appear ("I reject this", "not approved").
 * When in doubt the reply counts as a decline: asking again costs less than a wrong approval.
 */
export const LEADING_DECLINE_WORDS: readonly string[] = ['no', 'n', 'nope', 'nah', 'stop', 'cancel', 'abort', 'halt'];

export const DECLINE_WORDS_ANYWHERE: readonly string[] = [
  'reject',
  'rejected',
  'rejecting',
  'deny',
  'denied',
  'decline',
  'declined',
  'declining',
  'refuse',
  'refused',
  'disapprove',
  'disapproved',
  'cancelled',
  'canceled',
  'aborted',
  'not approved',
  'not approve',
  "don't approve",
  'do not approve',
  'not ok',
  'not okay',
  "don't proceed",
  'do not proceed',
  "don't continue",
  'do not continue',
];

const WORD = /[\p{L}\p{N}']+/gu;

export function isDeclinedConfirmation(reply: string): boolean {
  const words = (reply.toLowerCase().replaceAll('’', "'").match(WORD) ?? []).map((word) => word.replace(/^'+|'+$/g, ''));
  const first = words[0];
  if (first !== undefined && LEADING_DECLINE_WORDS.includes(first)) return true;
  const spaced = ` ${words.join(' ')} `;
  return DECLINE_WORDS_ANYWHERE.some((phrase) => spaced.includes(` ${phrase} `));
}

/**
 * A person who declines or cancels the question an MCP host put to them (elicitation) is
 * recorded as this reply (the reference's wording); both read as declines above.
 */
export const ELICITATION_REFUSALS = {
  declined: 'User declined confirmation.',
  cancelled: 'User cancelled or did not confirm.',
} as const;
