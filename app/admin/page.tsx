import type { Metadata } from "next";
import { uz } from "@/lib/i18n/uz";

export const metadata: Metadata = { title: uz.admin.title };

export default function AdminHome() {
  return (
    <div className="mx-auto max-w-3xl rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h1 className="text-xl font-bold">{uz.admin.title}</h1>
      <p className="mt-1 text-sm text-slate-600">{uz.admin.lead}</p>
    </div>
  );
}
