import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { uz } from "@/lib/i18n/uz";

export const metadata: Metadata = { title: uz.organiser.title };

export default function OrganiserHome() {
  return (
    <Card className="mx-auto max-w-3xl">
      <h1 className="text-xl font-bold">{uz.organiser.title}</h1>
      <p className="mt-1 text-sm text-slate-600">{uz.organiser.lead}</p>
    </Card>
  );
}
