// The list of agent runners and how a run's agent spec picks one.
import { describe, expect, it } from 'vitest';
import { AgentSpecError, parseAgentSpec } from '../../../src/research/agents/agent-spec.ts';
import { AGENT_RUNNERS, agentKinds, checkRunners, runnerFor } from '../../../src/research/agents/index.ts';

describe('agent runner list', () => {
  it('has one entry per kind', () => {
    expect(agentKinds()).toEqual([
      'claude-code',
      'codex',
      'acp:"<command>"',
      'openai',
      'command:"<command>"',
    ]);
  });

  it('refuses two runners with one kind, and kinds that are not lowercase', () => {
    expect(() => checkRunners([AGENT_RUNNERS[0]!, AGENT_RUNNERS[0]!])).toThrow(
      'Two agent runners have the kind "claude-code": give one of them another kind in its file.',
    );
    expect(() => checkRunners([{ ...AGENT_RUNNERS[0]!, kind: 'Claude Code' }])).toThrow(
      'Agent kind "Claude Code" must be lowercase letters, digits and dashes: rename it in its file.',
    );
  });

  it('picks the runner for each spec form', () => {
    expect(runnerFor('claude-code').kind).toBe('claude-code');
    expect(runnerFor(' codex ').kind).toBe('codex');
    expect(runnerFor('openai').name).toBe("Quarry's researcher");
    expect(runnerFor('acp:"gemini --acp"').name).toBe('The ACP agent "gemini --acp"');
    expect(runnerFor("acp:'claude-agent-acp'").name).toBe('The ACP agent "claude-agent-acp"');
    expect(runnerFor('command:./my-agent --fast').name).toBe('The command "./my-agent --fast"');
    expect(runnerFor({ kind: 'command', command: 'python3 agent.py' }).kind).toBe('command');
  });

  it('keeps a quoted command whole, quotes inside it included', () => {
    expect(parseAgentSpec(`command:"sh -c 'echo "hi"'"`, agentKinds())).toEqual({
      kind: 'command',
      command: `sh -c 'echo "hi"'`,
    });
  });

  it('teaches what exists when the spec is wrong', () => {
    const kinds = 'claude-code, codex, acp:"<command>", openai, command:"<command>"';
    expect(() => runnerFor('gemini')).toThrow(`There is no agent "gemini": use one of ${kinds}.`);
    expect(() => runnerFor('Claude Code')).toThrow(AgentSpecError);
    expect(() => runnerFor('Claude Code')).toThrow(
      `The agent "Claude Code" is not a kind Quarry knows: use one of ${kinds}`,
    );
    expect(() => runnerFor('acp')).toThrow(
      'The agent acp needs the command that starts it: acp:"<command>", for example acp:"./my-agent --flag".',
    );
    expect(() => runnerFor('acp:""')).toThrow('The agent acp needs the command that starts it');
    expect(() => runnerFor('codex:"codex exec"')).toThrow(
      'The agent codex takes no command: write just "codex".',
    );
  });
});
