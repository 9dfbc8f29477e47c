// The pupil's login and password on the paid registration page, each with a copy button.

import { useMessages } from "@/components/i18n/messages";
import { LinkButton } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import type { Credentials } from "@/lib/payments/types";

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  const m = useMessages();
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="min-w-0 flex-1">
        <p className="text-xs text-slate-500">{label}</p>
        <p data-testid={testId} className="break-all font-mono text-lg font-semibold text-slate-900">
          {value}
        </p>
      </div>
      <CopyButton value={value} label={`${label}: ${m.common.copy}`} testId={`copy-${testId}`} />
    </div>
  );
}

/** paid: just paid (the page the payment returned to), said before anything else. */
export function CredentialsCard({ credentials, paid }: { credentials: Credentials; paid: boolean }) {
  const m = useMessages();
  const t = m.registration;
  return (
    <section aria-labelledby="credentials-title" className="mx-auto flex w-full max-w-md flex-col gap-3">
      {paid && (
        <p className="text-sm font-semibold text-green-800" data-testid="paid">
          ✓ {t.paid}
        </p>
      )}
      <h2 id="credentials-title" className="text-lg font-semibold text-slate-900">
        {t.credentialsTitle}
      </h2>
      <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950">
        {t.credentialsLead}
      </p>
      <Row label={t.credentialsUsername} value={credentials.username} testId="username" />
      {credentials.password ? (
        <Row label={t.credentialsPassword} value={credentials.password} testId="password" />
      ) : (
        <p className="text-sm text-amber-800">{t.passwordUnavailable}</p>
      )}
      {/* The login filled in on the sign-in page; the password is typed, never put in an address. */}
      <LinkButton href={{ pathname: "/login", query: { username: credentials.username } }} className="mt-2">
        {t.toLogin}
      </LinkButton>
    </section>
  );
}
