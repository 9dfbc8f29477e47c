// The pupil's login and password on the paid registration page, each with a copy button.

import { useMessages } from "@/components/i18n/messages";
import { LinkButton } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import type { Credentials } from "@/lib/payments/types";

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  const messages = useMessages();
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="min-w-0 flex-1">
        <p className="text-xs text-slate-500">{label}</p>
        <p data-testid={testId} className="break-all font-mono text-lg font-semibold text-slate-900">
          {value}
        </p>
      </div>
      <CopyButton value={value} label={`${label}: ${messages.common.copy}`} testId={`copy-${testId}`} />
    </div>
  );
}

/** paid: just paid (the page the payment returned to), said before anything else. */
export function CredentialsCard({ credentials, paid }: { credentials: Credentials; paid: boolean }) {
  const messages = useMessages();
  const texts = messages.registration;
  return (
    <section aria-labelledby="credentials-title" className="mx-auto flex w-full max-w-md flex-col gap-3">
      {paid && (
        <p className="text-sm font-semibold text-green-800" data-testid="paid">
          ✓ {texts.paid}
        </p>
      )}
      <h2 id="credentials-title" className="text-lg font-semibold text-slate-900">
        {texts.credentialsTitle}
      </h2>
      <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950">
        {texts.credentialsLead}
      </p>
      <Row label={texts.credentialsUsername} value={credentials.username} testId="username" />
      {credentials.password ? (
        <Row label={texts.credentialsPassword} value={credentials.password} testId="password" />
      ) : (
        <p className="text-sm text-amber-800">{texts.passwordUnavailable}</p>
      )}
      {/* The login filled in on the sign-in page; the password is typed, never put in an address. */}
      <LinkButton href={{ pathname: "/login", query: { username: credentials.username } }} className="mt-2">
        {texts.toLogin}
      </LinkButton>
    </section>
  );
}
