// Uzbek Latin → Uzbek Cyrillic, by the standard correspondence (the 1995 alphabet's table). The
// uz-Cyrl catalogue is generated with it once and checked in (scripts/i18n-cyrl.ts), a test holds
// each Cyrillic text to its Latin twin, and names from the database (regions, districts,
// subjects, schools) are shown through it on an uz-Cyrl page.

const APOSTROPHES = "'ʻʼ‘’`";
const VOWELS = "aeiouAEIOUаеиоуўэюяёАЕИОУЎЭЮЯЁ";

/** Words that stay in Latin letters: brands and the codes a pupil types or reads as they are (not
 *  SOATO: the classifier's own name, written СОАТО in Cyrillic). */
const KEPT = new Set(
  [
    ...["Click", "Payme", "PIN", "ID", "JSON", "CSV", "XLSX", "xlsx", "GIFT", "Aiken", "Moodle", "Excel", "QR", "URL"],
    ...["HTML", "MathML", "KaTeX", "LaTeX", "UTC", "SHA", "UTF", "BOM", "ANSWER", "guid", "Guid", "p50", "p99", "img", "alt"],
  ].flat(),
);

/** Loanwords the Cyrillic alphabet writes as Russian does (with ь, к for c), by their Latin form. */
const LOANWORDS: Record<string, string> = {
  parol: "пароль",
  profil: "профиль",
  familya: "фамилия",
  familiya: "фамилия",
  incognito: "инкогнито",
  obekt: "объект",
  obyekt: "объект",
  tranzaksiya: "транзакция",
  lager: "лагерь",
};

const SINGLE: Record<string, string> = {
  a: "а",
  b: "б",
  c: "ц",
  d: "д",
  e: "е",
  f: "ф",
  g: "г",
  h: "ҳ",
  i: "и",
  j: "ж",
  k: "к",
  l: "л",
  m: "м",
  n: "н",
  o: "о",
  p: "п",
  q: "қ",
  r: "р",
  s: "с",
  t: "т",
  u: "у",
  v: "в",
  w: "в",
  x: "х",
  y: "й",
  z: "з",
};

/** Two letters written as one: o' and g' (any apostrophe), sh, ch, and y with a vowel. */
const PAIRS: Record<string, string> = { sh: "ш", ch: "ч", yo: "ё", yu: "ю", ya: "я", ye: "е", ts: "ц" };

const isUpper = (letter: string) => letter !== letter.toLowerCase();
const isLetter = (char: string | undefined) => char !== undefined && /\p{L}/u.test(char);

/** A Cyrillic letter in the case of the Latin it stands for ("Sh" and "SH" are both Ш). */
function cased(cyrillic: string, latin: string): string {
  return isUpper(latin[0]) ? cyrillic.toUpperCase() : cyrillic;
}

/** "-tsa", "-tsak", "-tsangiz" (a verb's t before the conditional's s) and "-tsiz" (a word's t
 *  before the suffix "without"): t and s, not the letter ц. */
function isConditional(text: string, at: number): boolean {
  const previous = text[at - 1];
  return (
    /^ts(a|ak|am|ang|angiz|alar|ada|in|iz|izlik)\b/i.test(text.slice(at)) && (isLetter(previous) || APOSTROPHES.includes(previous ?? "-"))
  );
}

/**
 * Words a body of text needs beyond the everyday ones that every page carries here: kept as they
 * are (a method's author), or loanwords spelled as Russian spells them. The console's catalogues
 * pass theirs when they are generated (lib/i18n/cyrillic.ts), so the browser never loads them.
 */
export type Vocabulary = { kept?: ReadonlySet<string>; loanwords?: Readonly<Record<string, string>> };

function word(text: string, vocabulary: Vocabulary): string {
  if (KEPT.has(text) || vocabulary.kept?.has(text)) return text;
  const loanword = LOANWORDS[text.toLowerCase()] ?? vocabulary.loanwords?.[text.toLowerCase()];
  if (loanword) {
    if (text === text.toUpperCase()) return loanword.toUpperCase();
    return isUpper(text[0]) ? loanword[0].toUpperCase() + loanword.slice(1) : loanword;
  }
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const lower = char.toLowerCase();
    const next = text[i + 1];
    if ((lower === "o" || lower === "g") && next !== undefined && APOSTROPHES.includes(next)) {
      out += cased(lower === "o" ? "ў" : "ғ", char);
      i++;
      continue;
    }
    const pair = PAIRS[`${lower}${next?.toLowerCase() ?? ""}`];
    // yo'q is й and ў, not ё: an o with an apostrophe is ў whatever comes before it.
    const beforeOApostrophe = lower === "y" && next?.toLowerCase() === "o" && APOSTROPHES.includes(text[i + 2] ?? "-");
    if (pair && !beforeOApostrophe && !(pair === "ц" && isConditional(text, i))) {
      out += cased(pair, char);
      i++;
      continue;
    }
    if (APOSTROPHES.includes(char)) {
      // The tutuq belgisi between letters (ma'lumot, san'at) is ъ; any other apostrophe is a quote.
      out += isLetter(text[i - 1]) && isLetter(next) ? "ъ" : char;
      continue;
    }
    if (lower === "e") {
      // e is э at a word's start and after a vowel (eng, poeziya), е elsewhere.
      const previous = out[out.length - 1];
      out += cased(previous === undefined || VOWELS.includes(previous) ? "э" : "е", char);
      continue;
    }
    const single = SINGLE[lower];
    out += single ? cased(single, char) : char;
  }
  return out;
}

/** The text in Uzbek Cyrillic; {placeholders} and the kept words stay as they are. */
export function toCyrillic(latin: string, vocabulary: Vocabulary = {}): string {
  return latin.replace(/\{\w+\}|[\p{L}\d'ʻʼ‘’`]+/gu, (token) => {
    if (token.startsWith("{") || KEPT.has(token) || vocabulary.kept?.has(token)) return token;
    // Apostrophes around a word are quotes; only those inside it are letters.
    const [, lead, body, trail] = token.match(/^(['ʻʼ‘’`]*)(.*?)(['ʻʼ‘’`]*)$/su) ?? ["", "", token, ""];
    const keepTrail = trail && /[oOgG]$/.test(body) ? trail.slice(1) : trail;
    const core = keepTrail === trail ? body : body + trail[0];
    return lead + word(core, vocabulary) + keepTrail;
  });
}
