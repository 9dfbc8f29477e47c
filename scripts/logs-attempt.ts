// `npm run ops:logs-attempt -- ID [LOG_FILE …]`: one attempt's story from the database and the logs
// (lib/operations/attempt-story.ts). The logs: the files named, "-" for standard input (e.g.
// `journalctl -u 'olimpiada@*' -o cat --since today | npm run ops:logs-attempt -- 42 -`), else
// LOG_FILE. The database: DATABASE_URL (the embedded one only while no server holds it).
// tsx runs it with --conditions=react-server (package.json): the modules of lib/ are marked
// server-only, and that marker throws outside the server's condition.
import { closeDatabase } from "@/lib/db/client";
import { attemptStory, logSources } from "@/lib/operations/attempt-story";

// A function, not top-level await: tsx runs this file as CommonJS (the package is not "type": "module").
async function main() {
  const [id, ...files] = process.argv.slice(2);
  const attemptId = Number(id);
  if (!Number.isInteger(attemptId) || attemptId <= 0) {
    console.error("Usage: npm run ops:logs-attempt -- ATTEMPT_ID [LOG_FILE … | -]");
    process.exit(2);
  }
  const paths = files.length > 0 ? files : process.env.LOG_FILE ? [process.env.LOG_FILE] : [];
  const story = await attemptStory(attemptId, logSources(paths));
  await closeDatabase();
  if (!story) {
    console.error(`No attempt ${attemptId} in the database.`);
    process.exit(1);
  }
  console.log(story.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
