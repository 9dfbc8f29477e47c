// Full-width result panels: success, info, warning, error, 403, 404, 500.
import type { ReactNode } from "react";

type Status = "success" | "info" | "warning" | "error" | "403" | "404" | "500";

const tone: Record<Status, { ring: string; icon: string; glyph: string }> = {
  success: { ring: "bg-green-100 text-green-700", icon: "✓", glyph: "success" },
  info: { ring: "bg-primary-100 text-primary-700", icon: "i", glyph: "info" },
  warning: { ring: "bg-amber-100 text-amber-700", icon: "!", glyph: "warning" },
  error: { ring: "bg-red-100 text-red-700", icon: "✕", glyph: "error" },
  "403": { ring: "bg-amber-100 text-amber-700", icon: "403", glyph: "403" },
  "404": { ring: "bg-slate-200 text-slate-700", icon: "404", glyph: "404" },
  "500": { ring: "bg-red-100 text-red-700", icon: "500", glyph: "500" },
};

type ResultProps = { status: Status; title: ReactNode; subTitle?: ReactNode; extra?: ReactNode };

export function Result({ status, title, subTitle, extra }: ResultProps) {
  const t = tone[status];
  return (
    <section data-result={t.glyph} className="flex flex-col items-center gap-4 px-4 py-10 text-center">
      <div aria-hidden className={`flex size-20 items-center justify-center rounded-full text-2xl font-bold ${t.ring}`}>
        {t.icon}
      </div>
      <h2 className="max-w-md text-lg font-semibold text-slate-900 sm:text-xl">{title}</h2>
      {subTitle && <p className="max-w-md text-sm text-slate-600">{subTitle}</p>}
      {extra && <div className="flex flex-wrap justify-center gap-3">{extra}</div>}
    </section>
  );
}
