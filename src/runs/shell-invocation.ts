import type { ShellChallenge } from '../protocol/challenge.js';

const DASH_C_INTERPRETERS = new Set(['python3', 'python', 'sh']);
const DASH_E_INTERPRETERS = new Set(['perl', 'node', 'nodejs', 'ruby']);
const DASH_E_FLAGS = new Set(['-e', '-E', '-ne', '-pe']);
const SAFE_ARGUMENT = /^[\w@%+=:,./-]+$/;

/**
 * The one-line command an agent should run for a shell challenge (reference §4.1):
 * - no interpreter or bash: `bash [flags] -c <cmd or true> [-- args]`;
 * - python3, python, sh: `interp [flags] -c cmd [args]`;
 * - perl, node, nodejs, ruby: `interp [flags] -e cmd [args]`;
 * - anything else (terraform, npx, make, docker, unknown): `interp [flags] [cmd] [args]`.
 * `-c`/`-e` is left out when the flags already carry it. Interpreters are recognised by their
 * base name, so `/usr/bin/python3` counts as python3.
 */
export function shellInvocationDisplay(shell: ShellChallenge): string {
  const flags = shell.flags ?? [];
  const args = shell.args ?? [];
  const interpreter = shell.interpreter?.trim() || 'bash';
  const name = interpreter.split('/').pop() ?? interpreter;
  let argv: string[];
  if (name === 'bash') {
    argv = [interpreter, ...flags];
    if (!flags.includes('-c')) argv.push('-c');
    argv.push(shell.cmd || 'true');
    if (args.length > 0) argv.push('--', ...args);
  } else if (DASH_C_INTERPRETERS.has(name) || DASH_E_INTERPRETERS.has(name)) {
    const usesE = DASH_E_INTERPRETERS.has(name);
    const hasInlineFlag = usesE ? flags.some((flag) => DASH_E_FLAGS.has(flag)) : flags.includes('-c');
    argv = [interpreter, ...flags];
    if (!hasInlineFlag) argv.push(usesE ? '-e' : '-c');
    argv.push(shell.cmd, ...args);
  } else {
    argv = [interpreter, ...flags, ...(shell.cmd ? [shell.cmd] : []), ...args];
  }
  return argv.map(quoteShellArgument).join(' ');
}

/** POSIX single-quoting, skipped for arguments made only of safe characters. */
export function quoteShellArgument(argument: string): string {
  if (SAFE_ARGUMENT.test(argument)) return argument;
  return `'${argument.replaceAll("'", "'\\''")}'`;
}
