import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native/wasm database drivers are loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  // forbidden() in layouts: a page of another role answers 403 with app/forbidden.tsx.
  experimental: { authInterrupts: true },
  webpack(config, { isServer }) {
    // The modules every page loads (the Uzbek messages, the fetch layer, the toasts), under
    // webpack's smallest shared size, would be copied into each entry that uses them (the error
    // pages, the layout, the page: up to three copies on each of the cheap phone's pages). One
    // chunk of their own instead, downloaded once.
    const splitChunks = config.optimization?.splitChunks;
    if (!isServer && splitChunks?.cacheGroups) {
      splitChunks.cacheGroups.common = {
        test: /[\\/](lib[\\/]i18n[\\/]uz|lib[\\/]http[\\/]client|components[\\/]ui[\\/]toast)\.tsx?$/,
        name: "common",
        chunks: "all",
        enforce: true,
        priority: 30,
      };
    }
    return config;
  },
};

export default nextConfig;
