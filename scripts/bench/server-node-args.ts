/**
 * Node flags for a benchmark's server process, from BENCH_SERVER_NODE_ARGS (space-separated), so
 * the server can be profiled or tuned without touching the script: e.g. '--cpu-prof'.
 */
export const serverNodeArgs = (): string[] =>
  process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
