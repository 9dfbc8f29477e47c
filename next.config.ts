import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native/wasm database drivers are loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  // forbidden() in layouts: a page of another role answers 403 with app/forbidden.tsx.
  experimental: { authInterrupts: true },
};

export default nextConfig;
