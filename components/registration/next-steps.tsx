// What a paid family does next, on the registration page before the test, rendered by the server:
// when the test is (Tashkent time), that the PIN is given at the test, and the test's language.
import { getMessages } from "@/lib/i18n/server";
import type { NextSteps } from "@/lib/registration/next-steps";
import { formatTashkent } from "@/shared/time";

export async function NextStepsCard({ steps }: { steps: NextSteps }) {
  const messages = await getMessages();
  const texts = messages.registration;
  const language = messages.registration.languageNames[steps.language];
  return (
    <section aria-labelledby="next-steps-title" className="mx-auto mt-2 w-full max-w-md text-sm" data-testid="next-steps">
      <h2 id="next-steps-title" className="font-semibold text-slate-900">
        {texts.nextStepsTitle}
      </h2>
      <ol className="mt-1 flex list-decimal flex-col gap-1 pl-5 text-slate-700">
        <li data-testid="next-steps-when">
          {steps.test
            ? texts.nextStepsWhen({ from: formatTashkent(steps.test.openedAt), to: formatTashkent(steps.test.closedAt) })
            : texts.nextStepsWhenUnset}
        </li>
        <li data-testid="next-steps-pin">{texts.nextStepsPin}</li>
        <li data-testid="next-steps-language">{texts.nextStepsLanguage({ language })}</li>
      </ol>
    </section>
  );
}
