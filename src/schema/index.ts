import { builder } from '../builder.js';
import './challenge.js';
import './memory.js';
import './protocol.js';
import './run.js';

export const schema = builder.toSchema();
