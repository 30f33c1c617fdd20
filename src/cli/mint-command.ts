import { readFile } from 'node:fs/promises';
import { CliMintDocument } from './documents.js';
import { type Call, CliError } from './server-client.js';

/** `mint <file.md> [--space S] [--force]`: a protocol document becomes steps on the server. */
export async function mintFile(
  call: Call,
  file: string,
  options: { space?: string; force: boolean; json: boolean },
  out: (line: string) => void,
): Promise<number> {
  let markdown: string;
  try {
    markdown = await readFile(file, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, 1);
  }
  const { mint } = await call(CliMintDocument, { input: { markdown, space: options.space ?? null, force: options.force || null } });
  const { protocol } = mint;
  if (options.json) {
    out(JSON.stringify(protocol, null, 2));
    return 0;
  }
  out(
    `Minted "${protocol.label}" (${protocol.stepCount} step${protocol.stepCount === 1 ? '' : 's'}, key ${protocol.slug}) in ${protocol.space}: ${protocol.uri}`,
  );
  return 0;
}
