// The MCP specification asks HTTP servers to check the Origin header and, on localhost, to guard against
// DNS rebinding: a web page at evil.example whose name is made to resolve to 127.0.0.1 would otherwise
// reach a loopback server through its visitor's browser. A request passes when its Origin (if any) is
// a loopback origin or one the operator allows, and its Host is a loopback name, an IP address, the
// address the server binds, or a host the operator allows.
import ipaddr from 'ipaddr.js';

export interface OriginGuardOptions {
  /** The address the server binds (HOST). */
  bindHost: string;
  /** Extra origins, such as `https://agent.example.com` (QUARRY_MCP_ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  /** Extra host names (QUARRY_MCP_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return LOOPBACK_NAMES.has(name) || name.endsWith('.localhost');
}

function isIpLiteral(hostname: string): boolean {
  return ipaddr.isValid(hostname.replace(/^\[|\]$/g, ''));
}

/** `Host: name:port` → `name` (IPv6 keeps its brackets). */
function hostnameOf(hostHeader: string): string {
  const trimmed = hostHeader.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  const colon = trimmed.lastIndexOf(':');
  return colon === -1 ? trimmed : trimmed.slice(0, colon);
}

function normalisedOrigin(origin: string): string | undefined {
  try {
    return new URL(origin).origin.toLowerCase();
  } catch {
    return undefined;
  }
}

export class OriginGuard {
  readonly #allowedOrigins: Set<string>;
  readonly #allowedHosts: Set<string>;

  constructor(options: OriginGuardOptions) {
    this.#allowedOrigins = new Set(
      options.allowedOrigins
        .map((origin) => normalisedOrigin(origin))
        .filter((origin): origin is string => !!origin),
    );
    this.#allowedHosts = new Set(
      [...options.allowedHosts, options.bindHost].map((host) => host.toLowerCase()),
    );
  }

  /** Why the request is refused, or undefined when it may go on. */
  refusal(headers: Headers): string | undefined {
    const origin = headers.get('origin');
    if (origin !== null) {
      const normalised = normalisedOrigin(origin);
      const allowed =
        normalised !== undefined &&
        (this.#allowedOrigins.has(normalised) || isLoopbackName(new URL(normalised).hostname));
      if (!allowed) {
        return `Origin ${origin} may not use this MCP server: only loopback pages may, unless the operator adds the origin to QUARRY_MCP_ALLOWED_ORIGINS.`;
      }
    }
    const host = headers.get('host');
    if (host) {
      const hostname = hostnameOf(host);
      if (!isLoopbackName(hostname) && !isIpLiteral(hostname) && !this.#allowedHosts.has(hostname)) {
        return `Host ${hostname} is not one this MCP server answers to (DNS-rebinding protection): connect through 127.0.0.1 or localhost, or the operator adds the name to QUARRY_MCP_ALLOWED_HOSTS.`;
      }
    }
    return undefined;
  }
}
