// The pure parts of access and wording: which Origin and Host headers pass, and the agent kind a
// client's name maps to.
import { describe, expect, it } from 'vitest';
import { agentKindFromClientName } from '../../src/mcp/agent-kind.ts';
import { OriginGuard } from '../../src/mcp/origin-guard.ts';

function headers(values: Record<string, string>): Headers {
  return new Headers(values);
}

describe('OriginGuard', () => {
  const loopback = new OriginGuard({ bindHost: '127.0.0.1', allowedOrigins: [], allowedHosts: [] });

  it.each([
    [{ host: '127.0.0.1:8787' }],
    [{ host: 'localhost:8787', origin: 'http://localhost:3000' }],
    [{ host: '[::1]:8787', origin: 'http://[::1]:5173' }],
    [{ host: '192.168.1.20:8787' }],
    [{ host: 'app.localhost:8787', origin: 'http://app.localhost' }],
    [{}],
  ])('lets %j through', (values) => {
    expect(loopback.refusal(headers(values))).toBeUndefined();
  });

  it.each([
    [
      { host: '127.0.0.1:8787', origin: 'https://evil.example' },
      /Origin https:\/\/evil\.example may not use/,
    ],
    [{ host: '127.0.0.1:8787', origin: 'null' }, /Origin null may not use/],
    [{ host: 'evil.example:8787' }, /Host evil\.example is not one this MCP server answers to/],
    [{ host: 'localhost.evil.example' }, /DNS-rebinding protection/],
  ])('refuses %j', (values, message) => {
    expect(loopback.refusal(headers(values))).toMatch(message);
  });

  it('lets the operator add origins and host names', () => {
    const exposed = new OriginGuard({
      bindHost: '0.0.0.0',
      allowedOrigins: ['https://agents.example.com/'],
      allowedHosts: ['quarry.internal'],
    });
    expect(
      exposed.refusal(headers({ host: 'quarry.internal:8787', origin: 'https://agents.example.com' })),
    ).toBeUndefined();
    expect(
      exposed.refusal(headers({ host: 'quarry.internal', origin: 'https://other.example.com' })),
    ).toMatch(/QUARRY_MCP_ALLOWED_ORIGINS/);
    expect(exposed.refusal(headers({ host: 'elsewhere.internal' }))).toMatch(/QUARRY_MCP_ALLOWED_HOSTS/);
  });
});

describe('agentKindFromClientName', () => {
  it.each([
    ['claude-code', 'claude-code'],
    ['Claude Code', 'claude-code'],
    ['codex-mcp-client', 'codex'],
    ['Codex', 'codex'],
    ['mcp-inspector', 'other'],
    ['claude-ai', 'other'],
    [undefined, 'other'],
  ])('reads %s as %s', (name, kind) => {
    expect(agentKindFromClientName(name)).toBe(kind);
  });
});
