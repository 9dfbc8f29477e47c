// GIFT and Aiken files are read off the main thread (text-bank-worker.mjs): while a 5 MB file is
// parsed, the event loop that serves the pupils keeps turning.
import { describe, expect, it } from "vitest";
import type { ReadBank } from "@/lib/questions/formats";
import { readAiken, readGift } from "@/lib/questions/text-banks";

/** Reads with `read`, and says whether other work of this process ran before the answer came. */
async function readBeside(read: () => Promise<ReadBank>): Promise<{ bank: ReadBank; otherWorkRan: boolean }> {
  let otherWorkRan = false;
  setImmediate(() => {
    otherWorkRan = true;
  });
  const bank = await read();
  return { bank, otherWorkRan };
}

const FIVE_MB = 5 * 1024 * 1024;

describe("GIFT and Aiken off the main thread", () => {
  it("a 5 MB GIFT file: the event loop turns while it is parsed, and every question is read", async () => {
    const question = (i: number) => `::Q${i}:: ${"Uzun savol matni ".repeat(12)} ${i}? {=to'g'ri ~xato ~yana xato ~boshqa}\n\n`;
    const count = Math.ceil(FIVE_MB / question(0).length);
    const text = Array.from({ length: count }, (_, i) => question(i)).join("");
    expect(text.length).toBeGreaterThanOrEqual(FIVE_MB - 1024);
    const { bank, otherWorkRan } = await readBeside(() => readGift(text, "easy"));
    expect(otherWorkRan).toBe(true);
    expect(bank.errors).toEqual([]);
    expect(bank.questions).toHaveLength(count);
    expect(bank.questions[1].choices).toEqual([
      { text: "to'g'ri", correct: true },
      { text: "xato", correct: false },
      { text: "yana xato", correct: false },
      { text: "boshqa", correct: false },
    ]);
  });

  it("an Aiken file: read as before, with its errors by line, the event loop free meanwhile", async () => {
    const text = [
      "2 + 2?",
      "A) 3",
      "B) 4",
      "ANSWER: B",
      "",
      "ANSWER: A",
      "",
      "Yolg'iz savol",
      "A) bir",
      "",
      "Uch?",
      "A. 1",
      "B. 3",
      "ANSWER: C",
    ].join("\n");
    const { bank, otherWorkRan } = await readBeside(() => readAiken(text, "hard"));
    expect(otherWorkRan).toBe(true);
    expect(bank.questions).toEqual([
      {
        difficulty: "hard",
        text: "2 + 2?",
        choices: [
          { text: "3", correct: false },
          { text: "4", correct: true },
        ],
      },
    ]);
    expect(bank.errors.map((e) => [e.where, e.field])).toEqual([
      ["6-qator", "correct"],
      ["8-qator", "correct"],
      ["11-qator", "correct"],
    ]);
  });
});
