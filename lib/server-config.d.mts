// Types of server-config.mjs.
export type ServerConfig = {
  port: number;
  hostname: string;
  appProcesses: number;
  admissionLimit: number;
  admissionQueueMs: number;
  bodyWaitMs: number;
  instanceName: string | undefined;
  trustProxyHops: number;
};
export declare function serverConfig(env?: Record<string, string | undefined>): ServerConfig;
