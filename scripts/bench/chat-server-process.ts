/**
 * Starts scripts/bench/chat-server.ts in its own process, so a benchmark's load generator never
 * shares the server's event loop, and waits for the JSON line that says where it listens and who
 * its users are. `stop()` sends SIGTERM, which drops its throwaway database, and waits for exit.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { serverNodeArgs } from './server-node-args';

export interface ChatBenchServer {
  base: string;
  users: { token: string; sessionId: string }[];
  stop(): Promise<void>;
}

export async function startChatBenchServer(userCount: number): Promise<ChatBenchServer> {
  const server = spawn(
    process.execPath,
    [...serverNodeArgs(), '--import', 'tsx', 'scripts/bench/chat-server.ts', '--users', String(userCount)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ready = await new Promise<string>((resolve, reject) => {
    let text = '';
    server.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n').find((l) => l.startsWith('{'));
      if (line && text.includes('\n', text.indexOf(line))) resolve(line);
    });
    server.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
  const { base, users } = JSON.parse(ready) as Pick<ChatBenchServer, 'base' | 'users'>;
  return {
    base,
    users,
    stop: async () => {
      server.kill('SIGTERM');
      await once(server, 'exit');
    },
  };
}
