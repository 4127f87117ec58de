import { parseArgs } from 'node:util';
import { readDatasetFolder } from '../analyst/dataset-folder';
import { generateDemoData } from '../analyst/demo/generate';
import { appsecretProof, createGraphSimulator, LONG_LIVED_SECONDS } from '../server/meta/simulator';

const USAGE =
  'Usage: arlo simulate-meta [--port 4100] [--host 127.0.0.1] [--data DIR] [--now YYYY-MM-DD] [--size demo|large] [--app-id ID --app-secret SECRET]';

/** Serves ARLO's Graph API simulator over a fixture folder or generated demo data until SIGTERM/SIGINT. */
export async function simulateMetaCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: '4100' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string' },
      now: { type: 'string' },
      size: { type: 'string', default: 'demo' },
      'app-id': { type: 'string', default: 'arlo-demo' },
      'app-secret': { type: 'string', default: 'arlo-demo-secret' },
    },
  });
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65_535) throw new Error(`--port must be 0-65535\n${USAGE}`);
  if (values.size !== 'demo' && values.size !== 'large')
    throw new Error(`--size must be demo or large\n${USAGE}`);

  const today = values.now ?? new Date().toISOString().slice(0, 10);
  const dataset = values.data
    ? await readDatasetFolder(values.data)
    : generateDemoData({ today, size: values.size });
  const simulator = createGraphSimulator({
    dataset,
    appId: values['app-id'],
    appSecret: values['app-secret'],
    today: values.now ?? (values.data ? undefined : today),
  });
  const server = await simulator.listen(port, values.host);
  // Long-lived, so a person can keep curling with it for the whole session.
  const token = simulator.issueUserToken({ expiresInSeconds: LONG_LIVED_SECONDS });
  const proof = appsecretProof(values['app-secret'], token);
  console.log(
    `arlo simulate-meta: Graph API v23.0 at ${server.url}/v23.0 app_id=${values['app-id']} access_token=${token} appsecret_proof=${proof}`,
  );

  return new Promise((resolve) => {
    const stop = () => {
      server.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}
