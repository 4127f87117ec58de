export { STANDIN_HEADER } from './auth';
export { GRAPH_VERSION } from './router';
export { SDK_STANDIN_JS } from './sdk-standin';
export { createGraphSimulator } from './simulator';
export { appsecretProof, DEMO_USER, LONG_LIVED_SECONDS } from './tokens';
export type {
  Fault,
  FaultMatch,
  GraphSimulator,
  GraphSimulatorOptions,
  IssueTokenInput,
  RecordedRequest,
  RequestKind,
} from './types';
