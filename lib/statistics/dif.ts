// Differential item functioning between two groups of pupils by the Mantel–Haenszel procedure
// (Holland & Thayer 1988, "Differential item performance and the Mantel–Haenszel procedure", in
// Wainer & Braun, Test Validity), classified A, B or C by the ETS rules (Zwick 2012, "A review of
// ETS differential item functioning assessment procedures", ETS Research Report RR-12-08). Here the
// groups are a question's language versions: pupils who answered it in the reference language and
// in another, matched on their score. Pure, on plain arrays: lib/statistics/analysis.ts feeds it.
import "server-only";

/** One pupil's answer to the studied question: their group, their matching score (the stratum), right or not. */
export type DifAnswer = { focal: boolean; stratum: number; correct: boolean };

export type EtsClass = "A" | "B" | "C";

export type MantelHaenszel = {
  /** Pupils of each group in strata that hold both groups (the others carry no comparison). */
  reference: number;
  focal: number;
  /** The common odds ratio α_MH: above 1 the reference group does better than matched focal pupils. */
  alpha: number | null;
  /** MH D-DIF = −2.35 ln α_MH, on ETS's delta scale: negative when the question is harder for the focal group. */
  delta: number | null;
  /** Its standard error: 2.35 × the Robins–Breslow–Greenland (1986) standard error of ln α_MH. */
  deltaSe: number | null;
  /** The MH chi-square with the continuity correction (1 degree of freedom). */
  chiSquare: number | null;
  etsClass: EtsClass | null;
};

/** χ²(1) at the 5 % level, two-sided; and the one-sided normal 5 % point. */
const CHI_SQUARE_05 = 3.841;
const Z_ONE_SIDED_05 = 1.645;

/**
 * Zwick (2012), ETS's classes:
 * A — |MH D-DIF| < 1, or not significantly different from 0 (the MH chi-square at the 5 % level);
 * C — |MH D-DIF| ≥ 1.5 and significantly greater than 1 (one-sided at 5 %: (|D| − 1) / SE > 1.645);
 * B — otherwise.
 */
export function etsClass({ delta, deltaSe, chiSquare }: { delta: number; deltaSe: number; chiSquare: number }): EtsClass {
  const size = Math.abs(delta);
  if (size < 1 || chiSquare < CHI_SQUARE_05) return "A";
  if (size >= 1.5 && (size - 1) / deltaSe > Z_ONE_SIDED_05) return "C";
  return "B";
}

/**
 * The Mantel–Haenszel statistics of one question. In stratum k, with A_k / B_k the reference
 * group's right / wrong, C_k / D_k the focal group's, N_k all of them:
 *   α_MH = Σ A_k D_k / N_k ÷ Σ B_k C_k / N_k,
 *   χ²_MH = (|Σ A_k − Σ E(A_k)| − ½)² / Σ Var(A_k), E(A_k) = n_Rk m_1k / N_k,
 *   Var(A_k) = n_Rk n_Fk m_1k m_0k / (N_k² (N_k − 1)),
 * n_R, n_F the groups' sizes and m_1, m_0 the right and wrong answers. A stratum with one group
 * only, or fewer than two pupils, compares nothing and is left out. Null figures when one group
 * never does better than the other in any stratum (α is 0 or infinite).
 */
export function mantelHaenszel(answers: readonly DifAnswer[]): MantelHaenszel {
  const strata = new Map<number, { a: number; b: number; c: number; d: number }>();
  for (const { focal, stratum, correct } of answers) {
    const cell = strata.get(stratum) ?? { a: 0, b: 0, c: 0, d: 0 };
    if (focal) correct ? cell.c++ : cell.d++;
    else correct ? cell.a++ : cell.b++;
    strata.set(stratum, cell);
  }
  let reference = 0;
  let focal = 0;
  let R = 0;
  let S = 0;
  let observed = 0;
  let expected = 0;
  let variance = 0;
  // Robins, Breslow & Greenland (1986): Var(ln α) = Σ P R / 2R² + Σ (P S + Q R) / 2RS + Σ Q S / 2S².
  let pr = 0;
  let psqr = 0;
  let qs = 0;
  for (const { a, b, c, d } of strata.values()) {
    const nR = a + b;
    const nF = c + d;
    const N = nR + nF;
    if (nR === 0 || nF === 0 || N < 2) continue;
    reference += nR;
    focal += nF;
    const m1 = a + c;
    const m0 = b + d;
    const r = (a * d) / N;
    const s = (b * c) / N;
    const p = (a + d) / N;
    const q = (b + c) / N;
    R += r;
    S += s;
    pr += p * r;
    psqr += p * s + q * r;
    qs += q * s;
    observed += a;
    expected += (nR * m1) / N;
    variance += (nR * nF * m1 * m0) / (N * N * (N - 1));
  }
  const none = { reference, focal, alpha: null, delta: null, deltaSe: null, chiSquare: null, etsClass: null };
  if (R === 0 || S === 0 || variance === 0) return none;
  const alpha = R / S;
  const delta = -2.35 * Math.log(alpha);
  const deltaSe = 2.35 * Math.sqrt(pr / (2 * R * R) + psqr / (2 * R * S) + qs / (2 * S * S));
  const chiSquare = Math.max(0, Math.abs(observed - expected) - 0.5) ** 2 / variance;
  return { reference, focal, alpha, delta, deltaSe, chiSquare, etsClass: etsClass({ delta, deltaSe, chiSquare }) };
}
