#!/usr/bin/env node
// The package ships TypeScript sources; tsx compiles them on load so `npx arlo` needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/index.ts');
process.exitCode = await main(process.argv.slice(2));
// A command that has returned is finished. Should anything it opened still be pending (a socket or
// timer a failed start did not close), it must not keep the process, and its exit code, hanging.
setTimeout(() => process.exit(), 3_000).unref();
