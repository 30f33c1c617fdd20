import { builder } from '../builder.js';
import './challenge.js';
import './memory.js';
import './history.js';
import './proposal.js';
import './memory-context.js';
import './protocol.js';
import './protocol-move.js';
import './run.js';
import './run-answers.js';
import './run-calls.js';
import './grading.js';
import './export.js';
import './search.js';
import './activation.js';
import './space.js';
import './transcript.js';

export const schema = builder.toSchema();
