// A project script run as a person runs it (`node scripts/…`), its output (stdout and stderr) and exit code.
import { spawn } from "node:child_process";

export function runScript(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env });
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
    });
    child.stderr.on("data", (chunk) => {
      text += chunk;
    });
    child.on("close", (code) => resolve({ code, text }));
  });
}
