// Reads a GIFT or Aiken file off the main thread (text-banks.ts, readGift and readAiken),
// as xlsx-worker.mjs reads a spreadsheet: a 5 MB file costs this worker's time and memory, bounded
// by the parent's resourceLimits and timeout, never the event loop that serves the pupils. Posts
// the file's structure only; the parent turns it into questions and errors in the caller's language.
import { parentPort, workerData } from "node:worker_threads";
import { parse as parseGiftText } from "gift-pegjs/lib/gift-parser.js";

/** GIFT: each item's type, stem and choices, or where the parser stopped and at what. */
function gift(text) {
  try {
    const items = parseGiftText(text)
      .filter((item) => item.type !== "Category" && item.type !== "Description")
      .map((item) => ({
        type: item.type,
        stem: item.stem?.text ?? "",
        choices: Array.isArray(item.choices) ? item.choices.map((c) => ({ text: c.text.text, correct: c.isCorrect })) : null,
      }));
    return { items };
  } catch (error) {
    const { line, column } = error?.location?.start ?? {};
    return { syntax: { line: line ?? null, column: column ?? null, found: error?.found ?? null } };
  }
}

/**
 * Aiken: a question (one or more lines), its choices "A) …" or "A. …", then "ANSWER: B"; a blank
 * line between questions. Each block with its first line, text, choices and answer (null: the
 * block ended without one); an answer line with no question before it is a block of its own.
 */
function aiken(text) {
  const blocks = [];
  let block = null;
  const close = (answer) => {
    if (block) blocks.push({ ...block, answer });
    block = null;
  };
  text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .forEach((raw, index) => {
      const line = raw.trim();
      const number = index + 1;
      if (line === "") return;
      const answer = /^ANSWER:\s*([A-Z])\s*$/i.exec(line);
      if (answer) {
        if (block) close(answer[1]);
        else blocks.push({ line: number, orphanAnswer: true });
        return;
      }
      const choice = /^([A-Z])[.)]\s+(.+)$/.exec(line);
      if (choice && block && (block.choices.length > 0 || block.text.length > 0)) {
        block.choices.push({ letter: choice[1].toUpperCase(), text: choice[2] });
        return;
      }
      if (block && block.choices.length > 0) close(null); // a new question before the answer line
      if (!block) block = { line: number, text: [], choices: [] };
      block.text.push(line);
    });
  close(null);
  return { blocks };
}

const { format, text } = workerData;
parentPort.postMessage(format === "gift" ? gift(text) : aiken(text));
