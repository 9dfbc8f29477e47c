import Link from "next/link";
import { Card } from "@/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocalName, getMessages } from "@/lib/i18n/server";
import { som, wordOf } from "@/lib/i18n/words";
import { foundOr404, organiserPage } from "@/lib/identity/page-guards";
import { guidParams } from "@/lib/registration/schema";
import { registrationDetail } from "@/lib/registration/search";
import { gradeAndSubject } from "@/shared/i18n/words";
import { formatTashkent } from "@/shared/time";

export const generateMetadata = consoleTitle((messages) => messages.registrations.title);

type Props = { params: Promise<{ guid: string }> };

const fromMs = (ms: number | null) => (ms ? formatTashkent(new Date(ms).toISOString(), { seconds: true }) : "—");

export default async function RegistrationPage({ params }: Props) {
  const { params: route } = await organiserPage(params, guidParams);
  const { registration: r, payments, events } = await foundOr404(registrationDetail({ guid: route.guid.toLowerCase() }));
  const [organiserMessages, messages, local] = await Promise.all([getOrganiserMessages(), getMessages(), getLocalName()]);
  const texts = organiserMessages.registrations;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Link href="/admin/registrations" className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline">
        ← {texts.back}
      </Link>
      <Card>
        <h1 className="text-xl font-bold">{r.fullName || r.guid}</h1>
        <p className="mt-1 font-mono text-xs text-slate-500">{r.guid}</p>
        <p className="mt-2 text-sm">
          {wordOf(texts.statuses, r.status)} · {som(organiserMessages, r.amountSom)} ·{" "}
          {gradeAndSubject(messages, r.grade, r.subjectName && local(r.subjectName))} · {r.districtName ? local(r.districtName) : "—"}
          {r.phoneNumber && ` · +998 ${r.phoneNumber}`}
        </p>
        {r.userId && (
          <Link href={`/admin/pupils/${r.userId}`} className="mt-2 inline-block text-sm font-medium text-primary-700 underline">
            {organiserMessages.pupils.title} →
          </Link>
        )}
      </Card>
      <Card>
        <h2 className="mb-2 font-semibold">{texts.payments}</h2>
        {payments.length === 0 ? (
          <p className="text-sm text-slate-500">{texts.noPayments}</p>
        ) : (
          <Table>
            <THead>
              <tr>
                <TH>{texts.provider}</TH>
                <TH>{texts.transaction}</TH>
                <TH>{texts.amount}</TH>
                <TH>{texts.status}</TH>
                <TH>{texts.createdAt}</TH>
                <TH>{texts.paidAt}</TH>
              </tr>
            </THead>
            <TBody>
              {payments.map((p) => (
                <TR key={p.id}>
                  <TD>{texts.providers[p.provider]}</TD>
                  <TD className="font-mono text-xs">{p.providerTransactionId}</TD>
                  <TD>{som(organiserMessages, p.amountTiyin / 100)}</TD>
                  <TD>{texts.paymentStates[p.state]}</TD>
                  <TD className="whitespace-nowrap">{fromMs(p.createTime)}</TD>
                  <TD className="whitespace-nowrap">{fromMs(p.performTime)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
      <Card>
        <h2 className="mb-2 font-semibold">{texts.events}</h2>
        <Table>
          <THead>
            <tr>
              <TH>{texts.createdAt}</TH>
              <TH>{texts.provider}</TH>
              <TH>{texts.request}</TH>
              <TH>{texts.response}</TH>
            </tr>
          </THead>
          <TBody>
            {events.map((e) => (
              <TR key={e.id}>
                <TD className="whitespace-nowrap">
                  {formatTashkent(e.createdAt, { seconds: true })}
                  <span className="block text-xs text-slate-500">{e.action}</span>
                </TD>
                <TD>{texts.providers[e.provider]}</TD>
                <TD>
                  <pre className="max-w-md overflow-x-auto whitespace-pre-wrap break-all text-[11px]">{e.request}</pre>
                </TD>
                <TD>
                  <pre className="max-w-md overflow-x-auto whitespace-pre-wrap break-all text-[11px]">{e.response}</pre>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </Card>
    </div>
  );
}
