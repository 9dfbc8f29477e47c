import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { FamilyResultPanel, ParentAppealsPanel } from "@/components/appeals/parent-appeals-panel";
import { InvitationCard } from "@/components/invitations/invitation-card";
import { NextStepsCard } from "@/components/registration/next-steps";
import { OfferText } from "@/components/registration/offer-text";
import { ReceiptLine } from "@/components/registration/receipt-line";
import { RegistrationPeriod } from "@/components/registration/registration-period";
import { RegistrationView } from "@/components/registration/registration-view";
import { ReturningCard } from "@/components/registration/returning-card";
import { PublicFrame } from "@/components/shell/public-frame";
import { Card } from "@/components/ui/card";
import { appealsView } from "@/lib/appeals/appeals";
import { familyResult } from "@/lib/appeals/family-result";
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { getLocale, getMessages } from "@/lib/i18n/server";
import { invitationOf } from "@/lib/invitations/view";
import { receiptOfRegistration } from "@/lib/payments/fiscal";
import { paymentOptions } from "@/lib/payments/links";
import { registrationCredentials } from "@/lib/payments/service";
import { loadReferenceData } from "@/lib/reference/queries";
import { nextSteps } from "@/lib/registration/next-steps";
import { getRegisterStatus, getRegistrationDetails } from "@/lib/registration/registration";
import { returningDetails, returningOffer } from "@/lib/registration/returning";
import { registeringSeason, registrationWindow } from "@/lib/seasons/seasons";
import { RegistrationStatus } from "@/shared/registration/status";
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
  /** `from`: last season's link of the same family, whose details a returning pupil's form starts from. */
  searchParams: Promise<{ registerSuccess?: string; from?: string }>;
};

export default async function RegistrationPage({ params, searchParams }: Props) {
  const messages = await getMessages();
  const { guid: raw } = await params;
  const parsed = uuid.safeParse(raw);
  if (!parsed.success) notFound();
  const guid = parsed.data.toLowerCase();
  const { registerSuccess, from } = await searchParams;
  const locale = await getLocale();

  const [status, saved, reference, credentials, season, registering] = await Promise.all([
    getRegisterStatus({ guid }),
    getRegistrationDetails({ guid }),
    loadReferenceData({ locale }),
    registrationCredentials(guid),
    registrationWindow(guid),
    registeringSeason(),
  ]);
  const returningFrom = uuid.safeParse(from);
  const details = saved ?? (returningFrom.success && season ? await returningDetails(returningFrom.data.toLowerCase(), season) : null);
  // After the test, the parent's appeals (asked only once paid: most visits are the registration's own).
  const paid = status.status === RegistrationStatus.Paid;
  const at = now();
  const [appeals, family, receipt, steps, returning, invitation] = paid
    ? await Promise.all([
        appealsView({ guid }, locale, at),
        familyResult(guid, at),
        receiptOfRegistration(guid),
        nextSteps(guid, at),
        returningOffer(guid, registering),
        status.userId === null ? null : invitationOf(db, status.userId, at),
      ])
    : [null, null, null, null, null, null];

  // Outside its season's period an unpaid link (or a new one) says when, and takes nothing; a paid one works on.
  if (!paid && season?.phase !== "open") {
    return (
      <PublicFrame title={messages.registration.pageTitle} width="narrow">
        <Card>
          <RegistrationPeriod season={season} />
        </Card>
      </PublicFrame>
    );
  }

  return (
    <PublicFrame title={messages.registration.pageTitle} width="narrow">
      <Card>
        <RegistrationView
          guid={guid}
          offer={<OfferText season={season} />}
          registerSuccess={registerSuccess === "true"}
          initialStatus={status}
          initialDetails={details}
          reference={reference}
          payment={await paymentOptions({ guid, amountSom: status.amountToPay })}
          credentials={credentials}
          tested={family !== null}
          receipt={receipt && <ReceiptLine receipt={receipt} />}
          nextSteps={steps && !family && <NextStepsCard steps={steps} />}
        />
      </Card>
      {/* The camp's invitation before the result: what the family must do next, and by when. */}
      {invitation && <InvitationCard guid={guid} initial={invitation} />}
      {(appeals || family) && (
        <Card as="section" aria-labelledby="parent-appeals" className="mt-4" data-testid="parent-appeals">
          <h2 id="parent-appeals" className="text-xl font-bold text-slate-900">
            {messages.appeals.parentTitle}
          </h2>
          {family && (
            <div className="mt-4">
              <FamilyResultPanel family={family} appeals={appeals} />
            </div>
          )}
          {appeals && (
            <>
              {/* "You may appeal" only while one may: afterwards the panel says the period has ended. */}
              {appeals.open && <p className="mt-4 text-sm text-slate-600">{messages.appeals.parentLead}</p>}
              <div className="mt-4 border-t border-slate-200 pt-4">
                <ParentAppealsPanel source={{ kind: "parent", guid }} initial={appeals} headingLevel={3} />
              </div>
            </>
          )}
        </Card>
      )}
      {returning && <ReturningCard guid={guid} returning={returning} />}
    </PublicFrame>
  );
}
