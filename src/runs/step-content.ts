const BODY_START = /<!--\s*KAIROS:BODY-START\s*-->/i;
const BODY_END = /<!--\s*KAIROS:BODY-END\s*-->/i;

/**
 * The text shown as `currentStep.content`: when the stored text holds both BODY markers in
 * order, only what lies between them; otherwise the whole text. Trimmed either way.
 */
export function displayStepContent(storedText: string): string {
  const start = BODY_START.exec(storedText);
  if (start) {
    const afterStart = start.index + start[0].length;
    const end = BODY_END.exec(storedText.slice(afterStart));
    if (end) return storedText.slice(afterStart, afterStart + end.index).trim();
  }
  return storedText.trim();
}
