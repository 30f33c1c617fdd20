#!/usr/bin/env node
// Runs the TypeScript command-line tool through tsx (a runtime dependency): no build step.
import { register } from 'tsx/esm/api';

register();
process.env.KAIROS_CLI_ENTRY = '1';
await import('../src/cli/main.ts');
