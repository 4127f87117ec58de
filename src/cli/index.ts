import { ConfigError } from '../server/config';

type Command = (args: string[]) => Promise<number>;

// Each command is loaded when it runs: the server's modules take seconds to load, and a start that
// is refused (a busy port, a DATA_DIR in use) should say so without waiting for them.
const commands: Record<string, { run: Command; help: string }> = {
  serve: {
    run: async (args) => (await import('./serve')).serveCommand(args),
    help: 'start the server and web app (what `npm start` runs)',
  },
  demo: {
    run: async (args) => (await import('./demo')).demoCommand(args),
    help: 'write the demo ad accounts as a fixture folder: demo --out DIR [--now DATE]',
  },
  migrate: {
    run: async () => (await import('./migrate')).migrateCommand(),
    help: 'apply database migrations and exit',
  },
  'simulate-meta': {
    run: async (args) => (await import('./simulate-meta')).simulateMetaCommand(args),
    help: 'serve a Meta Graph API simulator: simulate-meta [--port 4100] [--data DIR] [--now DATE] [--size demo|large]',
  },
  digest: {
    run: async (args) => (await import('./digest')).digestCommand(args),
    help: "print a user's weekly digest, or send it as a test: digest --email USER [--dry-run] [--html] [--now TIME]",
  },
  ask: {
    run: async (args) => (await import('./ask')).askCommand(args),
    help: 'answer questions over a fixture folder: ask [--data DIR] [--now DATE] [--json] [--batch FILE] "question"',
  },
};

function usage(): string {
  const lines = Object.entries(commands).map(([name, { help }]) => `  ${name.padEnd(10)} ${help}`);
  return ['Usage: arlo <command> [options]', '', 'Commands:', ...lines].join('\n');
}

/** Returns the process exit code; never throws, so every failure ends as one clear line. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(usage());
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    console.error(`arlo: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(args);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof ConfigError ? `arlo: ${message}` : `arlo ${name}: ${message}`);
    return 1;
  }
}
