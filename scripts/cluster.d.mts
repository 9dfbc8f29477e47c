// Types of cluster.mjs (plain JavaScript, run by node): what the suites import from it.
export const PROXY_DIRECTIVES: string;
