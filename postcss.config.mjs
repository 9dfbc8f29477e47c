// Tailwind; and KaTeX's fonts swapped in rather than blocking (KaTeX ships font-display: block,
// which on 3G hides a formula for up to three seconds: a fallback font shows it at once instead).
export default {
  plugins: {
    "@tailwindcss/postcss": {},
    "postcss-font-display": { display: "swap", replace: true },
  },
};
