// The certificate as the verification page shows it: the same content as the PNG, in HTML.
import type { Certificate } from "@/lib/certificates/certificates";
import { getLocalName, getMessages } from "@/lib/i18n/server";

export async function CertificateCard({ certificate }: { certificate: Certificate }) {
  const messages = await getMessages();
  const texts = messages.certificate;
  const local = await getLocalName();
  return (
    <article
      data-testid="certificate"
      className="w-full rounded-2xl border-[6px] border-primary-900 bg-slate-50 px-4 py-6 text-center shadow-sm sm:px-10 sm:py-10"
    >
      <p className="text-xs font-bold uppercase tracking-widest text-primary-900 sm:text-sm">{messages.app.title}</p>
      <p className="mt-3 text-3xl font-bold tracking-[0.3em] text-amber-700 sm:text-5xl">{texts.heading}</p>
      <p className="mt-3 text-sm text-slate-600 sm:text-base">{texts.lead}</p>
      <p data-testid="full-name" className="mt-2 break-words text-2xl font-bold text-slate-900 sm:text-4xl">
        {certificate.fullName}
      </p>
      <p className="mx-auto mt-3 max-w-lg text-sm text-slate-700 sm:text-base">
        {texts.participation({ grade: certificate.grade, subject: local(certificate.subjectName) })}
      </p>
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <div className="text-left">
          <p className="text-xs text-slate-500">{texts.issued}</p>
          <p data-testid="issue-date" className="text-lg font-bold text-slate-900">
            {certificate.issueDate}
          </p>
        </div>
        <p data-testid="verified" className="-rotate-6 rounded-full border-4 border-green-700 px-4 py-1 text-lg font-bold text-green-700">
          {texts.verified}
        </p>
      </div>
    </article>
  );
}
