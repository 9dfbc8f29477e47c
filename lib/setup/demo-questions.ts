// The demo's question bank: for every subject and grade, 12 easy, 12 medium and 12 hard questions
// in Uzbek, some on a reading text, with formulas (TeX), sub/superscripts and a table.
import type { DifficultyName } from "@/lib/attempts/scoring";
import type { QuestionImport } from "@/lib/validation/organiser";

type Draft = { difficulty: DifficultyName; text: string; correct: string; wrong: string[]; readingText?: string };

/** Distinct wrong answers near the right one. */
function near(answer: number, unit = ""): { correct: string; wrong: string[] } {
  const deltas = [1, -1, 2, 10, -2, 5];
  const wrong = [...new Set(deltas.map((d) => answer + d).filter((w) => w !== answer && w >= 0))].slice(0, 3);
  return { correct: `${answer}${unit}`, wrong: wrong.map((w) => `${w}${unit}`) };
}

function matematika(grade: number): { drafts: Draft[]; readingTexts: QuestionImport["readingTexts"] } {
  const k = grade - 4; // grows with the grade
  const drafts: Draft[] = [];
  for (let i = 1; i <= 12; i++) {
    const a = 12 * k + i * 7;
    const b = 5 * k + i * 3;
    drafts.push({ difficulty: "easy", text: `<p>Hisoblang: \\(${a} + ${b}\\)</p>`, ...near(a + b) });
  }
  for (let i = 1; i <= 10; i++) {
    const x = k + i;
    const m = i + 2;
    drafts.push({ difficulty: "medium", text: `<p>Tenglamani yeching: \\(${m}x + ${i} = ${m * x + i}\\)</p>`, ...near(x) });
  }
  for (let i = 1; i <= 12; i++) {
    const base = 2 + (i % 4);
    const power = 2 + ((i + k) % 3);
    const text =
      i % 2 === 0
        ? `<p>Ifodaning qiymatini toping: ${base}<sup>${power}</sup> + ${i}</p>`
        : `<p>Ifodaning qiymatini toping: \\(${base}^{${power}} + ${i}\\)</p>`;
    drafts.push({ difficulty: "hard", text, ...near(base ** power + i) });
  }
  const readingText = {
    key: "dokon",
    text:
      "<p>Maktab do'konida narxlar quyidagicha:</p><table><thead><tr><th>Mahsulot</th><th>Narxi (so'm)</th></tr></thead>" +
      `<tbody><tr><td>Daftar</td><td>${2000 + 500 * k}</td></tr><tr><td>Ruchka</td><td>${1500 + 100 * k}</td></tr>` +
      `<tr><td>Chizg'ich</td><td>${3000 + 200 * k}</td></tr></tbody></table>`,
  };
  const daftar = 2000 + 500 * k;
  const ruchka = 1500 + 100 * k;
  drafts.push(
    { difficulty: "medium", readingText: "dokon", text: "<p>3 ta daftar necha so'm turadi?</p>", ...near(3 * daftar, " so'm") },
    {
      difficulty: "medium",
      readingText: "dokon",
      text: "<p>2 ta ruchka va 1 ta daftar necha so'm turadi?</p>",
      ...near(2 * ruchka + daftar, " so'm"),
    },
  );
  return { drafts, readingTexts: [readingText] };
}

function fizika(grade: number): { drafts: Draft[]; readingTexts: QuestionImport["readingTexts"] } {
  const k = grade - 4;
  const drafts: Draft[] = [];
  for (let i = 1; i <= 12; i++) {
    const v = 2 + i + k;
    const t = 3 + (i % 5);
    drafts.push({
      difficulty: "easy",
      text: `<p>Jism \\(v = ${v}\\) m/s tezlik bilan \\(t = ${t}\\) s davomida tekis harakatlandi. U qancha yo'l bosib o'tdi?</p>`,
      ...near(v * t, " m"),
    });
  }
  for (let i = 1; i <= 10; i++) {
    const m = i + k;
    const a = 2 + (i % 4);
    drafts.push({
      difficulty: "medium",
      text: `<p>Massasi ${m} kg bo'lgan jismga ${m * a} N kuch ta'sir qilmoqda. Jismning tezlanishini toping (\\(a = \\frac{F}{m}\\)).</p>`,
      ...near(a, " m/s²"),
    });
  }
  for (let i = 1; i <= 12; i++) {
    const m = 2 * (1 + (i % 3));
    const v = 2 + i;
    drafts.push({
      difficulty: "hard",
      text: `<p>Massasi ${m} kg, tezligi ${v} m/s bo'lgan jismning kinetik energiyasini toping: \\(E_k = \\frac{mv^2}{2}\\).</p>`,
      ...near((m * v * v) / 2, " J"),
    });
  }
  drafts.push(
    {
      difficulty: "medium",
      readingText: "nyuton",
      text: "<p>Matnga ko'ra, jismga kuch ta'sir qilmasa, u qanday harakatlanadi?</p>",
      correct: "Tinch turadi yoki to'g'ri chiziqli tekis harakatlanadi",
      wrong: ["Albatta to'xtaydi", "Aylana bo'ylab harakatlanadi", "Tezlanish bilan harakatlanadi"],
    },
    {
      difficulty: "medium",
      readingText: "nyuton",
      text: "<p>Nyutonning ikkinchi qonuni formulasi qaysi?</p>",
      correct: "\\(F = ma\\)",
      wrong: ["\\(F = \\frac{m}{a}\\)", "\\(F = m + a\\)", "\\(F = mv^2\\)"],
    },
  );
  return {
    drafts,
    readingTexts: [
      {
        key: "nyuton",
        text:
          "<p>Isaak Nyuton harakatning uchta qonunini ta'riflagan. Birinchi qonunga ko'ra, jismga boshqa jismlar ta'sir " +
          "qilmasa, u tinch holatini yoki to'g'ri chiziqli tekis harakatini saqlaydi. Ikkinchi qonun jismning tezlanishi " +
          "unga ta'sir etuvchi kuchga to'g'ri, massasiga esa teskari proporsional ekanini aytadi: \\(F = ma\\).</p>",
      },
    ],
  };
}

const COMPOUNDS: { formula: string; name: string; molarMass: number }[] = [
  { formula: "H<sub>2</sub>O", name: "suv", molarMass: 18 },
  { formula: "CO<sub>2</sub>", name: "karbonat angidrid", molarMass: 44 },
  { formula: "O<sub>2</sub>", name: "kislorod", molarMass: 32 },
  { formula: "NaCl", name: "osh tuzi", molarMass: 58 },
  { formula: "CH<sub>4</sub>", name: "metan", molarMass: 16 },
  { formula: "NH<sub>3</sub>", name: "ammiak", molarMass: 17 },
  { formula: "H<sub>2</sub>SO<sub>4</sub>", name: "sulfat kislota", molarMass: 98 },
  { formula: "CaCO<sub>3</sub>", name: "kalsiy karbonat", molarMass: 100 },
  { formula: "HCl", name: "xlorid kislota", molarMass: 36 },
  { formula: "N<sub>2</sub>", name: "azot", molarMass: 28 },
  { formula: "NaOH", name: "natriy gidroksid", molarMass: 40 },
  { formula: "MgO", name: "magniy oksidi", molarMass: 40 },
];

function kimyo(grade: number): { drafts: Draft[]; readingTexts: QuestionImport["readingTexts"] } {
  const drafts: Draft[] = [];
  COMPOUNDS.forEach((c, i) => {
    const others = COMPOUNDS.filter((o) => o.formula !== c.formula);
    drafts.push({
      difficulty: "easy",
      text: `<p>${c.name[0].toUpperCase()}${c.name.slice(1)}ning kimyoviy formulasi qaysi?</p>`,
      correct: c.formula,
      wrong: [others[(i + grade) % others.length], others[(i + 3) % others.length], others[(i + 7) % others.length]]
        .map((o) => o.formula)
        .filter((f, j, all) => all.indexOf(f) === j),
    });
    drafts.push({
      difficulty: "medium",
      text: `<p>${c.formula} ning molyar massasini toping (g/mol).</p>`,
      ...near(c.molarMass, " g/mol"),
    });
    const moles = 2 + ((i + grade) % 4);
    drafts.push({
      difficulty: "hard",
      text: `<p>${moles} mol ${c.formula} ning massasini toping: \\(m = n \\cdot M\\).</p>`,
      ...near(moles * c.molarMass, " g"),
    });
  });
  return { drafts, readingTexts: [] };
}

const BIOLOGY_FACTS: { difficulty: Draft["difficulty"]; text: string; correct: string; wrong: string[] }[] = [
  {
    difficulty: "easy",
    text: "Fotosintez o'simlikning qaysi qismida asosan boradi?",
    correct: "Bargda",
    wrong: ["Ildizda", "Gulda", "Urug'da"],
  },
  { difficulty: "easy", text: "Odam yuragi nechta kameradan iborat?", correct: "4", wrong: ["2", "3", "5"] },
  { difficulty: "easy", text: "Qaysi organ qonni tozalaydi?", correct: "Buyrak", wrong: ["O'pka", "Oshqozon", "Yurak"] },
  {
    difficulty: "easy",
    text: "Hujayraning irsiy axborotini saqlovchi qismi qaysi?",
    correct: "Yadro",
    wrong: ["Membrana", "Vakuola", "Ribosoma"],
  },
  {
    difficulty: "medium",
    text: "Fotosintez natijasida qaysi gaz ajraladi?",
    correct: "O<sub>2</sub>",
    wrong: ["CO<sub>2</sub>", "N<sub>2</sub>", "H<sub>2</sub>"],
  },
  { difficulty: "medium", text: "Qaysi hayvon sutemizuvchilarga kiradi?", correct: "Delfin", wrong: ["Akula", "Timsoh", "Qurbaqa"] },
  { difficulty: "medium", text: "Odamda nechta juft xromosoma bor?", correct: "23", wrong: ["22", "46", "24"] },
  {
    difficulty: "hard",
    text: "DNK molekulasida adeninga qaysi asos komplementar?",
    correct: "Timin",
    wrong: ["Guanin", "Sitozin", "Uratsil"],
  },
  {
    difficulty: "hard",
    text: "Mitoxondriyaning asosiy vazifasi nima?",
    correct: "Energiya (ATF) hosil qilish",
    wrong: ["Oqsil sintezi", "Fotosintez", "Hujayrani bo'lish"],
  },
  {
    difficulty: "hard",
    text: "Qon guruhlarini kim kashf etgan?",
    correct: "K. Landshteyner",
    wrong: ["L. Paster", "Ch. Darvin", "G. Mendel"],
  },
];

function biologiya(grade: number): { drafts: Draft[]; readingTexts: QuestionImport["readingTexts"] } {
  const k = grade - 4;
  const drafts: Draft[] = BIOLOGY_FACTS.map((f) => ({ ...f, text: `<p>${f.text}</p>` }));
  for (let i = 1; i <= 8; i++) {
    const beats = 60 + 2 * i + k;
    drafts.push({
      difficulty: "easy",
      text: `<p>Yurak bir daqiqada ${beats} marta ursa, ${i + 1} daqiqada necha marta uradi?</p>`,
      ...near(beats * (i + 1)),
    });
  }
  for (let i = 1; i <= 9; i++) {
    const cells = 2 ** (i % 5);
    drafts.push({
      difficulty: "medium",
      text: `<p>Bitta hujayra har soatda ikkiga bo'linadi. ${cells} ta hujayradan ${k} soatdan keyin nechta hujayra hosil bo'ladi?</p>`,
      ...near(cells * 2 ** k),
    });
  }
  for (let i = 1; i <= 9; i++) {
    const n = 10 * i + k;
    drafts.push({
      difficulty: "hard",
      text: `<p>Irsiyat qonuniga ko'ra \\(Aa \\times Aa\\) chatishtirishda ${4 * n} ta avloddan taxminan nechtasi retsessiv belgili (aa) bo'ladi?</p>`,
      ...near(n),
    });
  }
  drafts.push({
    difficulty: "easy",
    readingText: "suv",
    text: "<p>Matnga ko'ra, odam tanasining qancha qismi suvdan iborat?</p>",
    correct: "Taxminan 60 %",
    wrong: ["Taxminan 10 %", "Taxminan 30 %", "Taxminan 95 %"],
  });
  drafts.push({
    difficulty: "easy",
    readingText: "suv",
    text: "<p>Suv molekulasining formulasi qaysi?</p>",
    correct: "H<sub>2</sub>O",
    wrong: ["HO<sub>2</sub>", "H<sub>2</sub>O<sub>2</sub>", "OH"],
  });
  return {
    drafts,
    readingTexts: [
      {
        key: "suv",
        text:
          "<p>Suv (H<sub>2</sub>O) — hayot manbai. Katta yoshdagi odam tanasining taxminan 60 foizi suvdan iborat. " +
          "Suv moddalarni eritadi, tana haroratini boshqaradi va hujayralarga oziq moddalarni yetkazadi.</p>",
      },
    ],
  };
}

const BUILDERS: Record<string, (grade: number) => { drafts: Draft[]; readingTexts: QuestionImport["readingTexts"] }> = {
  Matematika: matematika,
  Fizika: fizika,
  Kimyo: kimyo,
  Biologiya: biologiya,
};

/** Whether the demo has a bank for a subject of this name: the camp's four, not an organiser's own. */
export const hasDemoBank = (name: string): boolean => Object.hasOwn(BUILDERS, name);

/** The bank of one subject of one grade, in the import form the organiser's API takes. */
export function demoQuestionBank({ subjectId, name, grade }: { subjectId: number; name: string; grade: number }): QuestionImport {
  const { drafts, readingTexts } = BUILDERS[name](grade);
  return {
    subjectId,
    readingTexts,
    questions: drafts.map((d) => ({
      difficulty: d.difficulty,
      text: d.text,
      ...(d.readingText ? { readingText: d.readingText } : {}),
      choices: [{ text: d.correct, correct: true }, ...d.wrong.map((text) => ({ text, correct: false }))],
    })),
  };
}
