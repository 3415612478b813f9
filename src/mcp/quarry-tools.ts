// The tools every session offers, in the order agents see them. One more tool is one more entry.
import { createReadPageTool } from './read-page-tool.ts';
import type { ToolBackends } from './tool-backends.ts';
import type { ToolDefinition } from './tool-definition.ts';
import { createWebSearchTool } from './web-search-tool.ts';

export function createQuarryTools(
  backends: ToolBackends,
  extraTools: readonly ToolDefinition[] = [],
): ToolDefinition[] {
  return [createWebSearchTool(backends), createReadPageTool(backends), ...extraTools];
}
