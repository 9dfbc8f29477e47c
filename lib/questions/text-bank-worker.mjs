// Reads a GIFT or Aiken file off the main thread (text-banks.ts, readGift and readAiken),
// as xlsx-worker.mjs reads a spreadsheet: a 5 MB file costs this worker's time and memory, bounded
// by the parent's resourceLimits and timeout, never the event loop that serves the pupils. Posts
// the file's structure only; the parent turns it into questions and errors in the caller's language.
// @ts-check
import { parentPort, workerData } from "node:worker_threads";
import { parse as parseGiftText } from "gift-pegjs/lib/gift-parser.js";

/** @typedef {{ text: { text: string }; isCorrect: boolean }} GiftChoice */
/** @typedef {{ location?: { start?: { line?: number; column?: number } }; found?: string | null }} GiftSyntaxError */

/**
 * GIFT: each item's type, stem and choices, or where the parser stopped and at what.
 * @param {string} text
 */
function gift(text) {
  try {
    const items = parseGiftText(text)
      .filter((item) => item.type !== "Category" && item.type !== "Description")
      .map((item) => {
        /** @type {unknown} */
        const choices = "choices" in item ? item.choices : null;
        return {
          type: item.type,
          stem: item.stem?.text ?? "",
          choices: Array.isArray(choices)
            ? choices.map((/** @type {GiftChoice} */ c) => ({ text: c.text.text, correct: c.isCorrect }))
            : null,
        };
      });
    return { items };
  } catch (caught) {
    const error = /** @type {GiftSyntaxError | null} */ (caught);
    const { line, column } = error?.location?.start ?? {};
    return { syntax: { line: line ?? null, column: column ?? null, found: error?.found ?? null } };
  }
}

/**
 * An Aiken block: its first line, text and choices, and its answer once closed (null: none); or
 * an answer line with no question before it.
 * @typedef {{ line: number; text: string[]; choices: { letter: string; text: string }[]; answer?: string | null } | { line: number; orphanAnswer: true }} AikenBlock
 */

/**
 * Aiken: a question (one or more lines), its choices "A) …" or "A. …", then "ANSWER: B"; a blank
 * line between questions. Each block with its first line, text, choices and answer (null: the
 * block ended without one); an answer line with no question before it is a block of its own.
 */
/** @param {string} text */
function aiken(text) {
  /** @type {AikenBlock[]} */
  const blocks = [];
  /** @type {{ line: number; text: string[]; choices: { letter: string; text: string }[] } | null} */
  let block = null;
  /** @param {string | null} answer */
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
parentPort?.postMessage(format === "gift" ? gift(text) : aiken(text));
