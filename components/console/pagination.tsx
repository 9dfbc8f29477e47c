// Previous / next pages of a console list, keeping the search in the address. A server component
// (the console's pages render it).
import Link from "next/link";
import { buttonClass } from "@/components/ui/button-style";
import { getOrganiserMessages } from "@/lib/i18n/organiser";

type Props = { page: number; pageSize: number; total: number; search: Record<string, string | number | undefined> };

export async function Pagination({ page, pageSize, total, search }: Props) {
  const common = (await getOrganiserMessages()).common;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (to: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(search)) if (value !== undefined && value !== "") params.set(key, String(value));
    params.set("page", String(to));
    return `?${params.toString()}`;
  };
  return (
    <nav className="mt-3 flex items-center justify-between gap-2 text-sm text-slate-600" aria-label={common.page({ page, pages })}>
      <span>{common.total({ n: total })}</span>
      <span className="flex items-center gap-2">
        {page > 1 ? (
          <Link className={buttonClass("secondary", "min-h-9 px-3")} href={href(page - 1)}>
            {common.previous}
          </Link>
        ) : null}
        <span className="tabular-nums">{common.page({ page, pages })}</span>
        {page < pages ? (
          <Link className={buttonClass("secondary", "min-h-9 px-3")} href={href(page + 1)}>
            {common.next}
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
