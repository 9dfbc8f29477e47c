// Results over HTTP: pupils take a test, the organiser reads the ranking, exports it as
// CSV and XLSX (read back here), recomputes, regrades (a dry run, then applied: the pupil's own
// result follows), reads the item statistics; bad input is refused in Uzbek and changes nothing.
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { anonymous, newOlympiad, newPupil, ORGANISER, pupilTakes, signedIn } from "../support/http";

let organiser: APIRequestContext;
test.beforeAll(async () => {
  organiser = await signedIn(ORGANISER);
});
test.afterAll(async () => {
  await organiser?.dispose();
});

async function taken(request: APIRequestContext) {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1 });
  const pupils = [
    await pupilTakes(request, olympiad, [true, true, false], { names: { firstName: "Aziza", lastName: "Karimova" } }), // 2.5
    await pupilTakes(request, olympiad, [true, false, true], { names: { firstName: "Bobur", lastName: "Aliyev" } }), // 3.5
    await pupilTakes(request, olympiad, [false, false, false], { names: { firstName: "Dilshod", lastName: "Qodirov" } }), // 0
  ];
  return { olympiad, pupils };
}

test("the ranking, its exports read back, recompute, and a regrade that the pupil's result follows", async ({ request }) => {
  const { olympiad, pupils } = await taken(request);
  const results = await (await organiser.get(`/api/admin/results?testId=${olympiad.testId}`)).json();
  expect(results.total).toBe(3);
  expect(results.notEnded).toBe(0);
  expect(
    results.items.map((r: { fullName: string; totalScore: number; rank: number; inTop5: boolean }) => [
      r.fullName,
      r.totalScore,
      r.rank,
      r.inTop5,
    ]),
  ).toEqual([
    ["Aliyev Bobur", 3.5, 1, true],
    ["Karimova Aziza", 2.5, 2, true],
    ["Qodirov Dilshod", 0, 3, true],
  ]);
  expect(results.items[0]).toMatchObject({
    userId: pupils[1].userId,
    districtId: 1726266,
    regionId: 1726,
    easyScore: 1,
    mediumScore: 0,
    hardScore: 2.5,
  });

  // CSV: BOM, the info line with the list's hash (of its data, not its words), in the header too.
  const csvResponse = await organiser.get(`/api/admin/results/export?testId=${olympiad.testId}&format=csv&scope=top5`);
  expect(csvResponse.headers()["content-type"]).toContain("text/csv");
  expect(csvResponse.headers()["content-disposition"]).toMatch(
    new RegExp(`attachment; filename="natijalar_${new Date().getFullYear()}_2-bosqich_.*\\.csv"`),
  );
  const bytes = await csvResponse.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8").slice(1);
  const contentHash = csvResponse.headers()["x-content-sha256"];
  expect(contentHash).toMatch(/^[0-9a-f]{64}$/);
  const [info, header, ...rows] = parse(text, { relax_column_count: true }) as string[][];
  expect(info).toContain(`Ro'yxat ma'lumotlari SHA-256: ${contentHash}`);

  // The same list in Russian, chosen for the file: Russian words and names, the same hash.
  const russian = await organiser.get(`/api/admin/results/export?testId=${olympiad.testId}&format=csv&scope=top5&lang=ru`);
  expect(russian.headers()["x-content-sha256"]).toBe(contentHash);
  const [russianInfo, russianHeader, russianRow] = parse((await russian.body()).toString("utf8").slice(1), {
    relax_column_count: true,
  }) as string[][];
  expect(russianInfo).toContain(`SHA-256 данных списка: ${contentHash}`);
  expect(russianHeader.slice(0, 5)).toEqual(["Место", "ФИО", "Школа", "Район", "Область"]);
  expect(russianRow.slice(3, 5)).toEqual(["Юнусабадский район", "город Ташкент"]);
  expect(header).toContain("Telefon (+998)");
  // The top list's columns: … grade, subject, the language of study, the total.
  expect(header.slice(5, 9)).toEqual(["Sinf", "Fan", "Ta'lim tili", "Jami ball"]);
  expect(rows.map((r) => [r[0], r[1], r[7], r[8]])).toEqual([
    ["1", "Aliyev Bobur", "O'zbek", "3.5"],
    ["2", "Karimova Aziza", "O'zbek", "2.5"],
    ["3", "Qodirov Dilshod", "O'zbek", "0"],
  ]);

  // XLSX of the same list: the same hash, the same rows, numbers as numbers.
  const xlsxResponse = await organiser.get(`/api/admin/results/export?testId=${olympiad.testId}&format=xlsx&scope=top5`);
  expect(xlsxResponse.headers()["x-content-sha256"]).toBe(contentHash);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await xlsxResponse.body()) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet("2-bosqich")!;
  expect((sheet.getRow(3).values as unknown[]).slice(1, 3)).toEqual([1, "Aliyev Bobur"]);
  expect(sheet.rowCount).toBe(5);

  // Recompute: every stored score is what the answers give.
  const recomputed = await (await organiser.post(`/api/admin/tests/${olympiad.testId}/recompute`)).json();
  expect(recomputed).toMatchObject({ checked: 3, differences: [] });

  // The hard question's key was wrong: the statistics show it, a dry run says who moves.
  const stats = await (await organiser.get(`/api/admin/tests/${olympiad.testId}/item-statistics`)).json();
  const hard = stats.items.find((i: { difficulty: number }) => i.difficulty === 3);
  expect(hard.drawn).toBe(3);
  const wrongChoice = hard.choices.find((c: { isCorrect: boolean; picked: number }) => !c.isCorrect && c.picked === 2);
  const regradeOf = (data: Record<string, unknown>) => organiser.post(`/api/admin/tests/${olympiad.testId}/regrade`, { data });
  const input = { questionId: hard.questionId, action: "key", correctChoiceId: wrongChoice.choiceId };
  const dry = await (await regradeOf({ ...input, dryRun: true })).json();
  const moves = (report: { changes: { userId: number; oldScore: number; newScore: number; oldRank: number; newRank: number }[] }) =>
    report.changes.map((c) => [c.userId, c.oldScore, c.newScore, c.oldRank, c.newRank]).sort((a, b) => a[0] - b[0]);
  expect(moves(dry)).toEqual([
    [pupils[0].userId, 2.5, 5, 2, 1],
    [pupils[1].userId, 3.5, 1, 1, 3],
    [pupils[2].userId, 0, 2.5, 3, 2],
  ]);
  const unchanged = await (await pupils[0].session.get(`/api/TestAttempts/Result?testAttemptId=${pupils[0].attemptId}`)).json();
  expect(unchanged.hardScore).toBe(0);

  // Applying needs a reason; then the same changes, and the pupil's own result follows.
  const noReason = await regradeOf({ ...input, dryRun: false });
  expect(noReason.status()).toBe(422);
  expect((await noReason.json()).validationErrors).toHaveProperty("reason");
  const applied = await (await regradeOf({ ...input, dryRun: false, reason: "Kalit xato kiritilgan" })).json();
  expect(moves(applied)).toEqual(moves(dry));
  const result = await (await pupils[0].session.get(`/api/TestAttempts/Result?testAttemptId=${pupils[0].attemptId}`)).json();
  expect(result.hardScore).toBe(2.5);
  const after = await (await organiser.get(`/api/admin/results?testId=${olympiad.testId}&top=true`)).json();
  expect(after.items[0]).toMatchObject({ userId: pupils[0].userId, rank: 1, totalScore: 5 });
  const newCsv = await organiser.get(`/api/admin/results/export?testId=${olympiad.testId}&format=csv&scope=top5`);
  expect(newCsv.headers()["x-key-sha256"]).toBe(applied.newKeyHash);
  expect(newCsv.headers()["x-key-sha256"]).not.toBe(applied.oldKeyHash);
  expect((await (await organiser.post(`/api/admin/tests/${olympiad.testId}/recompute`)).json()).differences).toEqual([]);

  // Per-question marks on demand.
  const marks = await (await organiser.get(`/api/admin/attempts/${pupils[0].attemptId}/marks`)).json();
  expect(marks.marks.map((m: { earned: boolean }) => m.earned)).toEqual([true, true, true]);
  for (const s of pupils) await s.session.dispose();
});

test("bad input is refused with the field named, and a pupil or a stranger gets nothing", async ({ request }) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1 });
  const cases: [string, string][] = [
    ["/api/admin/results?testId=abc", "testId"],
    ["/api/admin/results", "testId"],
    [`/api/admin/results/export?testId=${olympiad.testId}&format=pdf&scope=all`, "format"],
    [`/api/admin/results/export?testId=${olympiad.testId}&format=csv&scope=everyone`, "scope"],
  ];
  for (const [path, field] of cases) {
    const response = await organiser.get(path);
    expect(response.status(), path).toBe(422);
    expect(Object.keys((await response.json()).validationErrors), path).toContain(field);
  }
  expect((await organiser.get("/api/admin/results/export?testId=99999999&format=csv&scope=all")).status()).toBe(404);
  const regrade = (data: unknown) => organiser.post(`/api/admin/tests/${olympiad.testId}/regrade`, { data });
  const bad: [unknown, string][] = [
    [{ questionId: 1, action: "key", dryRun: true }, "correctChoiceId"],
    [{ questionId: 1, action: "void", dryRun: true }, "voidAwards"],
    [{ questionId: 1, action: "void", voidAwards: "some", dryRun: true }, "voidAwards"],
    [{ questionId: 1, action: "delete", dryRun: true }, "action"],
    [{ questionId: 2147483647, action: "void", voidAwards: "all", dryRun: true }, "questionId"],
  ];
  for (const [data, field] of bad) {
    const response = await regrade(data);
    expect(response.status(), field).toBe(422);
    const answer = await response.json();
    expect(Object.keys(answer.validationErrors), field).toContain(field);
    expect(answer.message).toBeTruthy();
  }
  // An empty test: no results, nothing to recompute, an export with only its header (provisional).
  expect(await (await organiser.get(`/api/admin/results?testId=${olympiad.testId}`)).json()).toEqual({ items: [], total: 0, notEnded: 0 });
  expect(await (await organiser.post(`/api/admin/tests/${olympiad.testId}/recompute`)).json()).toMatchObject({
    checked: 0,
    differences: [],
  });
  const empty = await organiser.get(`/api/admin/results/export?testId=${olympiad.testId}&format=csv&scope=all`);
  expect(empty.headers()["x-provisional"]).toBe("true");
  expect(parse((await empty.text()).slice(1), { relax_column_count: true })).toHaveLength(2);

  const pupil = await signedIn(await newPupil(request, { subjectId: olympiad.subjectId }));
  const stranger = await anonymous();
  for (const path of [`/api/admin/results?testId=${olympiad.testId}`, `/api/admin/results/export?format=csv&scope=top5`]) {
    expect((await pupil.get(path)).status(), path).toBe(403);
    expect((await stranger.get(path)).status(), path).toBe(401);
  }
  await pupil.dispose();
  await stranger.dispose();
});

test("'Kim yakunladi' tells the pupil, the clock and the organiser apart: in the ranking, the export and the pupil's result", async ({
  request,
}) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1 });
  const finished = await pupilTakes(request, olympiad, [true, false, false], { names: { firstName: "Anvar", lastName: "Yakunlovchi" } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId, names: { firstName: "Olim", lastName: "Tugatilgan" } });
  const session = await signedIn(pupil);
  const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json();
  expect((await organiser.post(`/api/admin/attempts/${attemptId}/end`, { data: { reason: "Qoidabuzarlik" } })).status()).toBe(200);

  const { items } = await (await organiser.get(`/api/admin/results?testId=${olympiad.testId}`)).json();
  const endedBy = Object.fromEntries(items.map((r: { userId: number; endedBy: number }) => [r.userId, r.endedBy]));
  expect(endedBy).toEqual({ [finished.userId]: 1, [pupil.userId]: 3 });
  const csv = (await (await organiser.get(`/api/admin/results/export?testId=${olympiad.testId}&format=csv&scope=all`)).body()).toString(
    "utf8",
  );
  const rows = parse(csv.slice(1), { relax_column_count: true }) as string[][];
  const header = rows[1];
  const column = header.indexOf("Kim yakunladi");
  expect(column).toBeGreaterThan(0);
  const byName = Object.fromEntries(rows.slice(2).map((r) => [r.find((cell) => /Yakunlovchi|Tugatilgan/.test(cell)), r[column]]));
  expect(byName).toEqual({ "Yakunlovchi Anvar": "O'quvchi yakunladi", "Tugatilgan Olim": "Tashkilotchi yakunladi" });
  expect(await (await session.get(`/api/TestAttempts/Result?testAttemptId=${attemptId}`)).json()).toMatchObject({ endedBy: 3 });
  await session.dispose();
});
