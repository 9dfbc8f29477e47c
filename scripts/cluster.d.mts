// Types of cluster.mjs (plain JavaScript, run by node): what the suites import from it.
export const PROXY_DIRECTIVES: string;
export const STATUS_CACHE_DIRECTIVES: string;
export function nginxConfig(options: {
  dir: string;
  port: number;
  instancePorts: number[];
  tls: { cert: string; key: string } | null;
}): string;
