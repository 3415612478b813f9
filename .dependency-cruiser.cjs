// Who may import whom: docs/architecture.md's table as rules, checked by `npm run lint` (and so `npm test`).
// Each rule names the layer, what it must not import, and why; type-only imports count too.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes load order matter and hides which module owns what.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'providers-own-files-only',
      severity: 'error',
      comment: 'src/providers is the contract and its implementations: it imports nothing else of ours.',
      from: { path: '^src/providers/' },
      to: { path: '^src/', pathNot: '^src/providers/' },
    },
    {
      name: 'web-takes-its-settings',
      severity: 'error',
      comment: 'src/web takes its settings as an object; of the rest it may use the date helpers only.',
      from: { path: '^src/web/' },
      to: { path: '^src/', pathNot: ['^src/web/', '^src/providers/dates[.]ts$'] },
    },
    {
      name: 'media-takes-its-settings',
      severity: 'error',
      comment: 'src/media uses src/web and the provider contract; search comes in as an injected function.',
      from: { path: '^src/media/' },
      to: { path: '^src/', pathNot: ['^src/media/', '^src/web/', '^src/providers/(types|dates|text)[.]ts$'] },
    },
    {
      name: 'queue-below-workers-and-callers',
      severity: 'error',
      comment: 'src/queue is what workers and callers share: it never reaches up to them.',
      from: { path: '^src/queue/' },
      to: { path: '^src/(workers|mcp|server|research|settings|commands)/|^src/(cli|index)[.]ts$' },
    },
    {
      name: 'workers-below-callers',
      severity: 'error',
      comment:
        'Workers join jobs to providers, web and media; they know nothing of MCP, HTTP or the command line.',
      from: { path: '^src/workers/' },
      to: { path: '^src/(mcp|server|commands)/|^src/(cli|index)[.]ts$' },
    },
    {
      name: 'mcp-below-server',
      severity: 'error',
      comment: 'The MCP layer works on the queues; the HTTP app mounts it, not the other way round.',
      from: { path: '^src/mcp/' },
      to: { path: '^src/(server|workers|commands)/|^src/(cli|index|config)[.]ts$' },
    },
    {
      name: 'server-below-commands',
      severity: 'error',
      comment:
        'The HTTP app is wired by the composition root (src/commands/compose.ts); it starts no workers.',
      from: { path: '^src/server/' },
      to: { path: '^src/(workers|commands)/|^src/(cli|index)[.]ts$' },
    },
    {
      name: 'settings-own-files',
      severity: 'error',
      comment:
        'The settings (src/config.ts, src/settings) read defaults from the layers, never their machinery above.',
      from: { path: '^src/(settings/|config[.]ts$)' },
      to: {
        path: '^src/(workers|mcp|server|research|commands|media)/|^src/(cli|index)[.]ts$',
        // The defaults files import nothing: reading them loads none of the media or runner machinery.
        pathNot: ['^src/media/media-defaults[.]ts$', '^src/research/agents/agent-defaults[.]ts$'],
      },
    },
    {
      name: 'research-below-server',
      severity: 'error',
      comment:
        'Research runs work on the queues and the MCP tokens; the HTTP app and the workers mount them, not the other way round.',
      from: { path: '^src/research/' },
      to: { path: '^src/(server|workers|commands)/|^src/(cli|index)[.]ts$' },
    },
    {
      name: 'commands-are-the-root',
      severity: 'error',
      comment: 'Only the command line wires things together; nothing below imports it.',
      from: { path: '^src/', pathNot: '^src/(commands/|cli[.]ts$)' },
      to: { path: '^src/(commands/|cli[.]ts$)' },
    },
    {
      name: 'package-entry-is-for-users',
      severity: 'error',
      comment:
        'src/index.ts is the package surface for other programs; our own files import the module itself.',
      from: { path: '^src/', pathNot: '^src/index[.]ts$' },
      to: { path: '^src/index[.]ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too: a layer that names another's types depends on it.
    tsPreCompilationDeps: true,
    exclude: { path: '^(node_modules|data)/' },
  },
};
