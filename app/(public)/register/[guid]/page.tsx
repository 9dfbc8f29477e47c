import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { OfferText } from "@/components/registration/offer-text";
import { RegistrationView } from "@/components/registration/registration-view";
import { Card } from "@/components/ui/card";
import { getLocale, getMessages } from "@/lib/i18n/server";
import { paymentOptions } from "@/lib/payments/links";
import { registrationCredentials } from "@/lib/payments/service";
import { loadReferenceData } from "@/lib/reference/queries";
import { getRegisterStatus, getRegistrationDetails } from "@/lib/registration/registration";
import { uuid } from "@/shared/validation/fields";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const messages = await getMessages();
  return {
    title: messages.registration.pageTitle,
    robots: { index: false, follow: false },
  };
}

type Props = {
  params: Promise<{ guid: string }>;
  searchParams: Promise<{ registerSuccess?: string }>;
};

export default async function RegistrationPage({ params, searchParams }: Props) {
  const messages = await getMessages();
  const { guid: raw } = await params;
  const parsed = uuid.safeParse(raw);
  if (!parsed.success) notFound();
  const guid = parsed.data.toLowerCase();
  const { registerSuccess } = await searchParams;

  const [status, details, reference, credentials] = await Promise.all([
    getRegisterStatus({ guid }),
    getRegistrationDetails({ guid }),
    loadReferenceData({ locale: await getLocale() }),
    registrationCredentials(guid),
  ]);

  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col px-3 py-6 sm:px-6 sm:py-10">
      <header className="mb-5 text-center">
        <div className="mb-3 flex justify-end">
          <LanguageSwitcher />
        </div>
        <p className="text-sm font-semibold uppercase tracking-wide text-primary-700">{messages.app.title}</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{messages.registration.pageTitle}</h1>
      </header>
      <Card>
        <RegistrationView
          guid={guid}
          offer={<OfferText />}
          registerSuccess={registerSuccess === "true"}
          initialStatus={status}
          initialDetails={details}
          reference={reference}
          payment={paymentOptions({ guid, amountSom: status.amountToPay })}
          credentials={credentials}
        />
      </Card>
    </main>
  );
}
