import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';

const arloBin = path.resolve('bin/arlo.mjs');

/** The environment a child `arlo` sees: this machine's, minus the services the test must choose itself. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'info', ...env };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runArlo(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return runNode([arloBin, ...args], { env: childEnv(env) });
}

/** Runs this Node on `args` to the end, with its output collected. */
export function runNode(
  args: string[],
  options: { cwd?: string; env: NodeJS.ProcessEnv },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, options);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface RunningArlo {
  url: string;
  child: ChildProcessWithoutNullStreams;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `arlo serve` on a free port and resolves once it says where it listens. */
export function startArlo(
  env: Record<string, string>,
  args: string[] = ['--skip-build'],
): Promise<RunningArlo> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [arloBin, 'serve', ...args], {
      env: childEnv({ HOST: '127.0.0.1', PORT: '0', ...env }),
    });
    let output = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`arlo serve did not start within 45 s:\n${output}`));
    }, 45_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = output.match(/ARLO is running at (http:\/\/[\d.]+:\d+)/);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve({
        url: match[1],
        child,
        output: () => output,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`arlo serve exited with ${code} before listening:\n${output}`));
    });
  });
}
