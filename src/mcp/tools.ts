/**
 * The one tool list the door serves, wing by wing: the KAIROS 3 tools (v3/), the agent-memory
 * tools (memory/) and the KAIROS 4 tools (v4/). A new tool goes in its wing's list. Beside it,
 * the MCP App views' own tools (apps/), which only a view calls.
 */
import { RUN_LIVE_TOOLS } from './apps/run-live.js';
import { MEMORY_TOOLS } from './memory/tools.js';
import type { ToolDefinition } from './tool.js';
import { V3_TOOLS } from './v3/tools.js';
import { V4_TOOLS } from './v4/tools.js';

export const TOOLS: readonly ToolDefinition[] = [...V3_TOOLS, ...MEMORY_TOOLS, ...V4_TOOLS];

/** Listed only to a host that renders views (visibility `app`: kept from its model). */
export const APP_ONLY_TOOLS: readonly ToolDefinition[] = RUN_LIVE_TOOLS;

export const TOOLS_BY_NAME = new Map([...TOOLS, ...APP_ONLY_TOOLS].map((definition) => [definition.name, definition]));
