// The last line of defence for every runner: whatever an agent prints or a runner puts in a failure
// message, the run's token, the agent's key from the settings and the keys in the agents' environment
// never reach run events or a run's reason (which API answers and pages show).
import { withoutSecrets } from './agent-process.ts';
import { AgentRunError, type AgentRunInput, type AgentRunner } from './agent-runner.ts';

/** Variable names whose values are secrets. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL/i;
/** Shorter values are not hidden: a secret is long, and hiding `1` would garble every message. */
const SHORTEST_SECRET = 8;

/** The run's token, its agent's key from the settings, and every secret-named value in the environment it was given. */
export function secretsOf(input: AgentRunInput): string[] {
  const values = Object.entries(input.environment)
    .filter(([name, value]) => SECRET_NAME.test(name) && typeof value === 'string')
    .map(([, value]) => value as string);
  return [input.mcp.token, input.settings?.apiKey ?? '', ...values].filter(
    (value) => value.length >= SHORTEST_SECRET,
  );
}

function hide(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => result.split(secret).join('[hidden]'), text);
}

/** `runner` with its events and its AgentRunError messages cleaned of the run's secrets. */
export function guardSecrets(runner: AgentRunner): AgentRunner {
  return {
    kind: runner.kind,
    name: runner.name,
    async run(input) {
      const secrets = secretsOf(input);
      try {
        return await runner.run({ ...input, onEvent: withoutSecrets(input.onEvent, secrets) });
      } catch (error) {
        if (error instanceof AgentRunError) {
          const message = hide(error.message, secrets);
          if (message !== error.message) throw new AgentRunError(error.kind, message, { cause: error.cause });
        }
        throw error;
      }
    },
  };
}
