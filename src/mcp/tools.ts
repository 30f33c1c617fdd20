/**
 * The one tool list the door serves, wing by wing: the KAIROS 3 tools (v3/), the agent-memory
 * tools (memory/) and the KAIROS 4 tools (v4/). A new tool goes in its wing's list.
 */
import { MEMORY_TOOLS } from './memory/tools.js';
import type { ToolDefinition } from './tool.js';
import { V3_TOOLS } from './v3/tools.js';
import { V4_TOOLS } from './v4/tools.js';

export const TOOLS: readonly ToolDefinition[] = [...V3_TOOLS, ...MEMORY_TOOLS, ...V4_TOOLS];

export const TOOLS_BY_NAME = new Map(TOOLS.map((definition) => [definition.name, definition]));
