// The demo's question bank: for every subject and grade, 12 easy, 12 medium and 12 hard questions
// in Uzbek, each also in Russian and Karakalpak (Latin), some on a reading text, with formulas (TeX),
// sub/superscripts and a table.
import "server-only";
import type { QuestionImportInput } from "@/lib/questions/schema";
import type { DifficultyName } from "@/shared/attempts/scoring";

/** A text in the three study languages: Uzbek (the bank's own), Russian and Karakalpak. */
type Tr = { uz: string; ru: string; kaa: string };
/** A choice: a number or a formula reads the same in every language, words do not. */
type Choice = string | Tr;

type Draft = { difficulty: DifficultyName; text: Tr; correct: Choice; wrong: Choice[]; readingText?: string };
type ReadingText = { key: string; text: Tr };
type Built = { drafts: Draft[]; readingTexts: ReadingText[] };

const tr = (uz: string, ru: string, kaa: string): Tr => ({ uz, ru, kaa });

/** A choice in one language. */
const say = (choice: Choice, language: keyof Tr): string => (typeof choice === "string" ? choice : choice[language]);

/** Distinct wrong answers near the right one, with the unit (as each language writes it) after the number. */
function near(answer: number, unit: Choice = ""): { correct: Choice; wrong: Choice[] } {
  const deltas = [1, -1, 2, 10, -2, 5];
  const wrong = [...new Set(deltas.map((d) => answer + d).filter((w) => w !== answer && w >= 0))].slice(0, 3);
  const withUnit = (n: number): Choice =>
    typeof unit === "string" ? `${n}${unit}` : tr(`${n}${unit.uz}`, `${n}${unit.ru}`, `${n}${unit.kaa}`);
  return { correct: withUnit(answer), wrong: wrong.map(withUnit) };
}

const SOM = tr(" so'm", " сум", " sum");
const METRE = tr(" m", " м", " m");
const ACCELERATION = tr(" m/s²", " м/с²", " m/s²");
const JOULE = tr(" J", " Дж", " J");
const MOLAR_MASS = tr(" g/mol", " г/моль", " g/mol");
const GRAM = tr(" g", " г", " g");

function matematika(grade: number): Built {
  const k = grade - 4; // grows with the grade
  const drafts: Draft[] = [];
  for (let i = 1; i <= 12; i++) {
    const a = 12 * k + i * 7;
    const b = 5 * k + i * 3;
    const sum = `\\(${a} + ${b}\\)`;
    drafts.push({
      difficulty: "easy",
      text: tr(`<p>Hisoblang: ${sum}</p>`, `<p>Вычислите: ${sum}</p>`, `<p>Esaplań: ${sum}</p>`),
      ...near(a + b),
    });
  }
  for (let i = 1; i <= 10; i++) {
    const x = k + i;
    const m = i + 2;
    const equation = `\\(${m}x + ${i} = ${m * x + i}\\)`;
    drafts.push({
      difficulty: "medium",
      text: tr(`<p>Tenglamani yeching: ${equation}</p>`, `<p>Решите уравнение: ${equation}</p>`, `<p>Teńlemeni sheshiń: ${equation}</p>`),
      ...near(x),
    });
  }
  for (let i = 1; i <= 12; i++) {
    const base = 2 + (i % 4);
    const power = 2 + ((i + k) % 3);
    const expression = i % 2 === 0 ? `${base}<sup>${power}</sup> + ${i}` : `\\(${base}^{${power}} + ${i}\\)`;
    drafts.push({
      difficulty: "hard",
      text: tr(
        `<p>Ifodaning qiymatini toping: ${expression}</p>`,
        `<p>Найдите значение выражения: ${expression}</p>`,
        `<p>Ańlatpanıń mánisin tabıń: ${expression}</p>`,
      ),
      ...near(base ** power + i),
    });
  }
  const daftar = 2000 + 500 * k;
  const ruchka = 1500 + 100 * k;
  const chizgich = 3000 + 200 * k;
  const shop = (intro: string, [product, price]: [string, string], [notebook, pen, ruler]: [string, string, string]) =>
    `<p>${intro}</p><table><thead><tr><th>${product}</th><th>${price}</th></tr></thead>` +
    `<tbody><tr><td>${notebook}</td><td>${daftar}</td></tr><tr><td>${pen}</td><td>${ruchka}</td></tr>` +
    `<tr><td>${ruler}</td><td>${chizgich}</td></tr></tbody></table>`;
  const readingText: ReadingText = {
    key: "dokon",
    text: tr(
      shop("Maktab do'konida narxlar quyidagicha:", ["Mahsulot", "Narxi (so'm)"], ["Daftar", "Ruchka", "Chizg'ich"]),
      shop("Цены в школьном магазине:", ["Товар", "Цена (сум)"], ["Тетрадь", "Ручка", "Линейка"]),
      shop("Mektep dúkanında bahalar tómendegishe:", ["Ónim", "Bahası (sum)"], ["Dápter", "Ruchka", "Sızǵısh"]),
    ),
  };
  drafts.push(
    {
      difficulty: "medium",
      readingText: "dokon",
      text: tr("<p>3 ta daftar necha so'm turadi?</p>", "<p>Сколько стоят 3 тетради?</p>", "<p>3 dápter neshe sum turadı?</p>"),
      ...near(3 * daftar, SOM),
    },
    {
      difficulty: "medium",
      readingText: "dokon",
      text: tr(
        "<p>2 ta ruchka va 1 ta daftar necha so'm turadi?</p>",
        "<p>Сколько стоят 2 ручки и 1 тетрадь?</p>",
        "<p>2 ruchka hám 1 dápter neshe sum turadı?</p>",
      ),
      ...near(2 * ruchka + daftar, SOM),
    },
  );
  return { drafts, readingTexts: [readingText] };
}

function fizika(grade: number): Built {
  const k = grade - 4;
  const drafts: Draft[] = [];
  for (let i = 1; i <= 12; i++) {
    const v = 2 + i + k;
    const t = 3 + (i % 5);
    drafts.push({
      difficulty: "easy",
      text: tr(
        `<p>Jism \\(v = ${v}\\) m/s tezlik bilan \\(t = ${t}\\) s davomida tekis harakatlandi. U qancha yo'l bosib o'tdi?</p>`,
        `<p>Тело двигалось равномерно со скоростью \\(v = ${v}\\) м/с в течение \\(t = ${t}\\) с. Какой путь оно прошло?</p>`,
        `<p>Dene \\(v = ${v}\\) m/s tezlik penen \\(t = ${t}\\) s dawamında teń ólshewli qozǵaldı. Ol qansha jol júrip ótti?</p>`,
      ),
      ...near(v * t, METRE),
    });
  }
  for (let i = 1; i <= 10; i++) {
    const m = i + k;
    const a = 2 + (i % 4);
    drafts.push({
      difficulty: "medium",
      text: tr(
        `<p>Massasi ${m} kg bo'lgan jismga ${m * a} N kuch ta'sir qilmoqda. Jismning tezlanishini toping (\\(a = \\frac{F}{m}\\)).</p>`,
        `<p>На тело массой ${m} кг действует сила ${m * a} Н. Найдите ускорение тела (\\(a = \\frac{F}{m}\\)).</p>`,
        `<p>Massası ${m} kg bolǵan denege ${m * a} N kúsh tásir etedi. Deneniń tezleniwin tabıń (\\(a = \\frac{F}{m}\\)).</p>`,
      ),
      ...near(a, ACCELERATION),
    });
  }
  for (let i = 1; i <= 12; i++) {
    const m = 2 * (1 + (i % 3));
    const v = 2 + i;
    drafts.push({
      difficulty: "hard",
      text: tr(
        `<p>Massasi ${m} kg, tezligi ${v} m/s bo'lgan jismning kinetik energiyasini toping: \\(E_k = \\frac{mv^2}{2}\\).</p>`,
        `<p>Найдите кинетическую энергию тела массой ${m} кг, движущегося со скоростью ${v} м/с: \\(E_k = \\frac{mv^2}{2}\\).</p>`,
        `<p>Massası ${m} kg, tezligi ${v} m/s bolǵan deneniń kinetikalıq energiyasın tabıń: \\(E_k = \\frac{mv^2}{2}\\).</p>`,
      ),
      ...near((m * v * v) / 2, JOULE),
    });
  }
  drafts.push(
    {
      difficulty: "medium",
      readingText: "nyuton",
      text: tr(
        "<p>Matnga ko'ra, jismga kuch ta'sir qilmasa, u qanday harakatlanadi?</p>",
        "<p>Согласно тексту, как движется тело, если на него не действуют силы?</p>",
        "<p>Tekstke muwapıq, denege kúsh tásir etpese, ol qalay qozǵaladı?</p>",
      ),
      correct: tr(
        "Tinch turadi yoki to'g'ri chiziqli tekis harakatlanadi",
        "Покоится или движется равномерно и прямолинейно",
        "Tınısh turadı yamasa tuwrı sızıqlı teń ólshewli qozǵaladı",
      ),
      wrong: [
        tr("Albatta to'xtaydi", "Обязательно останавливается", "Álbette toqtaydı"),
        tr("Aylana bo'ylab harakatlanadi", "Движется по окружности", "Sheńber boylap qozǵaladı"),
        tr("Tezlanish bilan harakatlanadi", "Движется с ускорением", "Tezleniw menen qozǵaladı"),
      ],
    },
    {
      difficulty: "medium",
      readingText: "nyuton",
      text: tr(
        "<p>Nyutonning ikkinchi qonuni formulasi qaysi?</p>",
        "<p>Какой формулой выражается второй закон Ньютона?</p>",
        "<p>Nyutonnıń ekinshi nızamınıń formulası qaysı?</p>",
      ),
      correct: "\\(F = ma\\)",
      wrong: ["\\(F = \\frac{m}{a}\\)", "\\(F = m + a\\)", "\\(F = mv^2\\)"],
    },
  );
  return {
    drafts,
    readingTexts: [
      {
        key: "nyuton",
        text: tr(
          "<p>Isaak Nyuton harakatning uchta qonunini ta'riflagan. Birinchi qonunga ko'ra, jismga boshqa jismlar ta'sir " +
            "qilmasa, u tinch holatini yoki to'g'ri chiziqli tekis harakatini saqlaydi. Ikkinchi qonun jismning tezlanishi " +
            "unga ta'sir etuvchi kuchga to'g'ri, massasiga esa teskari proporsional ekanini aytadi: \\(F = ma\\).</p>",
          "<p>Исаак Ньютон сформулировал три закона движения. Согласно первому закону, если на тело не действуют другие " +
            "тела, оно сохраняет состояние покоя или равномерного прямолинейного движения. Второй закон гласит, что ускорение " +
            "тела прямо пропорционально действующей на него силе и обратно пропорционально его массе: \\(F = ma\\).</p>",
          "<p>Isaak Nyuton qozǵalıstıń úsh nızamın táriyiplegen. Birinshi nızamǵa muwapıq, denege basqa deneler tásir " +
            "etpese, ol tınıshlıq halın yamasa tuwrı sızıqlı teń ólshewli qozǵalısın saqlaydı. Ekinshi nızam deneniń " +
            "tezleniwi oǵan tásir etiwshi kúshke tuwrı, al massasına keri proporcional ekenin aytadı: \\(F = ma\\).</p>",
        ),
      },
    ],
  };
}

/**
 * The compounds of the chemistry questions: the name in Uzbek, and as the question "whose formula?"
 * names it in Russian (the genitive, "формула воды") and Karakalpak (with the genitive ending, "suwdıń formulası").
 */
const COMPOUNDS: { formula: string; name: string; whose: { ru: string; kaa: string }; molarMass: number }[] = [
  { formula: "H<sub>2</sub>O", name: "suv", whose: { ru: "воды", kaa: "suwdıń" }, molarMass: 18 },
  { formula: "CO<sub>2</sub>", name: "karbonat angidrid", whose: { ru: "углекислого газа", kaa: "kómirqıshqıl gazdıń" }, molarMass: 44 },
  { formula: "O<sub>2</sub>", name: "kislorod", whose: { ru: "кислорода", kaa: "kislorodtıń" }, molarMass: 32 },
  { formula: "NaCl", name: "osh tuzi", whose: { ru: "поваренной соли", kaa: "as duzınıń" }, molarMass: 58 },
  { formula: "CH<sub>4</sub>", name: "metan", whose: { ru: "метана", kaa: "metannıń" }, molarMass: 16 },
  { formula: "NH<sub>3</sub>", name: "ammiak", whose: { ru: "аммиака", kaa: "ammiaktıń" }, molarMass: 17 },
  {
    formula: "H<sub>2</sub>SO<sub>4</sub>",
    name: "sulfat kislota",
    whose: { ru: "серной кислоты", kaa: "kúkirt kislotasınıń" },
    molarMass: 98,
  },
  { formula: "CaCO<sub>3</sub>", name: "kalsiy karbonat", whose: { ru: "карбоната кальция", kaa: "kalciy karbonattıń" }, molarMass: 100 },
  { formula: "HCl", name: "xlorid kislota", whose: { ru: "соляной кислоты", kaa: "xlorid kislotanıń" }, molarMass: 36 },
  { formula: "N<sub>2</sub>", name: "azot", whose: { ru: "азота", kaa: "azottıń" }, molarMass: 28 },
  { formula: "NaOH", name: "natriy gidroksid", whose: { ru: "гидроксида натрия", kaa: "natriy gidroksidtiń" }, molarMass: 40 },
  { formula: "MgO", name: "magniy oksidi", whose: { ru: "оксида магния", kaa: "magniy oksidiniń" }, molarMass: 40 },
];

const capitalised = (s: string): string => `${s[0].toUpperCase()}${s.slice(1)}`;

function kimyo(grade: number): Built {
  const drafts: Draft[] = [];
  COMPOUNDS.forEach((c, i) => {
    const others = COMPOUNDS.filter((o) => o.formula !== c.formula);
    drafts.push({
      difficulty: "easy",
      text: tr(
        `<p>${capitalised(c.name)}ning kimyoviy formulasi qaysi?</p>`,
        `<p>Какова химическая формула ${c.whose.ru}?</p>`,
        `<p>${capitalised(c.whose.kaa)} ximiyalıq formulası qaysı?</p>`,
      ),
      correct: c.formula,
      wrong: [others[(i + grade) % others.length], others[(i + 3) % others.length], others[(i + 7) % others.length]]
        .map((o) => o.formula)
        .filter((f, j, all) => all.indexOf(f) === j),
    });
    drafts.push({
      difficulty: "medium",
      text: tr(
        `<p>${c.formula} ning molyar massasini toping (g/mol).</p>`,
        `<p>Найдите молярную массу ${c.formula} (г/моль).</p>`,
        `<p>${c.formula} molyar massasın tabıń (g/mol).</p>`,
      ),
      ...near(c.molarMass, MOLAR_MASS),
    });
    const moles = 2 + ((i + grade) % 4);
    drafts.push({
      difficulty: "hard",
      text: tr(
        `<p>${moles} mol ${c.formula} ning massasini toping: \\(m = n \\cdot M\\).</p>`,
        `<p>Найдите массу ${moles} моль ${c.formula}: \\(m = n \\cdot M\\).</p>`,
        `<p>${moles} mol ${c.formula} massasın tabıń: \\(m = n \\cdot M\\).</p>`,
      ),
      ...near(moles * c.molarMass, GRAM),
    });
  });
  return { drafts, readingTexts: [] };
}

const BIOLOGY_FACTS: { difficulty: DifficultyName; text: Tr; correct: Choice; wrong: Choice[] }[] = [
  {
    difficulty: "easy",
    text: tr(
      "Fotosintez o'simlikning qaysi qismida asosan boradi?",
      "В какой части растения в основном происходит фотосинтез?",
      "Fotosintez ósimliktiń qaysı bóleginde tiykarınan júredi?",
    ),
    correct: tr("Bargda", "В листьях", "Japıraqta"),
    wrong: [tr("Ildizda", "В корнях", "Tamırda"), tr("Gulda", "В цветках", "Gúlde"), tr("Urug'da", "В семенах", "Tuqımda")],
  },
  {
    difficulty: "easy",
    text: tr("Odam yuragi nechta kameradan iborat?", "Сколько камер в сердце человека?", "Adam júregi neshe kameradan ibarat?"),
    correct: "4",
    wrong: ["2", "3", "5"],
  },
  {
    difficulty: "easy",
    text: tr("Qaysi organ qonni tozalaydi?", "Какой орган очищает кровь?", "Qaysı organ qandı tazalaydı?"),
    correct: tr("Buyrak", "Почки", "Búyrek"),
    wrong: [tr("O'pka", "Лёгкие", "Ókpe"), tr("Oshqozon", "Желудок", "Asqazan"), tr("Yurak", "Сердце", "Júrek")],
  },
  {
    difficulty: "easy",
    text: tr(
      "Hujayraning irsiy axborotini saqlovchi qismi qaysi?",
      "Какая часть клетки хранит наследственную информацию?",
      "Kletkanıń násillik maǵlıwmatın saqlawshı bólegi qaysı?",
    ),
    correct: tr("Yadro", "Ядро", "Yadro"),
    wrong: [tr("Membrana", "Мембрана", "Membrana"), tr("Vakuola", "Вакуоль", "Vakuola"), tr("Ribosoma", "Рибосома", "Ribosoma")],
  },
  {
    difficulty: "medium",
    text: tr(
      "Fotosintez natijasida qaysi gaz ajraladi?",
      "Какой газ выделяется при фотосинтезе?",
      "Fotosintez nátiyjesinde qaysı gaz bólinip shıǵadı?",
    ),
    correct: "O<sub>2</sub>",
    wrong: ["CO<sub>2</sub>", "N<sub>2</sub>", "H<sub>2</sub>"],
  },
  {
    difficulty: "medium",
    text: tr(
      "Qaysi hayvon sutemizuvchilarga kiradi?",
      "Какое животное относится к млекопитающим?",
      "Qaysı haywan sút emiziwshilerge kiredi?",
    ),
    correct: tr("Delfin", "Дельфин", "Delfin"),
    wrong: [tr("Akula", "Акула", "Akula"), tr("Timsoh", "Крокодил", "Krokodil"), tr("Qurbaqa", "Лягушка", "Qurbaqa")],
  },
  {
    difficulty: "medium",
    text: tr("Odamda nechta juft xromosoma bor?", "Сколько пар хромосом у человека?", "Adamda neshe jup xromosoma bar?"),
    correct: "23",
    wrong: ["22", "46", "24"],
  },
  {
    difficulty: "hard",
    text: tr(
      "DNK molekulasida adeninga qaysi asos komplementar?",
      "Какое азотистое основание комплементарно аденину в молекуле ДНК?",
      "DNK molekulasında adeninge qaysı negiz komplementar?",
    ),
    correct: tr("Timin", "Тимин", "Timin"),
    wrong: [tr("Guanin", "Гуанин", "Guanin"), tr("Sitozin", "Цитозин", "Citozin"), tr("Uratsil", "Урацил", "Uracil")],
  },
  {
    difficulty: "hard",
    text: tr("Mitoxondriyaning asosiy vazifasi nima?", "Какова основная функция митохондрий?", "Mitoxondriyanıń tiykarǵı wazıypası ne?"),
    correct: tr("Energiya (ATF) hosil qilish", "Образование энергии (АТФ)", "Energiya (ATF) payda etiw"),
    wrong: [
      tr("Oqsil sintezi", "Синтез белка", "Belok sintezi"),
      tr("Fotosintez", "Фотосинтез", "Fotosintez"),
      tr("Hujayrani bo'lish", "Деление клетки", "Kletkanı bóliw"),
    ],
  },
  {
    difficulty: "hard",
    text: tr("Qon guruhlarini kim kashf etgan?", "Кто открыл группы крови?", "Qan toparların kim ashqan?"),
    correct: tr("K. Landshteyner", "К. Ландштейнер", "K. Landshteyner"),
    wrong: [
      tr("L. Paster", "Л. Пастер", "L. Paster"),
      tr("Ch. Darvin", "Ч. Дарвин", "Ch. Darvin"),
      tr("G. Mendel", "Г. Мендель", "G. Mendel"),
    ],
  },
];

function biologiya(grade: number): Built {
  const k = grade - 4;
  const drafts: Draft[] = BIOLOGY_FACTS.map((f) => ({
    ...f,
    text: tr(`<p>${f.text.uz}</p>`, `<p>${f.text.ru}</p>`, `<p>${f.text.kaa}</p>`),
  }));
  for (let i = 1; i <= 8; i++) {
    const beats = 60 + 2 * i + k;
    drafts.push({
      difficulty: "easy",
      text: tr(
        `<p>Yurak bir daqiqada ${beats} marta ursa, ${i + 1} daqiqada necha marta uradi?</p>`,
        `<p>Сердце сокращается с частотой ${beats} уд./мин. Сколько ударов оно сделает за ${i + 1} мин?</p>`,
        `<p>Júrek bir minutta ${beats} ret soqsa, ${i + 1} minutta neshe ret soǵadı?</p>`,
      ),
      ...near(beats * (i + 1)),
    });
  }
  for (let i = 1; i <= 9; i++) {
    const cells = 2 ** (i % 5);
    drafts.push({
      difficulty: "medium",
      text: tr(
        `<p>Bitta hujayra har soatda ikkiga bo'linadi. ${cells} ta hujayradan ${k} soatdan keyin nechta hujayra hosil bo'ladi?</p>`,
        `<p>Каждая клетка делится надвое раз в час. Сколько клеток получится из ${cells} ${cells === 1 ? "клетки" : "клеток"} через ${k} ч?</p>`,
        `<p>Bir kletka hár saatta ekige bólinedi. ${cells} kletkadan ${k} saattan keyin neshe kletka payda boladı?</p>`,
      ),
      ...near(cells * 2 ** k),
    });
  }
  for (let i = 1; i <= 9; i++) {
    const n = 10 * i + k;
    drafts.push({
      difficulty: "hard",
      text: tr(
        `<p>Irsiyat qonuniga ko'ra \\(Aa \\times Aa\\) chatishtirishda ${4 * n} ta avloddan taxminan nechtasi retsessiv belgili (aa) bo'ladi?</p>`,
        `<p>Согласно законам наследственности, сколько из ${4 * n} потомков от скрещивания \\(Aa \\times Aa\\) будут иметь рецессивный признак (aa)? Ответ дайте приблизительно.</p>`,
        `<p>Násillik nızamına muwapıq, \\(Aa \\times Aa\\) shaǵılıstırıwda ${4 * n} áwladtan shama menen neshewi recessiv belgili (aa) boladı?</p>`,
      ),
      ...near(n),
    });
  }
  drafts.push({
    difficulty: "easy",
    readingText: "suv",
    text: tr(
      "<p>Matnga ko'ra, odam tanasining qancha qismi suvdan iborat?</p>",
      "<p>Согласно тексту, какую часть тела человека составляет вода?</p>",
      "<p>Tekstke muwapıq, adam denesiniń qansha bólegi suwdan ibarat?</p>",
    ),
    correct: tr("Taxminan 60 %", "Около 60 %", "Shama menen 60 %"),
    wrong: [
      tr("Taxminan 10 %", "Около 10 %", "Shama menen 10 %"),
      tr("Taxminan 30 %", "Около 30 %", "Shama menen 30 %"),
      tr("Taxminan 95 %", "Около 95 %", "Shama menen 95 %"),
    ],
  });
  drafts.push({
    difficulty: "easy",
    readingText: "suv",
    text: tr(
      "<p>Suv molekulasining formulasi qaysi?</p>",
      "<p>Какова формула молекулы воды?</p>",
      "<p>Suw molekulasınıń formulası qaysı?</p>",
    ),
    correct: "H<sub>2</sub>O",
    wrong: ["HO<sub>2</sub>", "H<sub>2</sub>O<sub>2</sub>", "OH"],
  });
  return {
    drafts,
    readingTexts: [
      {
        key: "suv",
        text: tr(
          "<p>Suv (H<sub>2</sub>O) — hayot manbai. Katta yoshdagi odam tanasining taxminan 60 foizi suvdan iborat. " +
            "Suv moddalarni eritadi, tana haroratini boshqaradi va hujayralarga oziq moddalarni yetkazadi.</p>",
          "<p>Вода (H<sub>2</sub>O) — источник жизни. Тело взрослого человека примерно на 60 % состоит из воды. " +
            "Вода растворяет вещества, регулирует температуру тела и доставляет клеткам питательные вещества.</p>",
          "<p>Suw (H<sub>2</sub>O) — ómir deregi. Eresek adam denesiniń shama menen 60 procenti suwdan ibarat. " +
            "Suw zatlardı eritedi, dene temperaturasın basqaradı hám kletkalarǵa azıqlıq zatlardı jetkerip beredi.</p>",
        ),
      },
    ],
  };
}

const BUILDERS: Record<string, (grade: number) => Built> = {
  Matematika: matematika,
  Fizika: fizika,
  Kimyo: kimyo,
  Biologiya: biologiya,
};

/** The bank's other languages: Russian and Karakalpak, given with every question and reading text. */
const OTHER_LANGUAGES = [
  { language: 1, key: "ru" },
  { language: 2, key: "kaa" },
] as const;

/** Whether the demo has a bank for a subject of this name: the camp's four, not an organiser's own. */
export const hasDemoBank = (name: string): boolean => Object.hasOwn(BUILDERS, name);

/** The bank of one subject of one grade, in the import form the organiser's API takes: Uzbek, with Russian and Karakalpak. */
export function demoQuestionBank({ subjectId, name, grade }: { subjectId: number; name: string; grade: number }): QuestionImportInput {
  const { drafts, readingTexts } = BUILDERS[name](grade);
  return {
    subjectId,
    readingTexts: readingTexts.map((r) => ({
      key: r.key,
      text: r.text.uz,
      also: OTHER_LANGUAGES.map(({ language, key }) => ({ language, text: r.text[key] })),
    })),
    questions: drafts.map((d) => {
      const choices = [d.correct, ...d.wrong];
      return {
        difficulty: d.difficulty,
        text: d.text.uz,
        ...(d.readingText ? { readingText: d.readingText } : {}),
        choices: choices.map((c, j) => ({ text: say(c, "uz"), correct: j === 0 })),
        also: OTHER_LANGUAGES.map(({ language, key }) => ({ language, text: d.text[key], choices: choices.map((c) => say(c, key)) })),
      };
    }),
  };
}
