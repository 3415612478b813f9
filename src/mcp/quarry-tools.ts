// The tools every session offers, in the order agents see them. One more tool is one more entry.
import { createFindMediaTool } from './find-media-tool.ts';
import { createReadPageTool } from './read-page-tool.ts';
import type { ToolBackends } from './tool-backends.ts';
import type { ToolDefinition } from './tool-definition.ts';
import { createWebSearchTool } from './web-search-tool.ts';

export function createQuarryTools(
  backends: ToolBackends,
  extraTools: readonly ToolDefinition[] = [],
): ToolDefinition[] {
  const tools = [createWebSearchTool(backends), createReadPageTool(backends)];
  if (backends.findMedia) tools.push(createFindMediaTool(backends.findMedia.bind(backends)));
  return [...tools, ...extraTools];
}
