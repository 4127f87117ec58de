#!/usr/bin/env node
// The package ships TypeScript sources; tsx compiles them on load so `npx arlo` needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/index.ts');
process.exitCode = await main(process.argv.slice(2));
