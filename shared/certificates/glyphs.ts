// The characters the certificate's bundled fonts draw (Noto Sans: Latin, Latin Extended,
// Cyrillic, Cyrillic Extended; the subsets' ranges as Fontsource cuts them). Names are held to
// them at registration, and the renderer draws nothing else, so it never meets a glyph it lacks
// and never asks the network for one (next/og would fetch it from a font service).
const COVERED =
  "\\u0020-\\u007E\\u00A0-\\u024F\\u0250-\\u02BA\\u02BB-\\u02BC\\u02BD-\\u02C7\\u02C8-\\u02CC\\u02CE-\\u02D7\\u02DA\\u02DC-\\u02FF" +
  "\\u0301\\u0304\\u0308\\u0329" +
  "\\u0400-\\u052F\\u1C80-\\u1C8A\\u1D00-\\u1DBF\\u1E00-\\u1E9F\\u1EF2-\\u1EFF\\u2000-\\u206F\\u20A0-\\u20C0\\u2113\\u2116\\u2122" +
  "\\u2191\\u2193\\u2212\\u2215\\u2C60-\\u2C7F\\u2DE0-\\u2DFF\\uA640-\\uA69F\\uA720-\\uA7FF";

/** A whole string of drawable characters. */
export const DRAWABLE_TEXT = new RegExp(`^[${COVERED}]*$`, "u");

const NOT_DRAWABLE = new RegExp(`[^${COVERED}]`, "gu");

/** The text with every character the fonts cannot draw left out. */
export const drawable = (text: string) => text.replace(NOT_DRAWABLE, "");
