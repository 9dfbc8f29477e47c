// The theme's button look, for buttons and for links and plain form buttons styled as one. No
// hooks here: server pages use it too.
export type Variant = "primary" | "secondary" | "ghost" | "danger";
/** compact: a small one in a row of many (a table's actions); still a 32 px target. */
export type Size = "regular" | "compact";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg text-sm font-semibold " +
  "transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 " +
  "disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50";

const variants: Record<Variant, string> = {
  primary: "bg-primary-600 text-white hover:bg-primary-700",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  ghost: "text-primary-700 hover:bg-primary-50",
  danger: "bg-red-600 text-white hover:bg-red-700",
};

// A size is its own classes, never a second min-h or padding in className: joined (not merged),
// the stylesheet's order would decide which of two wins, not the order written.
const sizes: Record<Size, string> = {
  regular: "min-h-11 px-4 py-2",
  compact: "min-h-8 px-3 py-1",
};

export function buttonClass(variant: Variant = "primary", className = "", size: Size = "regular") {
  return `${base} ${sizes[size]} ${variants[variant]} ${className}`;
}

export function Spinner() {
  return <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />;
}
