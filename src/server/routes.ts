// The route modules the Quarry server carries, in order.
import type { RouteRegistrar } from './app.ts';
import { createMcpRoute } from './mcp-route.ts';

export function defaultRoutes(): RouteRegistrar[] {
  return [createMcpRoute()];
}
