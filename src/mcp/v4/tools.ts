import type { ToolDefinition } from '../tool.js';
import { V4_ADAPTER_TOOLS } from './adapter-tools.js';
import { V4_RUN_TOOLS } from './run-tools.js';

/** The KAIROS 4.8.5 tools, worded by the KAIROS 4 renderer. */
export const V4_TOOLS: readonly ToolDefinition[] = [...V4_RUN_TOOLS, ...V4_ADAPTER_TOOLS];
