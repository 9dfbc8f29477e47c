// The question bank over HTTP: files teachers have (xlsx template, GIFT, Aiken),
// previewed and imported all or nothing with an error per bad row; HTML sanitised; the list,
// and removal (deleted, or retired once drawn).
import { connect } from "node:net";
import ExcelJS from "exceljs";
import { baseURL } from "../../playwright.config";
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER, signedIn } from "../support/http";

let organiser: APIRequestContext;
test.beforeAll(async () => {
  organiser = await signedIn(ORGANISER);
});
test.afterAll(async () => organiser?.dispose());

type Row = (string | number | { formula: string })[];

async function workbook(rows: Row[], texts: [string, string][] = []): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Savollar");
  sheet.addRow(["difficulty", "question", "reading_text", "A", "B", "C", "D", "E", "F", "correct"]);
  for (const row of rows) sheet.addRow(row);
  const textSheet = book.addWorksheet("Matnlar");
  textSheet.addRow(["key", "text"]);
  for (const t of texts) textSheet.addRow(t);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const goodRow = (i: number): Row => [
  i % 3 === 0 ? "oson" : i % 3 === 1 ? "o'rta" : "qiyin",
  `Savol ${i}: \\(${i} + 1\\) = ?`,
  "",
  `${i}`,
  `${i + 1}`,
  `${i + 2}`,
  `${i + 3}`,
  "",
  "",
  "B",
];

const upload = (
  subjectId: number,
  file: { name: string; mimeType: string; buffer: Buffer },
  fields: Record<string, string> = {},
  dryRun = false,
) =>
  organiser.post(`/api/admin/questions/upload?dryRun=${dryRun}`, {
    multipart: { file, format: "xlsx", subjectId: String(subjectId), reason: "Yangi savollar", ...fields },
  });

const xlsx = (buffer: Buffer) => ({
  name: "savollar.xlsx",
  mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  buffer,
});

/** The signature of a zip's central directory entry (PKWARE APPNOTE 4.3.12). */
const CENTRAL_ENTRY = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

const bankSize = async (subjectId: number) =>
  (await (await organiser.get(`/api/admin/questions?subjectId=${subjectId}`)).json()).total as number;

test("a spreadsheet of 500 rows with 3 bad ones imports nothing and names the 3 rows; fixed, it imports all", async ({ request }) => {
  const { subjectId } = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
  const base = await bankSize(subjectId); // the olympiad's own three
  const rows = Array.from({ length: 500 }, (_, i) => goodRow(i));
  rows[9] = ["juda qiyin", "Noma'lum qiyinlik", "", "1", "2", "", "", "", "", "A"];
  rows[99] = ["oson", "To'g'ri javob yo'q", "", "1", "2", "", "", "", "", "D"];
  rows[299] = ["oson", { formula: "1+1" }, "", "1", "2", "", "", "", "", "A"];
  const bad = await upload(subjectId, xlsx(await workbook(rows)));
  expect(bad.status()).toBe(422);
  const { errors } = await bad.json();
  expect(errors.map((e: { where: string }) => e.where)).toEqual(["Savollar, 11-qator", "Savollar, 101-qator", "Savollar, 301-qator"]);
  expect(errors.map((e: { field: string }) => e.field)).toEqual(["difficulty", "correct", "question"]);
  expect(errors[2].message).toBe("Katakda formula bor: faqat matn yozing");
  expect(await bankSize(subjectId)).toBe(base);

  rows[9] = goodRow(9);
  rows[99] = goodRow(99);
  rows[299] = goodRow(299);
  const preview = await upload(subjectId, xlsx(await workbook(rows)), {}, true);
  expect(await preview.json()).toMatchObject({ questions: 500, dryRun: true });
  expect(await bankSize(subjectId)).toBe(base);
  const imported = await upload(subjectId, xlsx(await workbook(rows)));
  expect(await imported.json()).toMatchObject({ questions: 500, dryRun: false });
  expect(await bankSize(subjectId)).toBe(base + 500);
});

test("the same file twice: the dry run says how many of its questions the bank has, and the import skips them unless asked", async ({
  request,
}) => {
  const { subjectId } = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
  const base = await bankSize(subjectId); // the olympiad's own three
  const rows = [goodRow(1), goodRow(2), goodRow(3)];
  const file = xlsx(await workbook(rows));
  const first = await upload(subjectId, file);
  expect(first.status()).toBe(200);
  expect(await first.json()).toMatchObject({ questions: 3, duplicates: 0, dryRun: false });

  // Again: the dry run names all three as in the bank, and the import adds none of them.
  const preview = await (await upload(subjectId, file, {}, true)).json();
  expect(preview).toMatchObject({ questions: 0, duplicates: 3, dryRun: true });
  expect(preview.preview.map((q: { inBank: boolean }) => q.inBank)).toEqual([true, true, true]);
  expect(await (await upload(subjectId, file)).json()).toMatchObject({ questions: 0, duplicates: 3, dryRun: false });
  expect(await bankSize(subjectId)).toBe(base + 3);

  // The file with a new row: only that one is added.
  const grown = await upload(subjectId, xlsx(await workbook([...rows, goodRow(4)])));
  expect(await grown.json()).toMatchObject({ questions: 1, duplicates: 3 });
  expect(await bankSize(subjectId)).toBe(base + 4);

  // Asked for (the form's tick): added again; a value that is no yes or no is refused, nothing added.
  const refused = await upload(subjectId, file, { importDuplicates: "ha" });
  expect(refused.status()).toBe(422);
  expect(await bankSize(subjectId)).toBe(base + 4);
  const asked = await upload(subjectId, file, { importDuplicates: "true" });
  expect(await asked.json()).toMatchObject({ questions: 3, duplicates: 3, dryRun: false });
  expect(await bankSize(subjectId)).toBe(base + 7);

  // The JSON import answers the same, its flag checked by the same schema.
  const bank = {
    subjectId,
    readingTexts: [],
    questions: [
      {
        difficulty: "easy",
        text: "Savol 1: \\(1 + 1\\) = ?",
        choices: ["1", "2", "3", "4"].map((text, j) => ({ text, correct: j === 1 })),
      },
    ],
  };
  expect(await (await organiser.post("/api/admin/questions/import?dryRun=true", { data: bank })).json()).toMatchObject({
    questions: 0,
    duplicates: 1,
  });
  expect((await organiser.post("/api/admin/questions/import?dryRun=true", { data: { ...bank, importDuplicates: "yes" } })).status()).toBe(
    422,
  );
});

test("a file that is not a spreadsheet, one over 5 MB, a script tag, a reading text that is not there", async ({ request }) => {
  const { subjectId } = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
  const base = await bankSize(subjectId); // the olympiad's own three
  const notXlsx = await upload(subjectId, { name: "savollar.xlsx", mimeType: "text/plain", buffer: Buffer.from("bu jadval emas") });
  expect((await notXlsx.json()).errors[0].message).toBe("Bu fayl Excel (.xlsx) jadvali emas");
  const huge = await upload(subjectId, {
    name: "katta.xlsx",
    mimeType: "application/octet-stream",
    buffer: Buffer.alloc(20 * 1024 * 1024, 1),
  });
  expect(huge.status()).toBe(413);
  expect((await huge.json()).message).toBe("Fayl juda katta (ko'pi bilan 5 MB)");
  const missingText = await upload(subjectId, xlsx(await workbook([["oson", "Matn bo'yicha", "yoq", "1", "2", "", "", "", "", "A"]])));
  expect((await missingText.json()).errors).toEqual([
    { where: "Savollar, 2-qator", field: "readingText", message: "Bunday matn kaliti yo'q (\"Matnlar\" varag'ini tekshiring)" },
  ]);
  const scripted = await upload(
    subjectId,
    xlsx(
      await workbook(
        [
          [
            "oson",
            "<p>Salom<script>alert(1)</script> <b>dunyo</b></p>",
            "matn",
            "<img src=x alt=rasm onerror=alert(1)>1",
            "2",
            "",
            "",
            "",
            "",
            "B",
          ],
        ],
        [["matn", '<p onclick="x()">Matn</p>']],
      ),
    ),
  );
  expect(scripted.status()).toBe(200);
  const { items } = await (await organiser.get(`/api/admin/questions?subjectId=${subjectId}&q=Salom`)).json();
  expect(items[0].text).toBe("<p>Salom <b>dunyo</b></p>");
  expect(items[0].readingText).toBe("<p>Matn</p>");
  expect(JSON.stringify(items)).not.toMatch(/script|onerror|onclick/);
  expect(await bankSize(subjectId)).toBe(base + 1);
  // An image must say what it shows, for the pupil who cannot see it (issue 27).
  const unseen = await upload(
    subjectId,
    xlsx(await workbook([["oson", '<p>Nechta? <img src="https://example.org/a.png"></p>', "", "1", "2", "", "", "", "", "A"]])),
  );
  expect(unseen.status()).toBe(422);
  expect((await unseen.json()).errors).toEqual([
    { where: "Savollar, 2-qator", field: "text", message: "Rasmning tavsifi yo'q: ko'ra olmaydigan o'quvchi uchun <img alt=\"…\"> yozing" },
  ]);
  expect(await bankSize(subjectId)).toBe(base + 1);
});

test("Moodle GIFT and Aiken files import with the difficulty chosen for them, with errors by question", async ({ request }) => {
  const { subjectId } = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
  const gift = "::Q1:: 2+2 nechaga teng? {=4 ~3 ~5}\n\n::Q2:: Toshkent poytaxtmi? {TRUE}\n";
  const giftBad = await organiser.post("/api/admin/questions/upload", {
    multipart: {
      file: { name: "b.gift", mimeType: "text/plain", buffer: Buffer.from(gift) },
      format: "gift",
      subjectId: String(subjectId),
      difficulty: "medium",
      reason: "GIFT fayli",
    },
  });
  expect((await giftBad.json()).errors).toEqual([
    { where: "2-savol", field: "type", message: "Faqat bitta to'g'ri javobli test savollari qabul qilinadi" },
  ]);
  const giftGood = await organiser.post("/api/admin/questions/upload", {
    multipart: {
      file: { name: "b.gift", mimeType: "text/plain", buffer: Buffer.from("::Q1:: 2+2 nechaga teng? {=4 ~3 ~5}\n\n3*3? {~6 =9 ~12}\n") },
      format: "gift",
      subjectId: String(subjectId),
      difficulty: "medium",
      reason: "GIFT fayli",
    },
  });
  expect(await giftGood.json()).toMatchObject({ questions: 2 });

  const aiken = "Suvning formulasi?\nA) H2O\nB) CO2\nANSWER: A\n\nEng katta sayyora?\nA. Yer\nB. Yupiter\nC. Mars\nANSWER: D\n";
  const aikenBad = await organiser.post("/api/admin/questions/upload", {
    multipart: {
      file: { name: "a.txt", mimeType: "text/plain", buffer: Buffer.from(aiken) },
      format: "aiken",
      subjectId: String(subjectId),
      difficulty: "hard",
      reason: "Aiken fayli",
    },
  });
  expect((await aikenBad.json()).errors).toEqual([
    { where: "6-qator", field: "correct", message: "To'g'ri javob harfi berilgan variantlardan biri bo'lishi kerak" },
  ]);
  const aikenGood = await organiser.post("/api/admin/questions/upload", {
    multipart: {
      file: { name: "a.txt", mimeType: "text/plain", buffer: Buffer.from(aiken.replace("ANSWER: D", "ANSWER: B")) },
      format: "aiken",
      subjectId: String(subjectId),
      difficulty: "hard",
      reason: "Aiken fayli",
    },
  });
  expect(await aikenGood.json()).toMatchObject({ questions: 2 });
  const hard = await (await organiser.get(`/api/admin/questions?subjectId=${subjectId}&difficulty=3`)).json();
  expect(hard.total).toBe(1 + 2);
});

test("a GIFT file's mistakes are said as what to fix: an unescaped = or :, no right answer, several", async ({ request }) => {
  const { subjectId } = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
  const preview = async (gift: string) =>
    (
      await organiser.post("/api/admin/questions/upload?dryRun=true", {
        multipart: {
          file: { name: "b.gift", mimeType: "text/plain", buffer: Buffer.from(gift) },
          format: "gift",
          subjectId: String(subjectId),
          difficulty: "easy",
        },
      })
    ).json();
  const upload = async (gift: string) => (await preview(gift)).errors;
  const escaped = (char: string) =>
    `«${char}» belgisi GIFT formatida maxsus ma'noga ega. Uni savol yoki variant matnida ishlatish uchun oldiga teskari chiziq qo'ying: \\${char}`;
  expect(await upload("::Q1:: 2+2 nechaga teng? {=4 ~3 ~5}\n\n::Q2:: a=b bo'lsa? {=ha ~yo'q}\n")).toEqual([
    { where: "3-qator", field: "file", message: `9-belgi: ${escaped("=")}` },
  ]);
  expect(await upload("Soat 10:30 da nima? {=a ~b}")).toEqual([{ where: "1-qator", field: "file", message: `8-belgi: ${escaped(":")}` }]);
  expect(await upload("Qaysi? {~a ~b ~c}\n\nQaysi? {=a=b ~c}")).toEqual([
    {
      where: "1-savol",
      field: "correct",
      message: "To'g'ri javob belgilanmagan: to'g'ri variant oldiga = qo'ying, noto'g'rilari oldiga ~ (masalan: {=4 ~3 ~5})",
    },
    {
      where: "2-savol",
      field: "correct",
      message: "Bir nechta variant = bilan belgilangan. Faqat bitta to'g'ri javob bo'ladi; variant matnidagi = belgisini \\= deb yozing",
    },
  ]);
  // Escaped, they are text; the preview shows the question as it will be.
  expect(await preview("a\\=b va 10\\:30? {=ha ~yo'q}")).toMatchObject({
    questions: 1,
    preview: [
      {
        text: "a=b va 10:30?",
        choices: [
          { text: "ha", correct: true },
          { text: "yo'q", correct: false },
        ],
      },
    ],
  });
});

test("the bank keeps the file's order of choices (the key stays where the file put it)", async ({ request }) => {
  const { subjectId } = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
  const imported = await organiser.post("/api/admin/questions/upload", {
    multipart: {
      file: {
        name: "a.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("Tartib?\nA) birinchi\nB) ikkinchi\nC) uchinchi\nD) to'rtinchi\nANSWER: C\n"),
      },
      format: "aiken",
      subjectId: String(subjectId),
      difficulty: "hard",
      reason: "Tartib tekshiruvi",
    },
  });
  expect(imported.status()).toBe(200);
  const bank = await (await organiser.get(`/api/admin/questions?subjectId=${subjectId}&q=Tartib`)).json();
  const [question] = bank.items;
  expect(question.choices.map((c: { text: string }) => c.text)).toEqual(["birinchi", "ikkinchi", "uchinchi", "to'rtinchi"]);
  expect(question.choices.map((c: { correct: boolean }) => c.correct)).toEqual([false, false, true, false]);
});

test("removing a question: deleted when never drawn, retired (kept, never drawn again) when it was", async ({ request }) => {
  const olympiad = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const session = await signedIn(pupil);
  await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } });
  const { items } = await (await organiser.get(`/api/admin/questions?subjectId=${olympiad.subjectId}`)).json();
  expect(items.every((q: { drawn: boolean }) => q.drawn)).toBe(true);
  expect((await organiser.delete(`/api/admin/questions/${items[0].questionId}`, { data: {} })).status()).toBe(422);
  const retired = await organiser.delete(`/api/admin/questions/${items[0].questionId}`, { data: { reason: "Xato savol" } });
  expect(await retired.json()).toMatchObject({ removed: "retired" });
  // The pupil's attempt still shows it; a new pupil cannot start (the bank is one short now).
  const second = await signedIn(await newPupil(request, { subjectId: olympiad.subjectId }));
  expect((await (await second.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json()).code).toBe(3000);

  const { subjectId } = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
  const fresh = await (await organiser.get(`/api/admin/questions?subjectId=${subjectId}`)).json();
  expect(
    await (await organiser.delete(`/api/admin/questions/${fresh.items[0].questionId}`, { data: { reason: "Takror savol" } })).json(),
  ).toMatchObject({ removed: "deleted" });
  expect(await bankSize(subjectId)).toBe(2);
  await Promise.all([session.dispose(), second.dispose()]);
});

test("editing: a question never drawn changes (sanitised, one right choice); a drawn one is refused (4009)", async ({ request }) => {
  const olympiad = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
  const { items } = await (await organiser.get(`/api/admin/questions?subjectId=${olympiad.subjectId}`)).json();
  const id = items[0].questionId;
  const edit = {
    difficulty: "easy",
    text: "<p>Yangi <script>x()</script>matn</p>",
    choices: [
      { text: "1", correct: false },
      { text: "2", correct: true },
    ],
    reason: "Matn tuzatildi",
  };
  expect((await organiser.put(`/api/admin/questions/${id}`, { data: { ...edit, reason: undefined } })).status()).toBe(422);
  expect(
    (
      await organiser.put(`/api/admin/questions/${id}`, {
        data: {
          ...edit,
          choices: [
            { text: "1", correct: true },
            { text: "2", correct: true },
          ],
        },
      })
    ).status(),
  ).toBe(422);
  expect((await organiser.put(`/api/admin/questions/${id}`, { data: edit })).status()).toBe(200);
  const after = await (await organiser.get(`/api/admin/questions?subjectId=${olympiad.subjectId}&difficulty=1`)).json();
  const changed = after.items.find((q: { questionId: number }) => q.questionId === id);
  expect(changed.text).toBe("<p>Yangi matn</p>");
  expect(changed.choices.filter((c: { correct: boolean }) => c.correct).map((c: { text: string }) => c.text)).toEqual(["2"]);

  const session = await signedIn(await newPupil(request, { subjectId: olympiad.subjectId }));
  await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } });
  expect((await (await organiser.put(`/api/admin/questions/${id}`, { data: edit })).json()).code).toBe(4009);
  await session.dispose();
});

// How long a refusal takes, and how the others are served meanwhile, is bench:spreadsheet-bomb's figure.
test.describe("a spreadsheet that unpacks huge, or an upload that never ends, harms nobody", () => {
  test("an xlsx that unpacks past 8 MB is refused from its directory, nothing parsed; the server answers others meanwhile", async ({
    request,
  }) => {
    const { subjectId } = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
    // A genuine workbook whose shared strings unpack to 24 MB (it packs to well under 1 MB).
    const bomb = await workbook(
      Array.from({ length: 12 }, (_, i) => ["oson", `${i}${"x".repeat(2_000_000)}`, "", "1", "2", "", "", "", "", "A"]),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const sent = upload(subjectId, xlsx(bomb));
    for (let i = 0; i < 5; i++) expect((await request.get("/api/health")).status()).toBe(200);
    const refused = await sent;
    expect(refused.status()).toBe(422);
    expect((await refused.json()).errors).toEqual([
      { where: "Fayl", field: "file", message: "Jadval ochilganda juda katta (ko'pi bilan 8 MB): uni bir necha faylga bo'ling" },
    ]);
    expect(await bankSize(subjectId)).toBe(3);
  });

  test("an xlsx whose zip directory understates what it unpacks to is refused as it is inflated, not trusted", async ({ request }) => {
    const { subjectId } = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
    const bomb = await workbook(
      Array.from({ length: 12 }, (_, i) => ["oson", `${i}${"x".repeat(2_000_000)}`, "", "1", "2", "", "", "", "", "A"]),
    );
    // Every entry of the central directory claims to unpack to 1 000 bytes.
    for (let at = bomb.indexOf(CENTRAL_ENTRY); at >= 0; at = bomb.indexOf(CENTRAL_ENTRY, at + 4)) bomb.writeUInt32LE(1_000, at + 24);
    const refused = await upload(subjectId, xlsx(bomb));
    expect(refused.status()).toBe(422);
    expect((await refused.json()).errors).toEqual([{ where: "Fayl", field: "file", message: "Bu fayl Excel (.xlsx) jadvali emas" }]);
    expect(await bankSize(subjectId)).toBe(3);
  });

  test("a chunked upload past 5 MB is refused as the 5 MB pass, not after the whole of it is buffered", async () => {
    const { cookies } = await organiser.storageState();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(baseURL).port), "127.0.0.1");
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        text += chunk;
        if (text.includes("\r\n\r\n")) {
          resolve(text);
          socket.destroy();
        }
      });
      socket.on("error", reject);
      socket.write(
        `POST /api/admin/questions/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      // 6 MB of the announced 20, then nothing: the answer must come without the rest.
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      for (let i = 0; i < 24; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString("latin1")}\r\n`);
      setTimeout(() => reject(new Error("no answer before the rest of the upload")), 10_000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
  });
});

test("a two-language bank: the template's own file imports in three languages, an id column attaches Russian to the bank's items, GIFT takes a language", async ({
  request,
}) => {
  const { subjectId } = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
  const template = await organiser.get("/api/admin/questions/template");
  expect(template.status()).toBe(200);
  const file = xlsx(Buffer.from(await template.body()));

  // The template as downloaded: its first question in Uzbek, Russian and Karakalpak, its second in Uzbek.
  const preview = await (await upload(subjectId, file, {}, true)).json();
  expect(preview).toMatchObject({ questions: 2, attached: 0 });
  expect(preview.preview.map((q: { languages: number[] }) => q.languages)).toEqual([[0, 1, 2], [0]]);
  expect((await upload(subjectId, file)).status()).toBe(200);
  const listed = await (await organiser.get(`/api/admin/questions?subjectId=${subjectId}&q=${encodeURIComponent("2 + 3")}`)).json();
  expect(listed.items).toHaveLength(1);
  expect(listed.items[0].texts).toMatchObject({ 0: "2 + 3 nechaga teng?", 1: "Сколько будет 2 + 3?" });
  expect(listed.items[0].choices.map((c: { texts: Record<string, string> }) => c.texts[1])).toEqual(["4", "5", "6", "7"]);

  // The Uzbek-only question gets its Russian text from a sheet with an "id" column (no difficulty: the bank's).
  const water = (await (await organiser.get(`/api/admin/questions?subjectId=${subjectId}&q=suvning`)).json()).items[0];
  const attach = async (correct: string) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Savollar");
    sheet.addRow(["id", "question", "reading_text", "A", "B", "C", "D", "correct"]);
    sheet.addRow([
      water.questionId,
      "Согласно тексту, какова формула воды?",
      "suv",
      "H<sub>2</sub>O",
      "CO<sub>2</sub>",
      "O<sub>2</sub>",
      "NaCl",
      correct,
    ]);
    book.addWorksheet("Matnlar").addRow(["key", "text"]);
    book.getWorksheet("Matnlar")!.addRow(["suv", "<p>Вода состоит из водорода и кислорода: H<sub>2</sub>O.</p>"]);
    return upload(subjectId, xlsx(Buffer.from(await book.xlsx.writeBuffer())), { language: "1" });
  };
  // Another key than the bank's: refused at its row, in words.
  const refused = await attach("B");
  expect(refused.status()).toBe(422);
  expect((await refused.json()).errors).toEqual([
    {
      where: "Savollar, 2-qator",
      field: "choices",
      message: "Bunday savol bankda yo'q yoki uning variantlari (soni, to'g'ri javobi) mos kelmaydi",
    },
  ]);
  const attached = await attach("A");
  expect(attached.status()).toBe(200);
  expect(await attached.json()).toMatchObject({ questions: 0, attached: 1, readingTexts: 0 });
  const after = (await (await organiser.get(`/api/admin/questions?subjectId=${subjectId}&q=suvning`)).json()).items[0];
  expect(after.questionId).toBe(water.questionId);
  expect(after.languages).toEqual([0, 1]);
  expect(after.texts[1]).toBe("Согласно тексту, какова формула воды?");
  expect(after.readingText).toContain("Suv vodorod");

  // GIFT in Karakalpak: new questions in that language only.
  const gift = await organiser.post("/api/admin/questions/upload", {
    multipart: {
      file: { name: "a.gift", mimeType: "text/plain", buffer: Buffer.from("Úsh qosıw tórt neshe boladı? {=7 ~6 ~8}\n") },
      format: "gift",
      subjectId: String(subjectId),
      difficulty: "easy",
      language: "2",
      reason: "Qoraqalpoq tilidagi savollar",
    },
  });
  expect(gift.status()).toBe(200);
  const karakalpak = (
    await (await organiser.get(`/api/admin/questions?subjectId=${subjectId}&q=${encodeURIComponent("Úsh qosıw")}`)).json()
  ).items[0];
  expect(karakalpak.languages).toEqual([2]);

  // A language that is not one: refused in words.
  const bad = await upload(subjectId, file, { language: "7" });
  expect(bad.status()).toBe(422);
});
