// The domains' folders, checked by `npm run test:deps` after the house's rules: no two folders of
// lib/, components/ or shared/ need each other. A domain's API table (lib/<domain>/api.ts) and the
// tables that gather them sit above every domain (the request wrapper they use checks a session
// with lib/identity), so they are left out here; the house's rules keep them on top.
const house = require("./.dependency-cruiser.cjs");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-folder-cycles",
      severity: "error",
      scope: "folder",
      comment: "Two folders that need each other are one domain, or a third is missing.",
      from: { path: "^(lib|components|shared)/" },
      to: { path: "^(lib|components|shared)/", circular: true },
    },
  ],
  options: {
    ...house.options,
    exclude: { path: `${house.options.exclude.path}|^lib/[^/]+/api\\.ts$|^lib/api/(handlers|direct-routes)\\.ts$` },
  },
};
