import type { NextConfig } from "next";

/**
 * Explicit compile hints (Chrome 136+): the chunks a page runs as it starts say so in a first-line
 * comment, and the browser compiles their functions on the thread that streams them in, instead of
 * one by one on the main thread when first called, in the task that hydrates the page (the cheap
 * phone's blocking time). Chunks loaded later (a dialog's code, a form's schema) are left as they are.
 */
// biome-ignore lint/suspicious/noExplicitAny: Next passes its own bundled webpack, untyped
function compileHints(webpack: any) {
  const HINT = "//# allFunctionsCalledOnLoad\n";
  return {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    apply(compiler: any) {
      // biome-ignore lint/suspicious/noExplicitAny: as above
      compiler.hooks.thisCompilation.tap("CompileHints", (compilation: any) => {
        compilation.hooks.processAssets.tap(
          { name: "CompileHints", stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
          () => {
            for (const chunk of compilation.chunks) {
              if (!chunk.canBeInitial()) continue;
              for (const file of chunk.files) {
                if (file.endsWith(".js")) {
                  // biome-ignore lint/suspicious/noExplicitAny: as above
                  compilation.updateAsset(file, (source: any) => new webpack.sources.ConcatSource(HINT, source));
                }
              }
            }
          },
        );
      });
    },
  };
}

const nextConfig: NextConfig = {
  // Native/wasm database drivers are loaded from node_modules at run time, not bundled. So are
  // the rate limiter and the Redis client: one limiter per name is kept per process
  // (lib/http/rate-limit.ts) and used by every copy of the app's modules, so its classes
  // (RateLimiterRes, thrown past the budget) must be one module's, not a copy's in each bundle.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "prom-client", "pino", "rate-limiter-flexible", "ioredis"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  // forbidden() in layouts: a page of another role answers 403 with app/forbidden.tsx.
  experimental: { authInterrupts: true },
  webpack(config, { isServer, webpack }) {
    // The modules every page loads (the Uzbek messages, the fetch layer, the toasts), under
    // webpack's smallest shared size, would be copied into each entry that uses them (the error
    // pages, the layout, the page: up to three copies on each of the cheap phone's pages). One
    // chunk of their own instead, downloaded once.
    const splitChunks = config.optimization?.splitChunks;
    if (!isServer && splitChunks?.cacheGroups) {
      splitChunks.cacheGroups.common = {
        test: /[\\/](shared[\\/]i18n[\\/]uz|shared[\\/]http[\\/]client|components[\\/]ui[\\/]toast)\.tsx?$/,
        name: "common",
        chunks: "all",
        enforce: true,
        priority: 30,
      };
    }
    if (!isServer) config.plugins.push(compileHints(webpack));
    // webpack's own notes on its build cache ("Serializing big strings … impacts deserialization
    // performance"): advice to webpack's authors, nothing this project's build can act on. Its
    // errors are still printed.
    config.infrastructureLogging = { ...config.infrastructureLogging, level: "error" };
    return config;
  },
};

export default nextConfig;
