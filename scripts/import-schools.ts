// `npm run db:import-schools -- schools.csv`: adds the schools of a CSV (district_soato,name).
// tsx runs it with --conditions=react-server (package.json): the modules of lib/ are marked
// server-only, and that marker throws outside the server's condition.
import { readFileSync } from "node:fs";
import { closeDatabase, db } from "@/lib/db/client";
import { importSchools, parseSchoolsCsv } from "@/lib/setup/schools";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run db:import-schools -- path/to/schools.csv");
  process.exit(2);
}
// A function, not top-level await: tsx runs this file as CommonJS (the package is not "type": "module").
async function main(path: string) {
  const { rows, errors: parseErrors } = parseSchoolsCsv(readFileSync(path, "utf8"));
  const result = await importSchools(db, rows);
  await closeDatabase();
  for (const error of [...parseErrors, ...result.errors]) console.error(error);
  console.log(
    `Schools added: ${result.inserted}, already present: ${result.skipped}, rejected: ${parseErrors.length + result.errors.length}`,
  );
  process.exit(parseErrors.length + result.errors.length > 0 ? 1 : 0);
}

void main(file);
