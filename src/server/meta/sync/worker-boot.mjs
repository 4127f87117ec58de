// A worker thread starts without the tsx loader the main thread registered; register it here,
// then load the TypeScript module the worker runs.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
