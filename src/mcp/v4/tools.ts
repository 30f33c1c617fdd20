import { V4_ADAPTER_TOOLS } from './adapter-tools.js';
import { V4_RUN_TOOLS } from './run-tools.js';
import type { V4ToolDefinition } from './tool-shape.js';

/** The KAIROS 4.8.5 tools (issue 24 §2), beside the v3 `kairos_*` tools in ../tools.ts. */
export const V4_TOOLS: readonly V4ToolDefinition[] = [...V4_RUN_TOOLS, ...V4_ADAPTER_TOOLS];
