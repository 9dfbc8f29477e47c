// The notices shown now, newest first as the server lists them, each with its "withdraw".
"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { showError } from "@/components/ui/show-error";
import { toast } from "@/components/ui/toast";
import type { Notice } from "@/lib/incidents/incidents";
import { api } from "@/shared/http/client";
import { formatTashkent } from "@/shared/time";

export function CurrentNotices({ notices }: { notices: Notice[] }) {
  const texts = useOrganiserMessages().incidents;
  const router = useRouter();
  const [withdrawing, setWithdrawing] = useState<number | null>(null);
  const withdraw = async (noticeId: number) => {
    setWithdrawing(noticeId);
    try {
      await api(`/admin/notices/${noticeId}`, { method: "DELETE" });
      toast.success(texts.withdrawn, { id: "notice" });
      router.refresh();
    } catch (error) {
      showError(error);
    } finally {
      setWithdrawing(null);
    }
  };
  return (
    <>
      <h3 className="mt-6 text-base font-semibold">{texts.current}</h3>
      {notices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{texts.none}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2" data-testid="current-notices">
          {notices.map((notice) => (
            <li
              key={notice.noticeId}
              className="flex flex-wrap items-start justify-between gap-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200"
            >
              <div className="min-w-0 flex-1 text-sm">
                <span className="mr-2 font-mono text-xs text-slate-600">{formatTashkent(notice.createdAt)}</span>
                {notice.texts.uz}
              </div>
              <Button
                variant="secondary"
                className="min-h-9 px-3"
                pending={withdrawing === notice.noticeId}
                onClick={() => void withdraw(notice.noticeId)}
              >
                {texts.withdraw}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
