import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './paths';

export const version: string = JSON.parse(
  readFileSync(path.join(projectRoot, 'package.json'), 'utf8'),
).version;
