// The one reader of "Authorization: Bearer <token>" headers, for agents' tokens on /mcp and the
// operator token on the operator routes.

/** The token in a bearer header, or undefined when the header is missing or not a bearer one. */
export function bearerToken(header: string | null | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
}
